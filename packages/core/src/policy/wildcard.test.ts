import fc from "fast-check";
import { compileNamePattern, matchesNamePattern, sharedNamePattern } from "./wildcard.js";

// The reference: the same pattern as an anchored regular expression.
function reference(pattern: string, name: string): boolean {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${body}$`).test(name);
}

// Small alphabets make matches (and near misses) frequent.
const letters = fc.constantFrom("a", "b", "_", "-", ".", "1");
const name = fc.string({ unit: letters, maxLength: 12 });
const pattern = fc.string({ unit: fc.constantFrom("a", "b", "_", "*", ".", "1"), minLength: 1, maxLength: 8 });

describe("tool-name patterns", () => {
  it("match exactly what the anchored regular expression matches", () => {
    fc.assert(
      fc.property(pattern, name, (p, n) => matchesNamePattern(p, n) === reference(p, n)),
      { numRuns: 5000 },
    );
  });

  it("match every name a pattern was made from", () => {
    // Replace any slice of a name by "*": the name must still match.
    fc.assert(
      fc.property(name, fc.nat(), fc.nat(), (n, a, b) => {
        const from = Math.min(a, b) % (n.length + 1);
        const to = Math.max(a, b) % (n.length + 1);
        const p = `${n.slice(0, from)}*${n.slice(Math.max(from, to))}`;
        return matchesNamePattern(p, n);
      }),
    );
  });

  it("treat every character but * literally", () => {
    expect(matchesNamePattern("get.weather", "getXweather")).toBe(false);
    expect(matchesNamePattern("a+b", "aab")).toBe(false);
    expect(matchesNamePattern("get*", "get")).toBe(true);
    expect(matchesNamePattern("get*", "getWeather")).toBe(true);
    expect(matchesNamePattern("get*", "forget")).toBe(false);
    expect(matchesNamePattern("*_admin", "drop_admin")).toBe(true);
    expect(matchesNamePattern("a*b*a", "aba")).toBe(true);
    expect(matchesNamePattern("a*a", "a")).toBe(false);
    expect(matchesNamePattern("Get*", "getWeather")).toBe(false);
  });

  it("stay fast on hostile names", () => {
    const p = compileNamePattern("*a*a*a*a*a*b");
    expect(p.matches("a".repeat(100_000))).toBe(false);
  });

  it("refuse an empty pattern", () => {
    expect(() => compileNamePattern("")).toThrow(TypeError);
  });

  it("are compiled once per text when shared (as policies share them), and cannot be changed by a caller", () => {
    const first = sharedNamePattern("get*");
    expect(sharedNamePattern("get*")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.matches("get_weather")).toBe(true);
    expect(first.matches("set_weather")).toBe(false);
    expect(() => sharedNamePattern("")).toThrow(TypeError);
  });

  it("stay correct when more distinct patterns are shared than the cache keeps", () => {
    for (let i = 0; i < 600; i++) expect(sharedNamePattern(`tool_${i}*`).matches(`tool_${i}_x`)).toBe(true);
    expect(sharedNamePattern("tool_1*").matches("tool_2")).toBe(false);
  });
});
