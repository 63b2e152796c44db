import fc from "fast-check";
import { nestedDeeperThan } from "../tools/input-limits.js";
import { jsonTextExceedsDepth } from "./json-depth.js";
import { parseToolArguments } from "./tool-arguments.js";

const limits = { maxToolInput: 1024 * 1024, maxDepth: 64 };
const jsonObject = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 }));
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("parseToolArguments (docs/wire-format.md, Arguments)", () => {
  it("reads a JSON string holding an object, keeping the raw text as received", () => {
    const raw = '{ "location": "Paris", "unit": "c" }';
    expect(parseToolArguments(raw, limits)).toEqual({ arguments: { location: "Paris", unit: "c" }, rawArguments: raw });
  });

  it("uses an object delivered as an object (TGI, Ollama) as it is", () => {
    const args = { location: "Paris" };
    const parsed = parseToolArguments(args, limits);
    expect(parsed.arguments).toBe(args);
    expect(parsed.rawArguments).toBe('{"location":"Paris"}');
  });

  it.each(["", "   ", "\n\t"])(
    "reads an empty or whitespace-only string %j as {} (a call without parameters)",
    (raw) => {
      expect(parseToolArguments(raw, limits)).toEqual({ arguments: {}, rawArguments: raw });
    },
  );

  it("unwraps a double-encoded object exactly once", () => {
    const raw = JSON.stringify(JSON.stringify({ q: "tea" }));
    expect(parseToolArguments(raw, limits).arguments).toEqual({ q: "tea" });
    const triple = JSON.stringify(raw);
    expect(parseToolArguments(triple, limits).arguments).toBeNull();
  });

  it.each([
    ['{"location": "Par', "not valid JSON"],
    ["[1, 2]", "an array"],
    ["42", "a number"],
    ["null", "null"],
    ['"Paris"', "a plain string"],
    ["Paris", "not valid JSON"],
  ])("answers %j as unusable, saying why in words the model can act on", (raw, why) => {
    const parsed = parseToolArguments(raw, limits);
    expect(parsed.arguments).toBeNull();
    expect(parsed.rawArguments).toBe(raw);
    expect(parsed.argumentError).toContain(why);
    expect(parsed.argumentError).toContain("one JSON object");
  });

  it("does not parse arguments over maxToolInput bytes (counted in UTF-8)", () => {
    const raw = JSON.stringify({ text: "é".repeat(600) }); // 1200+ bytes, ~615 characters
    const parsed = parseToolArguments(raw, { maxToolInput: 1000, maxDepth: 64 });
    expect(parsed.arguments).toBeNull();
    expect(parsed.argumentError).toMatch(/over the limit of 1000 bytes/);
    expect(parseToolArguments(raw, { maxToolInput: 2000, maxDepth: 64 }).arguments).toEqual({ text: "é".repeat(600) });
  });

  it("does not parse arguments nested past maxDepth, counting the object itself as level 1", () => {
    const nest = (levels: number): string => '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);
    expect(parseToolArguments(nest(3), { maxToolInput: 1e6, maxDepth: 3 }).arguments).not.toBeNull();
    const deep = parseToolArguments(nest(4), { maxToolInput: 1e6, maxDepth: 3 });
    expect(deep.arguments).toBeNull();
    expect(deep.argumentError).toMatch(/deeper than 3 levels/);
    expect(parseToolArguments({ a: { b: { c: {} } } }, { maxToolInput: 1e6, maxDepth: 3 }).arguments).toBeNull();
  });

  it("scans a hostile nesting of any length without recursion", () => {
    const hostile = "[".repeat(2_000_000);
    expect(jsonTextExceedsDepth(hostile, 64)).toBe(true);
    expect(parseToolArguments(hostile, { maxToolInput: 1e7, maxDepth: 64 }).arguments).toBeNull();
    let value: unknown = {};
    for (let i = 0; i < 100_000; i++) value = { v: value };
    expect(nestedDeeperThan(value, 64)).toBe(true);
  });

  it("ignores brackets inside strings and escaped quotes when measuring depth", () => {
    expect(jsonTextExceedsDepth('{"a":"[[[[\\"{{{{"}', 1)).toBe(false);
  });

  it("keeps __proto__ and constructor keys as plain data, polluting nothing", () => {
    const parsed = parseToolArguments(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
      limits,
    );
    expect(Object.keys(parsed.arguments!)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.arguments)).toBe(Object.prototype);
  });

  describe("properties", () => {
    it("any object, sent as text, as an object, or double-encoded, reads back as itself", () => {
      fc.assert(
        fc.property(jsonObject, (object) => {
          const expected = roundTrip(object);
          expect(parseToolArguments(JSON.stringify(object), limits).arguments).toEqual(expected);
          expect(parseToolArguments(JSON.stringify(JSON.stringify(object)), limits).arguments).toEqual(expected);
          expect(parseToolArguments(object, limits).arguments).toEqual(object);
        }),
      );
    });

    it("any string gives an object or null with a reason, never throws, and keeps the raw text", () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.json(),
            jsonObject.map((o) => JSON.stringify(o).slice(0, -1)),
          ),
          (raw) => {
            const parsed = parseToolArguments(raw, limits);
            expect(parsed.rawArguments).toBe(raw);
            if (parsed.arguments === null) expect(parsed.argumentError).toEqual(expect.any(String));
            else expect(typeof parsed.arguments === "object" && !Array.isArray(parsed.arguments)).toBe(true);
          },
        ),
      );
    });

    it("any JSON value that is not an object (nor a string holding one) is unusable", () => {
      const notObject = fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v));
      fc.assert(
        fc.property(notObject, (value) => {
          if (typeof value === "string" && value.trim() === "") return;
          if (typeof value === "string") {
            const inner = parseToolArguments(value, limits).arguments;
            fc.pre(inner === null);
          }
          expect(parseToolArguments(JSON.stringify(value), limits).arguments).toBeNull();
        }),
      );
    });
  });
});
