import ts from "typescript";
import { jsonParseExpression } from "../engine/json-parse-expression.js";
import type { TypeScript } from "../engine/types.js";
import { runWithFakeCore } from "../fixtures/run-js.js";
import { transformSources } from "../fixtures/transform.js";

const tsm = ts as unknown as TypeScript;

// Descriptions with every character a string literal must escape: quotes, backslash, line breaks, U+2028, non-ASCII.
const tools = `import { Description, ToolRegistry, jsonSchema } from "@tooltype/core";
export class Notes {
  /**
   * @param title the note's "title" \\ with a back\\slash, a tab\\t and \u2028 a line separator
   * @param tags élan, 東京, emoji 🙂
   */
  @Description("Write a note (it's kept).\\nSecond line.")
  write(title: string, tags: string[] = [], mode: "a'b" | 'c"d' = "a'b", extra?: { "__proto__"?: number; "odd key": string }): string {
    return title + tags.join(",") + mode;
  }
}
export function shout(text: string): string {
  return text.toUpperCase();
}
new ToolRegistry().add(shout);
export const schema = jsonSchema<{ n: number; "odd key": -1 | 2.5 | 1e21 }>();
`;

function transformed(injectAs?: "json-parse") {
  const { js, errors } = transformSources({ "tools.ts": tools }, {}, injectAs);
  expect(errors).toEqual([]);
  return js["tools.ts"]!;
}

describe('injectAs: "json-parse" (what tooltype build, the ts-patch plugin and the jest entry emit)', () => {
  it("writes each injected value as one JSON.parse('…') call", () => {
    const js = transformed("json-parse");
    expect(js).toContain(
      `(0, core_1.Description)("Write a note (it's kept).\\nSecond line.", void 0, JSON.parse('{"v":1,`,
    );
    expect(js).toContain(`.add(shout, void 0, JSON.parse('{"v":1,"name":"shout"`);
    expect(js).toContain(`(0, core_1.jsonSchema)(JSON.parse('{"type":"object"`);
    expect(js).not.toContain("v: 1");
  });

  it("passes the runtime the very values the object literals give: quotes, escapes, __proto__ keys, numbers", () => {
    const parsed = runWithFakeCore(transformed("json-parse")).calls;
    const literal = runWithFakeCore(transformed()).calls;
    // `add` gets each run's own `shout` function: compare what follows it.
    const afterFunction = (calls: typeof parsed) => ({ ...calls, add: calls.add.map((args) => args.slice(1)) });
    expect(afterFunction(parsed)).toEqual(afterFunction(literal));
    expect(parsed.add[0]![2]).toMatchObject({ name: "shout" });
    expect(parsed.description).toHaveLength(1);
    type Schema = { properties: Record<string, Schema> };
    const metadata = parsed.description[0]![2] as { schema: Schema };
    const extra = metadata.schema.properties.extra!.properties;
    expect(Object.keys(extra)).toEqual(["__proto__", "odd key"]);
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(JSON.stringify(parsed.jsonSchema)).toBe(JSON.stringify(literal.jsonSchema));
  });

  it("keeps object literals in a file that declares its own JSON (the global might be shadowed there)", () => {
    const source = `import { jsonSchema } from "@tooltype/core";
function local() {
  const JSON = { parse: (text: string) => text.length };
  return JSON.parse("x");
}
export const schema = jsonSchema<{ n: number }>();
export const length = local();
`;
    const { js, errors } = transformSources({ "tools.ts": source }, {}, "json-parse");
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain('(0, core_1.jsonSchema)({ type: "object"');
    expect(runWithFakeCore(js["tools.ts"]!).calls.jsonSchema).toEqual([
      [{ type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false }],
    ]);
  });

  it("writes a value JSON cannot carry exactly (-0) as an object literal", () => {
    const printer = ts.createPrinter();
    const print = (value: unknown) =>
      printer.printNode(
        ts.EmitHint.Expression,
        jsonParseExpression(tsm, value) as ts.Expression,
        ts.createSourceFile("x.ts", "", ts.ScriptTarget.ES2022),
      );
    expect(print({ minimum: -0 })).toBe("{ minimum: -0 }");
    expect(print({ minimum: 0, a: [1, "it's"] })).toBe(`JSON.parse('{"minimum":0,"a":[1,"it\\'s"]}')`);
  });
});
