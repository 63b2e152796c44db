import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { ts } from "ts-morph";
import { formatDiagnostic, type TypeScript } from "../engine/index.js";
import { copyFixture, type FixtureCopy } from "../sidecar/fixtures/fixture-project.js";
import { injectIntoText } from "./inject-text.js";
import { ProjectProgram } from "./project-program.js";

jest.setTimeout(120_000);
const tsm = ts as unknown as TypeScript;

/** True when `small`'s characters appear in `large` in order (what only insertions leave). */
function isSubsequence(small: string, large: string): boolean {
  let i = 0;
  for (const char of large) if (char === small[i]) i++;
  return i === small.length;
}

describe("injectIntoText and ProjectProgram (the bundler plugin's core)", () => {
  let fixture: FixtureCopy;
  let project: ProjectProgram;
  const transform = (name: string, text?: string) => {
    const found = project.sourceFile(join(fixture.directory, "src", name), text, "full")!;
    return { found, ...injectIntoText(tsm, found.program, found.sourceFile, project.directory) };
  };

  beforeAll(async () => {
    fixture = copyFixture("plugin-project");
    project = await ProjectProgram.open(fixture.tsconfig);
  });
  afterAll(() => fixture.remove());

  it("only inserts the transformer's arguments, on their call's line: the rest of the text is kept byte for byte", () => {
    const original = readFileSync(join(fixture.directory, "src/tools.ts"), "utf8");
    const { code, diagnostics } = transform("tools.ts");
    expect(diagnostics).toEqual([]);
    const before = original.split("\n");
    const after = code!.split("\n");
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed).toHaveLength(3); // @Description(...), `hello,` inside add( … ), jsonSchema<…>()
    after.forEach((line, i) => expect(isSubsequence(before[i]!, line)).toBe(true));
  });

  it("writes arguments the runtime reads: padding then the metadata, also after a trailing comma", () => {
    const { code } = transform("tools.ts");
    const parsed = tsm.createSourceFile("out.ts", code!, tsm.ScriptTarget.ES2022, true);
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (tsm.isCallExpression(node)) calls.push(node as unknown as ts.CallExpression);
      tsm.forEachChild(node, visit);
    };
    visit(parsed);
    const add = calls.find((call) => call.getText().startsWith("registry.add(\n  hello"))!;
    expect(add.arguments.map((a) => a.getText().slice(0, 12))).toEqual(["hello", "void 0", "{ v: 1, name"]);
    const macro = calls.find((call) => call.expression.getText() === "jsonSchema")!;
    expect(macro.arguments).toHaveLength(1);
    expect(macro.arguments[0]!.getText()).toContain('type: "object"');
    const decorator = calls.find((call) => call.expression.getText() === "Description")!;
    expect(decorator.arguments.map((a) => a.getText().slice(0, 8))).toEqual(['"The tim', "void 0", "{ v: 1, "]);
  });

  it("leaves a file without tool sites alone", () => {
    const { code, diagnostics } = transform("plain.ts");
    expect(code).toBeUndefined();
    expect(diagnostics).toEqual([]);
  });

  it("returns the engine's errors instead of code", () => {
    const { code, diagnostics } = transform("broken.ts");
    expect(code).toBeUndefined();
    expect(diagnostics.map((d) => formatDiagnostic(tsm, d, project.directory))).toEqual([
      expect.stringMatching(/^src\/broken\.ts:\d+:\d+ - error TT9202: .*callback/),
    ]);
  });

  it("follows the text the bundler hands over, and the disk after invalidate()", () => {
    const plain = join(fixture.directory, "src/plain.ts");
    const withTool = 'import { jsonSchema } from "@tooltype/core";\nexport const s = jsonSchema<{ n: number }>();\n';
    expect(transform("plain.ts", withTool).code).toContain("jsonSchema<{ n: number }>({");
    const withDate = 'import { jsonSchema } from "@tooltype/core";\nexport const d = jsonSchema<{ at: Date }>();\n';
    expect(transform("plain.ts", withDate).code).toMatch(/jsonSchema<\{ at: Date \}>\(\{.*\}, \[\["at"\]\]\);/);
    writeFileSync(
      plain,
      'import { jsonSchema } from "@tooltype/core";\nexport const t = jsonSchema<{ flag: boolean }>();\n',
    );
    project.invalidate(plain);
    expect(transform("plain.ts").code).toContain('flag: { type: "boolean" }');
    writeFileSync(plain, "export const answer = 42;\n");
    project.invalidate();
    expect(transform("plain.ts").code).toBeUndefined();
  });
});
