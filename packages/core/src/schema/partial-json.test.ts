import fc from "fast-check";
import { PartialJSON } from "./partial-json.js";

function feed(pieces: readonly string[], maxDepth?: number): { parser: PartialJSON; snapshots: unknown[] } {
  const parser = new PartialJSON(maxDepth);
  const snapshots: unknown[] = [];
  for (const piece of pieces) if (parser.push(piece)) snapshots.push(JSON.parse(JSON.stringify(parser.value)));
  return { parser, snapshots };
}

describe("PartialJSON", () => {
  it("shows complete properties, growing strings, and numbers once they end", () => {
    const { parser, snapshots } = feed(['{"city": "Os', 'lo", "temp', 'erature": 2', "1, ", '"days": [1, 2', "]}"]);
    expect(snapshots).toEqual([
      { city: "Os" },
      { city: "Oslo" },
      { city: "Oslo", temperature: 21 },
      { city: "Oslo", temperature: 21, days: [1] },
      { city: "Oslo", temperature: 21, days: [1, 2] },
    ]);
    expect(parser.complete).toBe(true);
  });

  it("skips prose and a fence before the value and anything after it", () => {
    const { parser } = feed(["Sure! ```json\n", '{"a": [true, null, "x\\ny"]}', "\n``` done {"]);
    expect(parser.value).toEqual({ a: [true, null, "x\ny"] });
    expect(parser.complete).toBe(true);
  });

  it("decodes escapes split across pieces, \\u sequences and surrogate pairs included", () => {
    const { parser } = feed(['["a\\', "u00", "e9", '\\uD83D\\uDE00", "\\', '"q\\""]']);
    expect(parser.value).toEqual(["aé😀", '"q"']);
  });

  it("keeps __proto__ and constructor as plain own keys, polluting nothing", () => {
    const { parser } = feed(['{"__proto__": {"polluted": true}, "constructor": 1}']);
    const value = parser.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value.constructor).toBe(1);
  });

  it("stops at invalid JSON and keeps what it read", () => {
    const { parser } = feed(['{"a": 1, "b": tru', "e2}"]);
    expect(parser.value).toEqual({ a: 1 });
    expect(parser.complete).toBe(false);
    expect(parser.push('"more"')).toBe(false);
  });

  it("stops past maxDepth", () => {
    const { parser } = feed(["[[[[1]]]]"], 3);
    expect(parser.complete).toBe(false);
  });

  it("reads any JSON object split anywhere exactly as JSON.parse does", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
        fc.array(fc.nat(), { maxLength: 12 }),
        (value, cuts) => {
          const text = JSON.stringify(value, null, cuts.length % 2 === 0 ? undefined : 1);
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...points].map((from, i) => text.slice(from, [...points, text.length][i]));
          const { parser } = feed(pieces);
          expect(parser.complete).toBe(true);
          expect(parser.value).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it("reads a huge answer in one-character pieces in linear time", () => {
    const items = Array.from({ length: 5_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"] }));
    const text = JSON.stringify({ items, note: "x".repeat(100_000) });
    const parser = new PartialJSON();
    for (let i = 0; i < text.length; i += 1) parser.push(text[i]!);
    expect(parser.complete).toBe(true);
    expect((parser.value as { items: unknown[] }).items).toHaveLength(5_000);
    expect((parser.value as { note: string }).note).toHaveLength(100_000);
  });
});
