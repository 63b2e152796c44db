import fc from "fast-check";
import type { JSONObject } from "../json.js";
import { restoreOmittedArguments } from "./strict-schema-nulls.js";
import { toStrictSchema } from "./strict-schema.js";

const weather = {
  type: "object",
  properties: {
    location: { type: "string", description: "City name", minLength: 1 },
    unit: { type: "string", enum: ["c", "f"], default: "c" },
    note: { type: ["string", "null"] },
  },
  required: ["location", "note"],
  additionalProperties: false,
};

describe("toStrictSchema", () => {
  it("makes every property required, optional ones nullable, and closes objects", () => {
    const result = toStrictSchema(weather);
    expect(result.strict).toBe(true);
    if (!result.strict) return;
    expect(result.schema).toEqual({
      type: "object",
      properties: {
        location: { type: "string", description: "City name" },
        unit: { anyOf: [{ type: "string", enum: ["c", "f"] }, { type: "null" }] },
        note: { type: ["string", "null"] },
      },
      required: ["location", "unit", "note"],
      additionalProperties: false,
    });
    expect(result.nullablePaths).toEqual(["/unit"]);
  });

  it("is cached per schema object", () => {
    expect(toStrictSchema(weather)).toBe(toStrictSchema(weather));
  });

  it("converts nested objects, arrays, unions and $defs (recursive types included)", () => {
    const schema = {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: { type: "object", properties: { id: { type: "integer" }, tag: { type: "string" } }, required: ["id"] },
        },
        shape: {
          oneOf: [
            { type: "object", properties: { r: { type: "number" } }, required: ["r"] },
            { type: "object", properties: { w: { type: "number" }, h: { type: "number" } }, required: ["w"] },
          ],
        },
        tree: { $ref: "#/$defs/Node" },
      },
      required: ["items", "shape"],
      $defs: {
        Node: {
          type: "object",
          properties: { value: { type: "string" }, next: { $ref: "#/$defs/Node" } },
          required: ["value"],
          additionalProperties: false,
        },
      },
    };
    const result = toStrictSchema(schema);
    if (!result.strict) throw new Error(result.reason);
    expect(result.nullablePaths.sort()).toEqual(["#/$defs/Node/next", "/items/*/tag", "/shape/h", "/tree"]);
    const defs = result.schema.$defs as JSONObject;
    expect((defs.Node as JSONObject).properties).toEqual({
      value: { type: "string" },
      next: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] },
    });
    expect(((result.schema.properties as JSONObject).items as JSONObject).items).toMatchObject({
      required: ["id", "tag"],
      additionalProperties: false,
    });
  });

  it.each([
    [
      {
        type: "object",
        properties: { meta: { type: "object", additionalProperties: { type: "string" } } },
        required: [],
      },
      "/meta is an object with arbitrary keys",
    ],
    [{ type: "object", properties: { any: {} }, required: ["any"] }, "/any has no type"],
    [{ type: "object", properties: { x: { allOf: [{ type: "string" }] } } }, '"allOf"'],
    [
      { type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }], items: false } } },
      '"prefixItems"',
    ],
    [{ type: "object" }, "arbitrary keys"],
    [{ type: "string" }, "root is not an object"],
  ])("falls back to non-strict, with the reason, for %j", (schema, reason) => {
    const result = toStrictSchema(schema);
    expect(result.strict).toBe(false);
    if (result.strict) return;
    expect(result.schema).toBe(schema);
    expect(result.reason).toContain(reason);
  });
});

describe("restoreOmittedArguments", () => {
  const strict = toStrictSchema(weather);

  it("turns null back into absent only where the conversion made a property nullable", () => {
    const args = { location: "Paris", unit: null, note: null };
    const restored = restoreOmittedArguments(args, strict);
    expect(restored).toEqual({ location: "Paris", note: null });
    expect(args).toEqual({ location: "Paris", unit: null, note: null }); // the input is left alone
  });

  it("returns the same object when there is nothing to restore", () => {
    const args = { location: "Paris", unit: "c", note: null };
    expect(restoreOmittedArguments(args, strict)).toBe(args);
  });

  it("follows arrays, union branches and recursive $refs", () => {
    const schema = {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: { type: "object", properties: { id: { type: "integer" }, tag: { type: "string" } }, required: ["id"] },
        },
        shape: {
          anyOf: [
            { type: "object", properties: { r: { type: "number" } }, required: ["r"] },
            { type: "object", properties: { w: { type: "number" }, h: { type: "number" } }, required: ["w"] },
          ],
        },
        tree: { $ref: "#/$defs/Node" },
      },
      required: ["items"],
      $defs: {
        Node: {
          type: "object",
          properties: { value: { type: "string" }, next: { $ref: "#/$defs/Node" } },
          required: ["value"],
          additionalProperties: false,
        },
      },
    };
    const result = toStrictSchema(schema);
    const args = {
      items: [
        { id: 1, tag: null },
        { id: 2, tag: "x" },
      ],
      shape: { w: 2, h: null },
      tree: { value: "a", next: { value: "b", next: null } },
    };
    expect(restoreOmittedArguments(args, result)).toEqual({
      items: [{ id: 1 }, { id: 2, tag: "x" }],
      shape: { w: 2 },
      tree: { value: "a", next: { value: "b" } },
    });
    expect(restoreOmittedArguments({ items: [], tree: null }, result)).toEqual({ items: [] });
  });

  it("never touches a null the original schema accepts, whatever the arguments", () => {
    fc.assert(
      fc.property(
        fc.record({ location: fc.string(), unit: fc.constantFrom("c", "f", null), note: fc.option(fc.string()) }),
        (args) => {
          const restored = restoreOmittedArguments(args, strict);
          expect(restored.note).toBe(args.note);
          expect("unit" in restored).toBe(args.unit !== null);
        },
      ),
    );
  });
});
