import {
  DuplicateToolError,
  Tool,
  ToolRegistry,
  TooltypeError,
  UnknownToolError,
  emptySchema,
  registerToolMetadata,
} from "@tooltype/core";
import { toolMetadata } from "./fixtures/tool-metadata.js";

function greet(name: string, greeting = "Hello"): string {
  return `${greeting}, ${name}!`;
}
const greetMetadata = () =>
  toolMetadata(
    "greet",
    { name: { type: "string" }, greeting: { type: "string" } },
    { required: ["name"], description: "Greet someone." },
  );

describe("ToolRegistry", () => {
  it("adds a function with its injected metadata", async () => {
    const tools = new ToolRegistry();
    const [tool] = tools.add(greet, undefined, greetMetadata());
    expect([tool?.name, tool?.description, tool?.source]).toEqual(["greet", "Greet someone.", "native"]);
    expect(await tools.call("greet", { name: "Ada" })).toEqual({ output: "Hello, Ada!", isError: false });
    expect(await tools.call("greet", { name: "Ada", greeting: "Hi" })).toEqual({ output: "Hi, Ada!", isError: false });
  });

  it("refuses a function without metadata, and a class passed instead of an instance", () => {
    const tools = new ToolRegistry();
    const add = (target: object) => Reflect.apply(tools.add, tools, [target]) as Tool[];
    expect(() => add(greet)).toThrow(
      expect.objectContaining({
        code: "TOOL_NOT_TRANSFORMED",
        message: expect.stringContaining("The function greet has no tool metadata"),
      }),
    );
    class Weather {}
    expect(() => add(Weather)).toThrow(/Weather is a class: add an instance of it, tools.add\(new Weather\(…\)\)/);
  });

  it("finds a function's metadata in the sidecar registry, and prefers injected metadata", async () => {
    function shout(text: string): string {
      return text.toUpperCase();
    }
    registerToolMetadata(
      shout,
      undefined,
      toolMetadata("shout", { text: { type: "string" } }, { description: "From the sidecar." }),
    );
    const tools = new ToolRegistry();
    Reflect.apply(tools.add, tools, [shout]);
    expect(tools.get("shout").description).toBe("From the sidecar.");
    expect(await tools.call("shout", { text: "hey" })).toEqual({ output: "HEY", isError: false });

    tools.add(
      shout,
      { replace: true },
      toolMetadata("shout", { text: { type: "string" } }, { description: "Injected." }),
    );
    expect(tools.get("shout").description).toBe("Injected.");
    expect(() => registerToolMetadata(shout, undefined, { v: 2 } as never)).toThrow(/not version-1 tooltype metadata/);
  });

  it("defines hand-built tools; without a schema a tool takes no arguments", async () => {
    const tools = new ToolRegistry();
    const now = tools.define({ name: "now", description: "The time.", impl: () => "12:00" });
    expect(now.schema).toEqual(emptySchema());
    expect(emptySchema()).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(await tools.call("now", {})).toEqual({ output: "12:00", isError: false });
    expect(await tools.call("now", undefined)).toEqual({ output: "12:00", isError: false });
    expect(await tools.call("now", { zone: "UTC" })).toEqual({
      output: JSON.stringify({
        error: "Invalid arguments for now:\n- zone: unexpected property (no properties are allowed here)",
      }),
      isError: true,
    });

    const add = tools.define<{ a: number; b: number }>({
      name: "add",
      description: "Add.",
      schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
      impl: ({ a, b }) => a + b,
    });
    expect(await add.call({ a: 1, b: 2 })).toEqual({ output: "3", isError: false });
  });

  it("defines custom (free-text) tools that receive the raw input", async () => {
    const tools = new ToolRegistry();
    tools.define({
      name: "shell",
      description: "Run a shell command.",
      custom: true,
      impl: (input: string) => `$ ${input}`,
    });
    expect(tools.get("shell").custom).toBe(true);
    expect(await tools.call("shell", "ls -la")).toEqual({ output: "$ ls -la", isError: false });
  });

  it("gets, finds, checks, lists, iterates, counts and removes", () => {
    const tools = new ToolRegistry();
    const a = tools.define({ name: "a", description: "", impl: () => 1 });
    const b = tools.define({ name: "b", description: "", impl: () => 2 });
    expect(tools.get("a")).toBe(a);
    expect(tools.find("b")).toBe(b);
    expect(tools.find("c")).toBeUndefined();
    expect(() => tools.get("c")).toThrow(UnknownToolError);
    expect([tools.has("a"), tools.has("c")]).toEqual([true, false]);
    expect(tools.list()).toEqual([a, b]);
    expect([...tools]).toEqual([a, b]);
    expect(tools.size).toBe(2);
    expect(tools.remove("a")).toBe(true);
    expect(tools.remove("a")).toBe(false);
    expect(tools.remove(new Tool({ name: "b", description: "", impl: () => 0 }))).toBe(false);
    expect(tools.remove(b)).toBe(true);
    expect(tools.size).toBe(0);
  });

  it("throws on a duplicate name unless replace is set", async () => {
    const tools = new ToolRegistry();
    tools.add(greet, undefined, greetMetadata());
    let thrown: unknown;
    try {
      tools.add(greet, undefined, greetMetadata());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DuplicateToolError);
    expect(TooltypeError.isInstance(thrown) && thrown.code).toBe("DUPLICATE_TOOL");
    expect((thrown as Error).message).toContain('A tool named "greet" is already registered');
    expect(() => tools.define({ name: "greet", description: "", impl: () => "x" })).toThrow(DuplicateToolError);

    tools.define({ name: "greet", description: "Replaced.", impl: () => "replaced" }, { replace: true });
    expect(await tools.call("greet", {})).toEqual({ output: "replaced", isError: false });
    tools.add(greet, { replace: true }, greetMetadata());
    expect(tools.get("greet").description).toBe("Greet someone.");
    expect(tools.size).toBe(1);
  });

  it("adds a Tool as is, or a renamed copy", async () => {
    const tools = new ToolRegistry();
    const tool = new Tool({ name: "ping", description: "Ping.", impl: () => "pong" });
    expect(tools.add(tool)).toEqual([tool]);
    const [copy] = tools.add(tool, { name: "ping2", timeoutMs: 100 });
    expect(copy).not.toBe(tool);
    expect([copy?.name, copy?.timeoutMs, tool.timeoutMs]).toEqual(["ping2", 100, undefined]);
    expect(await tools.call("ping2", {})).toEqual({ output: "pong", isError: false });
    expect(() => tools.add(greet, { name: "bad name" }, greetMetadata())).toThrow(/Invalid tool name "bad name"/);
  });

  it("changes version on every add, remove, replace and description or schema change, and only then", async () => {
    const tools = new ToolRegistry();
    const versions = [tools.version];
    const step = () => {
      expect(versions).not.toContain(tools.version);
      versions.push(tools.version);
    };
    const tool = tools.define({ name: "a", description: "", impl: () => 1 });
    step();
    tools.add(greet, undefined, greetMetadata());
    step();
    tools.define({ name: "a", description: "again", impl: () => 2 }, { replace: true });
    step();
    tools.get("a").description = "changed";
    step();
    tools.get("greet").schema = { type: "object" };
    step();
    tools.remove("greet");
    step();

    const unchanged = tools.version;
    const list = tools.list();
    await tools.call("a", {});
    tools.get("a").timeoutMs = 10;
    tool.description = "this Tool was replaced: its changes do not concern the registry";
    expect(tools.version).toBe(unchanged);
    expect(tools.list()).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
  });
});
