import fc from "fast-check";
import { canonicalJSON } from "./canonical-json.js";

// An independent statement of the format: sorted keys, JSON.stringify for every leaf, no whitespace.
function expected(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(expected).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${expected(object[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

// The same value with every object's keys in reverse order.
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse())
    Object.defineProperty(out, key, {
      value: reordered((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

describe("canonicalJSON", () => {
  it("writes sorted keys without whitespace", () => {
    expect(canonicalJSON({ b: 1, a: [true, null, "x\n"], "10": { d: -0.5, c: "é" }, "9": [] })).toBe(
      '{"10":{"c":"é","d":-0.5},"9":[],"a":[true,null,"x\\n"],"b":1}',
    );
    expect(canonicalJSON(["id", "function", "pay", { amount: 5 }, '{"amount":5}'])).toBe(
      '["id","function","pay",{"amount":5},"{\\"amount\\":5}"]',
    );
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 17) % 40}`, i]));
    expect(canonicalJSON(many)).toBe(expected(many));
  });

  it("gives one text per value whatever the key order, and the text parses back to the value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJSON(value);
        expect(text).toBe(expected(value));
        expect(canonicalJSON(reordered(value))).toBe(text);
        expect(canonicalJSON(JSON.parse(text))).toBe(text);
      }),
    );
  });

  it("keeps __proto__ and constructor keys as data", () => {
    expect(canonicalJSON(JSON.parse('{"__proto__":{"x":1},"constructor":2}'))).toBe(
      '{"__proto__":{"x":1},"constructor":2}',
    );
  });

  it.each([
    [undefined],
    [() => 1],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [{ a: undefined }],
    [[1, undefined]],
    [10n],
  ])("refuses %p", (value) => {
    expect(() => canonicalJSON(value)).toThrow(TypeError);
  });

  it("refuses a cycle and nesting past the limit", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJSON(cycle)).toThrow(/nested too deeply/);
    expect(() => canonicalJSON([[[1]]], 2)).toThrow(/nested too deeply/);
    expect(canonicalJSON([[[1]]], 3)).toBe("[[[1]]]");
  });
});
