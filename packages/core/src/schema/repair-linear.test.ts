// Repair reads text in time linear in its length on any input. Checked without clocks: the text
// repair counts the characters it examines (`work`), which must stay within a small multiple of the
// input's length, and double (not quadruple) when the input doubles. Inputs are 512 KiB and 1 MiB
// of what would make a naive repair rescan: unclosed strings and comments, endless nesting, runs of
// quotes, fences, tags and objects.
import type { JSONObject } from "../json.js";
import { repairArguments, repairArgumentText } from "./repair.js";

const KiB = 1024;

const adversaries: Record<string, (n: number) => string> = {
  "an unclosed string": (n) => `{"a": "${"x".repeat(n)}`,
  "an unclosed single-quoted string": (n) => `{'a': '${"x'".repeat(n / 2)}`,
  "an unclosed comment": (n) => `{"a": 1 /*${"*".repeat(n)}`,
  "endless nesting": (n) => "{'a': ".repeat(n / 6),
  "nested arrays": (n) => `{"a": ${"[".repeat(n)}`,
  "runs of quotes": (n) => `{"a": ${"'\"“”‘’".repeat(n / 6)}}`,
  "many trailing commas in a long array": (n) => `{"a": [${"1,".repeat(n / 2)}]}`,
  "many unquoted keys": (n) => `{${"k: 1, ".repeat(n / 6)}}`,
  "many objects": (n) => "{}".repeat(n / 2),
  "many fences": (n) => "```".repeat(n / 3),
  "many tag openings": (n) => `<|${"a".repeat(60)}`.repeat(n / 62) + '{"a": 1,}',
  "many angle brackets": (n) => "<".repeat(n) + '{"a": 1,}' + "</".repeat(n / 2),
  "prose before a late object": (n) => "word ".repeat(n / 5) + "{'a': 1}",
  "many numbers with a plus": (n) => `{"a": [${"+1, ".repeat(n / 4)}0]}`,
  "a long string of raw newlines": (n) => `{"a": "${"\n".repeat(n)}"}`,
};

describe("repair: linear time", () => {
  it.each(Object.entries(adversaries))("%s: work stays proportional to the length", (_name, make) => {
    const small = make(512 * KiB);
    const large = make(1024 * KiB);
    const smallWork = repairArgumentText(small).work;
    const largeWork = repairArgumentText(large).work;
    expect(largeWork).toBeLessThanOrEqual(8 * large.length);
    expect(largeWork).toBeLessThanOrEqual(2.2 * smallWork + 1024);
  });

  it("repairs a 1 MiB argument string end to end, values included", () => {
    const tags = Array.from({ length: 64 * KiB }, (_, i) => `'t${i}'`).join(", ");
    const raw = `\`\`\`json\n{'tags': [${tags},], 'count': '7'}\n\`\`\``;
    expect(raw.length).toBeGreaterThan((KiB * KiB) / 2);
    const isValid = (args: JSONObject) => Array.isArray(args.tags) && typeof args.count === "number";
    const schema = {
      type: "object",
      properties: { tags: { type: "array", items: { type: "string" } }, count: { type: "integer" } },
    };
    const result = repairArguments({ arguments: null, rawArguments: raw }, schema, isValid);
    expect(result?.arguments.count).toBe(7);
    expect((result?.arguments.tags as string[]).length).toBe(64 * KiB);
    expect(result?.repaired.map((r) => r.code)).toEqual([
      "fence",
      "trailing-comma",
      "single-quotes",
      "string-to-number",
    ]);
  });
});
