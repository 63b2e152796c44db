import fc from "fast-check";
import type { JSONObject, JSONSchema } from "../json.js";
import { repairArguments, repairArgumentText, repairArgumentValues } from "./repair.js";
import { validatorFor } from "./validation.js";

const schema: JSONSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    zip: { type: "string" },
    days: { type: "integer" },
    km: { type: "number" },
    metric: { type: "boolean" },
    unit: { enum: ["c", "f"] },
    limit: { anyOf: [{ type: "integer" }, { type: "null" }] },
    tags: { type: "array", items: { type: "number" } },
    where: { $ref: "#/$defs/Point" },
    either: { anyOf: [{ type: "number" }, { type: "string" }] },
    loose: {},
  },
  additionalProperties: false,
  $defs: { Point: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } } } },
};
const valid = (args: JSONObject) => validatorFor(schema)(args) === undefined;
const repair = (raw: string, args: JSONObject | null = null) =>
  repairArguments({ arguments: args, rawArguments: raw }, schema, valid);

describe("repair: text", () => {
  it("removes a markdown fence around the JSON", () => {
    expect(repair('```json\n{"city": "Oslo"}\n```')).toEqual({
      arguments: { city: "Oslo" },
      repaired: ["removed a markdown code fence around the JSON"],
    });
    expect(repair('```\n{"city": "Oslo"}\n```')?.arguments).toEqual({ city: "Oslo" });
  });

  it("removes trailing commas, outside strings only", () => {
    expect(repair('{"city": "a,}", "tags": [1, 2,],}')).toEqual({
      arguments: { city: "a,}", tags: [1, 2] },
      repaired: ["removed trailing commas"],
    });
  });

  it("turns unambiguous single-quoted strings and keys into JSON strings", () => {
    expect(repair(`{'city': 'Say "hi"', 'zip': 'it\\'s'}`)?.arguments).toEqual({ city: 'Say "hi"', zip: "it's" });
    expect(repair(`{"city": "it's"}`)).toBeUndefined(); // already JSON: nothing to repair here
  });

  it("never guesses: truncated JSON, several objects, stray apostrophes, prose", () => {
    for (const raw of [
      '{"city": "Oslo"',
      '{"city": "Oslo", "days": 3',
      '{"city": "Oslo"}{"city": "Bergen"}',
      "{'city': 'it's here'}",
      "Sure! Here are the arguments.",
      '```json\n{"city": "Oslo"}\n``` and ```json\n{"city": "Rome"}\n```',
      "[1, 2,]",
      "{city: 'Oslo'}",
      "",
    ]) {
      expect([raw, repairArgumentText(raw)]).toEqual([raw, undefined]);
    }
  });
});

describe("repair: values the schema wants", () => {
  it("turns strict decimal strings into numbers and true/false into booleans", () => {
    const result = repair("", {
      city: "Oslo",
      days: "3",
      km: "-2.5e1",
      metric: "true",
      limit: "10",
      tags: ["1", "2.5"],
      where: { lat: "59.9", lon: "10.7" },
    });
    expect(result?.arguments).toEqual({
      city: "Oslo",
      days: 3,
      km: -25,
      metric: true,
      limit: 10,
      tags: [1, 2.5],
      where: { lat: 59.9, lon: 10.7 },
    });
    expect(result?.repaired).toContain('/days: the string "3" became the number 3');
    expect(result?.repaired).toContain('/metric: the string "true" became the boolean true');
  });

  it("names a repaired place by its JSON Pointer, escaping / and ~ in property names", () => {
    const odd: JSONSchema = { type: "object", properties: { "a/b~c": { type: "number" } } };
    expect(repairArgumentValues({ "a/b~c": "1" }, odd)?.repaired).toEqual([
      '/a~1b~0c: the string "1" became the number 1',
    ]);
  });

  it("leaves strings wherever the schema allows a string, or its type is unknown", () => {
    expect(repairArgumentValues({ zip: "02134", either: "5", loose: "5", unit: "c" }, schema)).toBeUndefined();
  });

  it("never turns null, words, units, hex, padded or non-integers into numbers, nor fixes enums", () => {
    for (const bad of <JSONObject[]>[
      { days: null },
      { days: "five" },
      { km: "5 km" },
      { km: "0x10" },
      { km: " 5" },
      { km: "+5" },
      { km: "Infinity" },
      { days: "2.5" },
      { metric: "yes" },
      { metric: "True" },
      { unit: "C" },
      { km: "" },
    ]) {
      expect([bad, repair("", bad)]).toEqual([bad, undefined]);
    }
  });

  it("gives up entirely unless the result validates", () => {
    expect(repair("", { days: "3", unit: "kelvin" })).toBeUndefined();
  });

  it("combines a text repair with a value repair", () => {
    expect(repair("```json\n{'days': '3',}\n```")?.arguments).toEqual({ days: 3 });
  });
});

// Values that match `schema`, to check that repair leaves valid values alone. (-0 prints as "0".)
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const validArgs = fc.record(
  {
    city: fc.string(),
    zip: fc.string(),
    days: fc.integer(),
    km: num,
    metric: fc.boolean(),
    unit: fc.constantFrom("c", "f"),
    limit: fc.option(fc.integer(), { nil: null }),
    tags: fc.array(num),
    where: fc.record({ lat: num, lon: num }, { requiredKeys: [] }),
    either: fc.oneof(fc.string(), num),
    loose: fc.jsonValue(),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<JSONObject>;

describe("repair: properties", () => {
  it("never changes a value that is already valid", () => {
    fc.assert(
      fc.property(validArgs, (args) => {
        expect(valid(args)).toBe(true);
        expect(repairArgumentValues(args, schema)).toBeUndefined();
      }),
    );
  });

  it("round-trips: stringified numbers and booleans come back as the very values", () => {
    fc.assert(
      fc.property(validArgs, (args) => {
        const stringified: JSONObject = { ...args };
        for (const key of ["days", "km", "metric"] as const) if (key in args) stringified[key] = String(args[key]);
        const result = repair("", stringified);
        const changed = ["days", "km", "metric"].some((key) => key in args);
        // String(…) of a double may use exponent syntax ("1e-7") which is still strict decimal JSON.
        if (changed) expect(result?.arguments).toEqual(args);
        else expect(result).toBeUndefined();
      }),
    );
  });

  it("round-trips text: single quotes, trailing commas and a fence around any JSON object give back that object", () => {
    const objects = fc.dictionary(
      fc.string({ unit: fc.constantFrom("a", "b", " ", "é", '"', "x") }),
      fc.oneof(fc.string({ unit: fc.constantFrom("a", "'", " ", '"') }), fc.integer(), fc.boolean(), fc.constant(null)),
      { minKeys: 1 },
    );
    fc.assert(
      fc.property(objects, (object) => {
        const json = JSON.stringify(object);
        const sloppy = "```json\n" + json.replace(/}$/, ",}") + "\n```";
        expect(repairArgumentText(sloppy)?.value).toEqual(object);
      }),
    );
  });
});
