// The corpus: authored cases, each modelled on a public report of such model output (its `source`),
// run through `repairArguments` exactly as the loop calls it. "repaired" cases must come back as the
// arguments the model meant, with these repair codes; "ask" cases must not be repaired at all, so
// the model is asked again. Calls written as text in the qwen dialect run end to end in
// loop/repair-corpus.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { JSONObject, JSONSchema } from "../json.js";
import { repairArguments } from "./repair.js";
import { validatorFor } from "./validation.js";

/** One authored case of the corpus. */
export interface CorpusCase {
  id: string;
  source: string;
  note: string;
  tool: string;
  /** The arguments text as sent, when it is not valid JSON (or to check the text path). */
  raw?: string;
  /** The arguments as parsed, when they were valid JSON. */
  args?: JSONObject;
  /** For calls written in a reply's text (`dialect: "qwen"`): the reply. */
  dialect?: "qwen";
  text?: string;
  expect: "repaired" | "ask";
  arguments?: JSONObject;
  codes?: string[];
}

const folder = join(__dirname, "repair-corpus");
const read = <T>(name: string): T => JSON.parse(readFileSync(join(folder, name), "utf8")) as T;
const tools = read<Record<string, JSONSchema>>("tools.json");
const cases = [...read<CorpusCase[]>("text.json"), ...read<CorpusCase[]>("values.json")];

function parsed(raw: string): JSONObject | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JSONObject) : null;
  } catch {
    return null;
  }
}

describe("repair corpus", () => {
  it("holds enough cited cases of both kinds", () => {
    const all = [...cases, ...read<CorpusCase[]>("qwen.json")];
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.filter((c) => c.expect === "ask").length).toBeGreaterThanOrEqual(30);
    for (const c of all) expect([c.id, c.source]).toEqual([c.id, expect.stringMatching(/^https:\/\/github\.com\//)]);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it.each(cases.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const schema = tools[c.tool]!;
    const valid = (args: JSONObject) => validatorFor(schema)(args) === undefined;
    const rawArguments = c.raw ?? JSON.stringify(c.args);
    const args = c.args ?? parsed(rawArguments);
    const result = repairArguments({ arguments: args, rawArguments }, schema, valid, { toolName: c.tool });
    if (c.expect === "ask") {
      expect(result).toBeUndefined();
      return;
    }
    expect(result?.arguments).toEqual(c.arguments);
    expect(result?.repaired.map((r) => r.code)).toEqual(c.codes);
    expect(valid(result!.arguments)).toBe(true);
  });
});
