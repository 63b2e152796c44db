import fc from "fast-check";
import type { JSONObject, JSONSchema, JSONValue } from "../json.js";
import { repairArguments, repairArgumentText, repairArgumentValues } from "./repair.js";
import { validatorFor } from "./validation.js";

const schema: JSONSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    days: { type: "integer" },
    km: { type: "number" },
    metric: { type: "boolean" },
    unit: { enum: ["c", "f"] },
    limit: { anyOf: [{ type: "integer" }, { type: "null" }] },
    tags: { type: "array", items: { type: "string" } },
    where: { $ref: "#/$defs/Point" },
    either: { anyOf: [{ type: "number" }, { type: "string" }] },
    loose: {},
  },
  additionalProperties: false,
  $defs: { Point: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } } } },
};
const valid = (args: JSONObject) => validatorFor(schema)(args) === undefined;
const repair = (args: JSONObject | null, raw = JSON.stringify(args)) =>
  repairArguments({ arguments: args, rawArguments: raw }, schema, valid, { toolName: "weather" });

// JSON round trip: -0 prints as 0, so values are compared after one.
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map(plain);
const validArgs = fc
  .record(
    {
      city: fc.string(),
      days: fc.integer(),
      km: num,
      metric: fc.boolean(),
      unit: fc.constantFrom("c", "f"),
      limit: fc.option(fc.integer(), { nil: null }),
      tags: fc.array(fc.string()),
      where: fc.record({ lat: num, lon: num }, { requiredKeys: [] }),
      either: fc.oneof(fc.string(), num),
      loose: fc.jsonValue().map(plain),
    },
    { requiredKeys: [] },
  )
  .map((args) => args as JSONObject);

type Mistakes = {
  numbersAsStrings: boolean;
  oneTag: boolean;
  upperUnit: boolean;
  encodedWhere: boolean;
  wrapper: string;
};

/** Mistakes a model makes that can be undone exactly (each picked or not by the flags). */
const mistakes: fc.Arbitrary<Mistakes> = fc.record({
  numbersAsStrings: fc.boolean(),
  oneTag: fc.boolean(),
  upperUnit: fc.boolean(),
  encodedWhere: fc.boolean(),
  wrapper: fc.constantFrom("none", "arguments", "named"),
});

function misspell(args: JSONObject, how: Mistakes): { sent: JSONObject; recoverable: boolean } {
  const sent: JSONObject = { ...args };
  let recoverable = true;
  if (how.numbersAsStrings) for (const key of ["days", "km", "metric"]) if (key in sent) sent[key] = String(sent[key]);
  const tags = sent.tags;
  if (how.oneTag && Array.isArray(tags) && tags.length === 1) {
    sent.tags = tags[0]!;
    // A lone string that looks like JSON (or spells a list) is decoded, and one holding a list
    // separator has two readings: neither comes back as the one tag.
    if (/^\s*[[{]|[,;\n\r]/.test(tags[0] as string)) recoverable = false;
  }
  if (how.upperUnit && typeof sent.unit === "string") sent.unit = sent.unit.toUpperCase();
  if (how.encodedWhere && sent.where !== undefined) sent.where = JSON.stringify(sent.where);
  if (how.wrapper === "arguments") return { sent: { arguments: sent }, recoverable };
  if (how.wrapper === "named") return { sent: { name: "weather", arguments: sent }, recoverable };
  return { sent, recoverable };
}

describe("repair: properties", () => {
  it("never changes a value that is already valid", () => {
    fc.assert(
      fc.property(validArgs, (args) => {
        expect(valid(args)).toBe(true);
        expect(repair(args)).toBeUndefined();
        expect(repairArgumentValues(args, schema)).toBeUndefined();
        expect(repairArgumentText(JSON.stringify(args)).ok).toBe(false); // nothing to repair
      }),
    );
  });

  it("gives back exactly the valid arguments a model got wrong in recoverable ways, and the result validates", () => {
    fc.assert(
      fc.property(validArgs, mistakes, (args, how) => {
        const { sent, recoverable } = misspell(args, how);
        const result = repair(sent);
        if (result !== undefined) expect(valid(result.arguments)).toBe(true);
        if (JSON.stringify(sent) === JSON.stringify(args)) expect(result).toBeUndefined();
        else if (recoverable) expect(result?.arguments).toEqual(args);
      }),
    );
  });

  it("is idempotent: a repaired value needs no further repair", () => {
    fc.assert(
      fc.property(validArgs, mistakes, (args, how) => {
        const result = repair(misspell(args, how).sent);
        if (result === undefined) return;
        expect(repair(result.arguments)).toBeUndefined();
        expect(repairArgumentText(JSON.stringify(result.arguments)).ok).toBe(false);
      }),
    );
  });

  it("never throws, and whatever it returns validates, on arbitrary text and values", () => {
    const noise = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom("{", "}", "[", "]", "'", '"', "“", "”", ",", ":", "/", "*", "a", "1", "+", " "),
      }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(noise, (raw) => {
        const result = repair(null, raw);
        if (result !== undefined) expect(valid(result.arguments)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys((schema as { properties: object }).properties)), fc.jsonValue()),
        (args) => {
          const result = repair(args as JSONObject);
          if (result !== undefined) expect(valid(result.arguments)).toBe(true);
        },
      ),
    );
  });
});

// Writes a JSON value the sloppy ways models do, every one of them exactly recoverable.
class SloppyWriter {
  #seed: number;
  constructor(seed: number) {
    this.#seed = seed;
  }

  #pick(n: number): number {
    this.#seed = (this.#seed * 1103515245 + 12345) & 0x7fffffff;
    return this.#seed % n;
  }

  value(value: JSONValue): string {
    if (value === null) return this.#pick(2) ? "None" : "null";
    if (typeof value === "boolean") return this.#pick(2) ? (value ? "True" : "False") : String(value);
    if (typeof value === "number")
      return value >= 0 && this.#pick(2) ? `+${JSON.stringify(value)}` : JSON.stringify(value);
    if (typeof value === "string") return this.string(value);
    const close = () => (this.#pick(3) === 0 ? "," : "") + this.gap();
    if (Array.isArray(value)) {
      if (value.length === 0) return "[]";
      return `[${value.map((item) => this.gap() + this.value(item)).join(",")}${close()}]`;
    }
    const members = Object.entries(value).map(
      ([key, item]) => `${this.gap()}${this.key(key)}${this.gap()}:${this.gap()}${this.value(item)}`,
    );
    return members.length === 0 ? "{}" : `{${members.join(",")}${close()}}`;
  }

  key(key: string): string {
    return /^[A-Za-z_$][\w$]*$/.test(key) && this.#pick(2) ? key : this.string(key);
  }

  gap(): string {
    return ["", " ", "\n  ", " /* note */ ", " // note\n"][this.#pick(5)]!;
  }

  string(text: string): string {
    const raw = (quote?: string) =>
      [...text].map((ch) => (ch === "\\" ? "\\\\" : ch === quote ? `\\${quote}` : ch)).join("");
    switch (this.#pick(4)) {
      case 0:
        return `'${raw("'")}'`;
      case 1:
        return /[“”]/.test(text) ? JSON.stringify(text) : `“${raw()}”`;
      case 2:
        return /[‘’]/.test(text) ? JSON.stringify(text) : `‘${raw()}’`;
      default:
        return `"${raw('"')}"`; // raw newlines and tabs stay raw
    }
  }

  around(json: string): string {
    return [
      json,
      "```json\n" + json + "\n```",
      `Here you go: ${json} Thanks.`,
      `<tool_call>\n${json}\n</tool_call><|im_end|>`,
    ][this.#pick(4)]!;
  }
}

describe("repair: text round trip", () => {
  const objects = fc.dictionary(
    fc.string().filter((key) => key !== "__proto__"),
    fc.jsonValue().map((v) => plain(v) as JSONValue),
  );

  it("any JSON object written sloppily but recoverably reads back as that very object", () => {
    fc.assert(
      fc.property(objects, fc.integer({ min: 0, max: 0x7fffffff }), (object, seed) => {
        const writer = new SloppyWriter(seed);
        const sloppy = writer.around(writer.value(object));
        const result = repairArgumentText(sloppy);
        if (result.ok) expect(result.value).toEqual(object);
        else expect(JSON.parse(sloppy)).toEqual(object); // nothing was sloppy: plain JSON
      }),
    );
  });
});
