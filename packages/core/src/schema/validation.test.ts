import { Tool } from "../tools/tool.js";
import { validatorFor } from "./validation.js";

describe("validatorFor", () => {
  it("compiles once per schema object and again for a new object", () => {
    const schema = { type: "object", properties: { n: { type: "number" } } };
    expect(validatorFor(schema)).toBe(validatorFor(schema));
    expect(validatorFor({ ...schema })).not.toBe(validatorFor(schema));
  });

  it("defaults to draft 2020-12 (prefixItems, $defs)", () => {
    const validate = validatorFor({
      type: "object",
      properties: {
        pair: { type: "array", prefixItems: [{ type: "string" }, { $ref: "#/$defs/count" }], items: false },
      },
      $defs: { count: { type: "integer" } },
    });
    expect(validate({ pair: ["a", 1] })).toBeUndefined();
    expect(validate({ pair: ["a", 1.5] })?.map((e) => e.instancePath)).toEqual(["/pair/1"]);
    expect(validate({ pair: ["a", 1, "extra"] })?.map((e) => [e.instancePath, e.keyword])).toEqual([
      ["/pair", "items"],
    ]);
  });

  it("follows $schema to draft-07 (array-form items, definitions)", () => {
    const validate = validatorFor({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        pair: { type: "array", items: [{ type: "string" }, { $ref: "#/definitions/count" }], additionalItems: false },
      },
      definitions: { count: { type: "integer" } },
    });
    expect(validate({ pair: ["a", 1] })).toBeUndefined();
    expect(validate({ pair: ["a", "b"] })?.map((e) => [e.instancePath, e.keyword])).toEqual([["/pair/1", "type"]]);
    expect(validate({ pair: ["a", 1, 2] })?.map((e) => [e.instancePath, e.keyword])).toEqual([
      ["/pair", "additionalItems"],
    ]);
  });

  it("falls back to draft-07 for a schema without $schema that only draft-07 understands", () => {
    const validate = validatorFor({ type: "array", items: [{ type: "string" }] });
    expect(validate(["a"])).toBeUndefined();
    expect(validate([1])?.map((e) => [e.instancePath, e.keyword])).toEqual([["/0", "type"]]);
  });

  it("ignores unknown keywords and formats, and accepts two schemas with the same $id", () => {
    const a = validatorFor({
      $id: "https://example.com/same.json",
      type: "object",
      "x-vendor": { anything: true },
      properties: { s: { type: "string", format: "made-up" } },
    });
    const b = validatorFor({
      $id: "https://example.com/same.json",
      type: "object",
      properties: { n: { type: "number" } },
    });
    expect(a({ s: "whatever" })).toBeUndefined();
    expect(b({ n: "1" })?.map((e) => [e.instancePath, e.keyword])).toEqual([["/n", "type"]]);
  });

  it("checks standard formats", () => {
    const validate = validatorFor({
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" } },
    });
    expect(validate({ at: "2024-05-01T12:00:00Z", mail: "ada@example.com" })).toBeUndefined();
    expect(validate({ at: "yesterday", mail: "nope" })?.map((e) => e.params["format"])).toEqual(["date-time", "email"]);
  });

  it("throws for a schema that cannot compile, and a tool reports it as an error result", async () => {
    const broken = { type: "object", properties: { n: { type: "numbr" } } };
    expect(() => validatorFor(broken)).toThrow(/numbr/);
    const spy = jest.fn();
    const tool = new Tool({ name: "broken", description: "", schema: broken, impl: spy });
    const outcome = await tool.execute({ n: 1 }, { callId: "call_1" });
    expect(outcome.failure).toBe("arguments");
    expect(outcome.message).toMatch(/^Tool broken cannot check its arguments: its schema does not compile/);
    expect(spy).not.toHaveBeenCalled();
  });

  it("treats boolean schemas as accept-all and reject-all", () => {
    expect(validatorFor(true)({ any: 1 })).toBeUndefined();
    expect(validatorFor(false)({})).toHaveLength(1);
  });
});
