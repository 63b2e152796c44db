import fc from "fast-check";
import { nestedDeeperThan, utf8Length, utf8LongerThan } from "./input-limits.js";

// Nesting of objects and arrays, the value itself being level 1 (a reference, written plainly).
function depth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depth));
}

describe("input limits", () => {
  it("counts UTF-8 bytes as Node encodes them, lone surrogates included", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constant("é"),
            fc.constant("😀"),
            fc.constant("\ud800"),
            fc.constant("\udc00"),
            fc.string({ minLength: 1, maxLength: 1 }),
          ),
        }),
        fc.nat(200),
        (text, limit) => {
          expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
          expect(utf8LongerThan(text, limit)).toBe(Buffer.byteLength(text, "utf8") > limit);
        },
      ),
    );
  });

  it("finds nesting past the limit, and only then", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 8 }), (value, limit) => {
        expect(nestedDeeperThan(value, limit)).toBe(depth(value) > limit);
      }),
    );
  });

  it("treats a cycle as seen, not as endless nesting", () => {
    const cycle: Record<string, unknown> = { a: [1] };
    cycle.self = cycle;
    expect(nestedDeeperThan(cycle, 2)).toBe(false);
    expect(nestedDeeperThan({ deep: [[[cycle]]] }, 4)).toBe(true);
  });
});
