import fc from "fast-check";
import { ToolRegistry, type ToolCallContext } from "@tooltype/core";
import { toolMetadata } from "./fixtures/tool-metadata.js";

describe("argument mapping", () => {
  it("passes named parameters in declaration order, the context where declared, and the whole object for an options parameter", async () => {
    const seen: unknown[][] = [];
    const tools = new ToolRegistry();
    tools.add(
      function schedule(title: string, context: ToolCallContext, options: { urgent?: boolean }) {
        seen.push([title, context.callId, options]);
        return "scheduled";
      },
      undefined,
      toolMetadata(
        "schedule",
        { title: { type: "string" }, urgent: { type: "boolean" } },
        {
          required: ["title"],
          parameters: [{ kind: "named", name: "title" }, { kind: "context" }, { kind: "arguments" }],
        },
      ),
    );
    await tools.call("schedule", { title: "standup", urgent: true }, { callId: "call_7" });
    expect(seen).toEqual([["standup", "call_7", { title: "standup", urgent: true }]]);
  });

  it("applies the schema's default for an absent parameter, and leaves others undefined so JS defaults apply", async () => {
    const calls: unknown[][] = [];
    const tools = new ToolRegistry();
    tools.add(
      function search(query: string, limit = 10, language = "en") {
        calls.push([query, limit, language]);
        return calls.length;
      },
      undefined,
      toolMetadata(
        "search",
        { query: { type: "string" }, limit: { type: "integer", default: 5 }, language: { type: "string" } },
        { required: ["query"] },
      ),
    );
    await tools.call("search", { query: "tea" });
    await tools.call("search", { query: "tea", limit: 2, language: "no" });
    expect(calls).toEqual([
      ["tea", 5, "en"],
      ["tea", 2, "no"],
    ]);
  });

  it("gives each call its own copy of an object default", async () => {
    const received: Array<{ tags: string[] }> = [];
    const tools = new ToolRegistry();
    tools.add(
      (options: { tags: string[] }) => {
        options.tags.push("mutated");
        received.push(options);
      },
      { name: "tagger" },
      toolMetadata(
        "tagger",
        { tags: { type: "array", items: { type: "string" }, default: ["a"] } },
        { parameters: [{ kind: "arguments" }] },
      ),
    );
    await tools.call("tagger", {});
    await tools.call("tagger", {});
    expect(received.map((r) => r.tags)).toEqual([
      ["a", "mutated"],
      ["a", "mutated"],
    ]);
  });

  it("does not hand inherited members to a parameter named like one (constructor, toString)", async () => {
    const seen: unknown[] = [];
    const tools = new ToolRegistry();
    tools.add(
      (constructor?: unknown, toString?: unknown) => void seen.push(constructor, toString),
      { name: "odd" },
      toolMetadata("odd", { constructor: { type: "string" }, toString: { type: "string" } }, { required: [] }),
    );
    expect(await tools.call("odd", {})).toEqual({ output: "{}", isError: false });
    expect(seen).toStrictEqual([undefined, undefined]);
  });

  it("revives date-time strings into Dates at the paths the metadata names", async () => {
    const seen: unknown[] = [];
    const tools = new ToolRegistry();
    tools.add(
      (start: Date, meetings: Array<{ at: Date; title: string }>) => void seen.push(start, meetings),
      { name: "plan" },
      toolMetadata(
        "plan",
        {
          start: { type: "string", format: "date-time" },
          meetings: {
            type: "array",
            items: {
              type: "object",
              properties: { at: { type: "string", format: "date-time" }, title: { type: "string" } },
            },
          },
        },
        { dates: [["start"], ["meetings", "*", "at"]] },
      ),
    );
    const result = await tools.call("plan", {
      start: "2024-05-01T09:00:00Z",
      meetings: [{ at: "2024-05-01T10:00:00Z", title: "sync" }],
    });
    expect(result.isError).toBe(false);
    expect(seen).toEqual([new Date("2024-05-01T09:00:00Z"), [{ at: new Date("2024-05-01T10:00:00Z"), title: "sync" }]]);
    expect(seen[0]).toBeInstanceOf(Date);
  });

  it("never lets argument keys change a prototype (property test)", async () => {
    const received: object[] = [];
    const tools = new ToolRegistry();
    tools.add(
      (args: object) => void received.push(args),
      { name: "sink" },
      toolMetadata("sink", {}, { open: true, parameters: [{ kind: "arguments" }] }),
    );
    const key = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "a");
    const hostile = fc.dictionary(key, fc.jsonValue(), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(hostile, async (object) => {
        const args = JSON.parse(JSON.stringify(object)) as object;
        const result = await tools.call("sink", args);
        expect(result.isError).toBe(false);
        const last = received[received.length - 1]!;
        expect(Object.getPrototypeOf(last)).toBe(Object.prototype);
        expect(Object.keys(last).sort()).toEqual(Object.keys(args).sort());
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
