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

  it("keeps each snapshot as it was when taken, whatever arrives later", () => {
    const text = '{"city": "Oslo", "days": [{"day": "Mon", "c": 21}, {"day": "Tu';
    const parser = new PartialJSON();
    const snapshots: Array<() => unknown> = [];
    for (const piece of [...text, ...'e"}], "city": "Rome", "note": "ok"}'])
      if (parser.push(piece)) snapshots.push(parser.snapshot());
    // Read only now, after the whole value (a repeated key included) has arrived.
    const seen = snapshots.map((snapshot) => JSON.stringify(snapshot()));
    expect(seen).toContain('{"city":"Os"}');
    expect(seen).toContain('{"city":"Oslo","days":[{"day":"Mon","c":21},{"day":"T"}]}');
    expect(seen).toContain('{"city":"Oslo","days":[{"day":"Mon","c":21},{"day":"Tue"}]}');
    // A repeated key replaces the value in place, as JSON.parse does; earlier snapshots keep the first.
    expect(seen).toContain('{"city":"Ro","days":[{"day":"Mon","c":21},{"day":"Tue"}]}');
    expect(seen.at(-1)).toBe('{"city":"Rome","days":[{"day":"Mon","c":21},{"day":"Tue"}],"note":"ok"}');
    expect(seen.at(-1)).toBe(JSON.stringify(parser.value));
    expect(snapshots[0]!()).toBe(snapshots[0]!()); // built once
  });

  it("snapshots any JSON split anywhere exactly as the text up to that point reads", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), fc.nat(), (value, seed) => {
        const text = JSON.stringify(value);
        const parser = new PartialJSON();
        const taken: Array<[number, () => unknown, string]> = [];
        const step = 1 + (seed % 7);
        for (let i = 0; i < text.length; i += step) {
          if (parser.push(text.slice(i, i + step))) taken.push([i, parser.snapshot(), JSON.stringify(parser.value)]);
        }
        for (const [, snapshot, then] of taken) expect(JSON.stringify(snapshot())).toBe(then);
      }),
    );
  });

  it("holds a date back while it arrives and places it as a Date once complete", () => {
    const parser = new PartialJSON(64, { dates: [["at"], ["log", "*", "when"]] });
    const seen: Array<() => unknown> = [];
    const text =
      '{"event": "deploy", "at": "2024-05-01T12:30:00Z", "log": [{"when": "2024-05-02T08:00:00Z"}, {"when": "soon"}]}';
    for (const piece of text.match(/.{1,6}/g)!) if (parser.push(piece)) seen.push(parser.snapshot());
    for (const snapshot of seen) {
      const at = (snapshot() as { at?: unknown }).at;
      expect(at === undefined || at instanceof Date).toBe(true);
    }
    expect(parser.value).toEqual({
      event: "deploy",
      at: new Date("2024-05-01T12:30:00Z"),
      log: [{ when: new Date("2024-05-02T08:00:00Z") }, {}], // "soon" is no date: left out, never a string
    });
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
