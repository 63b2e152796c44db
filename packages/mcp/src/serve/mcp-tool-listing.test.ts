import { ToolRegistry } from "@tooltype/core";
import { toMcpObjectSchema, toMcpTool } from "./mcp-tool-listing.js";

describe("toMcpTool", () => {
  const registry = new ToolRegistry();
  const impl = () => "ok";

  it("lists the schema as inputSchema and an object `returns` as outputSchema", () => {
    const tool = registry.define({
      name: "lookup",
      description: "Looks a word up.",
      schema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
      returns: { type: "object", properties: { meaning: { type: "string" } } },
      impl,
    });
    expect(toMcpTool(tool)).toEqual({
      name: "lookup",
      description: "Looks a word up.",
      inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
      outputSchema: { type: "object", properties: { meaning: { type: "string" } } },
    });
  });

  it("leaves outputSchema out when the result is not an object (MCP wants object output schemas)", () => {
    const tool = registry.define({ name: "count", description: "Counts.", returns: { type: "integer" }, impl });
    expect(toMcpTool(tool)).not.toHaveProperty("outputSchema");
  });

  it("gives a free-text tool one string property, `input`", () => {
    const tool = registry.define({ name: "note", description: "Takes a note.", custom: true, impl });
    expect(toMcpTool(tool).inputSchema).toEqual({
      type: "object",
      properties: { input: { type: "string", description: "The tool's free-text input." } },
      required: ["input"],
      additionalProperties: false,
    });
  });
});

describe("toMcpObjectSchema", () => {
  it("puts type: object at the root and turns boolean property schemas into objects", () => {
    expect(toMcpObjectSchema({ properties: { any: true, none: false, n: { type: "number" } } })).toEqual({
      type: "object",
      properties: { any: {}, none: { not: {} }, n: { type: "number" } },
    });
    expect(toMcpObjectSchema(true)).toEqual({ type: "object" });
  });

  it("keeps a property named __proto__ as data, polluting nothing", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Record<
      string,
      unknown
    >;
    const shaped = toMcpObjectSchema(schema);
    expect(Object.keys(shaped.properties!)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["type"]).toBeUndefined();
  });
});
