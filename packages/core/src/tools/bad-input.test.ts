import { ToolRegistry, type Tool } from "@tooltype/core";
import { toolMetadata, weatherMetadata } from "./fixtures/tool-metadata.js";

// Whatever the model sends, a bad call gets a clear error result and the function never runs.

function weatherTool(): { tool: Tool; spy: jest.Mock } {
  const spy = jest.fn((location: string, unit: string = "c") => `${location} ${unit}`);
  const [tool] = new ToolRegistry().add(
    function getWeather(location: string, unit?: string) {
      return spy(location, unit);
    },
    undefined,
    weatherMetadata(),
  );
  return { tool: tool!, spy };
}

async function errorText(tool: Tool, args: unknown): Promise<string> {
  const outcome = await tool.execute(args, { callId: "call_1" });
  expect(outcome.result.isError).toBe(true);
  expect(outcome.result.output).toBe(JSON.stringify({ error: outcome.message }));
  return outcome.message ?? "";
}

describe("model-facing argument errors", () => {
  it("names a missing required property and an enum miss", async () => {
    const { tool, spy } = weatherTool();
    expect(await errorText(tool, { unit: "kelvin" })).toBe(
      'Invalid arguments for getWeather:\n- location: required property is missing\n- unit: must be one of "c", "f" (got "kelvin")',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it("names a wrong type and an extra property, listing what is allowed", async () => {
    const { tool, spy } = weatherTool();
    expect(await errorText(tool, { location: 42, colour: "red" })).toBe(
      "Invalid arguments for getWeather:\n- colour: unexpected property (allowed: location, unit)\n- location: must be a string (got 42)",
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it("refuses null where it is not allowed, and arguments that are not an object", async () => {
    const { tool, spy } = weatherTool();
    expect(await errorText(tool, { location: null })).toBe(
      "Invalid arguments for getWeather:\n- location: must be a string (got null)",
    );
    expect(await errorText(tool, [1, 2])).toBe(
      "Invalid arguments for getWeather:\n- arguments: must be an object (got [1,2])",
    );
    expect(await errorText(tool, "Oslo")).toBe(
      'Invalid arguments for getWeather:\n- arguments: must be an object (got "Oslo")',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it("reports nested paths, formats, limits and unions in a few short lines", async () => {
    const spy = jest.fn();
    const [tool] = new ToolRegistry().add(
      spy,
      { name: "book" },
      toolMetadata(
        "book",
        {
          guests: { type: "integer", minimum: 1 },
          at: { type: "string", format: "date-time" },
          tags: { type: "array", items: { type: "string" }, maxItems: 2 },
          shape: {
            anyOf: [
              {
                type: "object",
                properties: { kind: { const: "circle" }, r: { type: "number" } },
                required: ["kind", "r"],
              },
              {
                type: "object",
                properties: { kind: { const: "square" }, side: { type: "number" } },
                required: ["kind", "side"],
              },
            ],
          },
        },
        { required: ["guests"] },
      ),
    );
    expect(
      await errorText(tool!, { guests: 0, at: "tomorrow", tags: ["a", 1, "c"], shape: { kind: "circle", r: "big" } }),
    ).toBe(
      [
        "Invalid arguments for book:",
        "- guests: must be >= 1 (got 0)",
        '- at: must be a date-time string (got "tomorrow")',
        "- tags: must have at most 2 items (got 3)",
        "- tags[1]: must be a string (got 1)",
        '- shape.r: must be a number (got "big")',
      ].join("\n"),
    );
    expect(await errorText(tool!, { guests: 2, shape: { kind: "triangle" } })).toBe(
      'Invalid arguments for book:\n- shape: must be an object with kind "circle" or an object with kind "square" (got {"kind":"triangle"})',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it("reports the failure kind and keeps the issues for the loop", async () => {
    const { tool } = weatherTool();
    const outcome = await tool.execute({ unit: "f" }, { callId: "call_1" });
    expect(outcome.failure).toBe("arguments");
    expect(tool.validate({ unit: "f" })).toEqual([{ path: "/location", message: "required property is missing" }]);
    expect(tool.validate({ location: "Oslo" })).toEqual([]);
  });
});

describe("hostile input", () => {
  it("lets __proto__ and constructor keys pollute nothing", async () => {
    const seen: unknown[] = [];
    const [open] = new ToolRegistry().add(
      (args: unknown) => {
        seen.push(args);
        return "ok";
      },
      { name: "echo" },
      toolMetadata("echo", {}, { open: true, parameters: [{ kind: "arguments" }] }),
    );
    const args = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    ) as unknown;

    expect(await open!.call(args)).toEqual({ output: "ok", isError: false });
    const received = seen[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect((received as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(received, "__proto__")).toBe(true);

    const { tool, spy } = weatherTool();
    const closed = await tool.execute(JSON.parse('{"location": "Oslo", "__proto__": {"unit": "f"}}'), {
      callId: "call_2",
    });
    expect(closed.message).toBe(
      "Invalid arguments for getWeather:\n- __proto__: unexpected property (allowed: location, unit)",
    );
    expect(spy).not.toHaveBeenCalled();
    expect(({} as { unit?: unknown }).unit).toBeUndefined();
  });

  it("reads own properties only: inherited values are not arguments", async () => {
    const { tool, spy } = weatherTool();
    const inherited = Object.create({ location: "Oslo" }) as object;
    expect(await errorText(tool, inherited)).toBe(
      "Invalid arguments for getWeather:\n- location: required property is missing",
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it("refuses a 1 MiB string before validating, and the function never runs", async () => {
    const { tool, spy } = weatherTool();
    const outcome = await tool.execute({ location: "x".repeat(1024 * 1024) }, { callId: "call_1" });
    expect(outcome.failure).toBe("input");
    const bytes = 1024 * 1024 + '{"location":""}'.length;
    expect(outcome.message).toBe(
      `Arguments for getWeather are too large: ${bytes} bytes (the limit is 1048576). Send less data.`,
    );
    expect(spy).not.toHaveBeenCalled();

    const limited = await tool.execute({ location: "Oslo" }, { callId: "call_2", maxToolInput: 10 });
    expect(limited.failure).toBe("input");
    expect(spy).not.toHaveBeenCalled();
    expect(tool.validate({ location: "Oslo" }, { maxToolInput: 10 })).toEqual([
      { path: "", message: "too large: 19 bytes (the limit is 10); send less data" },
    ]);
  });

  it("refuses arguments nested deeper than maxDepth, and cyclic arguments", async () => {
    const spy = jest.fn();
    const [tool] = new ToolRegistry().add(
      spy,
      { name: "anything" },
      toolMetadata("anything", {}, { open: true, parameters: [{ kind: "arguments" }] }),
    );
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 100; i++) deep = (deep["next"] = {}) as Record<string, unknown>;
    const nested = await tool!.execute(root, { callId: "call_1" });
    expect([nested.failure, nested.message]).toEqual([
      "input",
      "Arguments for anything are nested too deeply (more than 64 levels).",
    ]);

    const shallow = await tool!.execute(root, { callId: "call_2", maxDepth: 200 });
    expect(shallow.failure).toBeUndefined();
    expect(spy).toHaveBeenCalledTimes(1);

    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    const cycle = await tool!.execute(cyclic, { callId: "call_3", maxDepth: 1000 });
    expect(cycle.failure).toBe("input");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("gives an unknown tool name an error result instead of throwing", async () => {
    const tools = new ToolRegistry();
    tools.define({ name: "search", description: "Search.", impl: () => "found" });
    const result = await tools.call("serach", {});
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.output)).toEqual({
      error: expect.stringContaining('No tool named "serach" (registered: search)'),
    });
  });
});
