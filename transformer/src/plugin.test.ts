import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import ts from "typescript";
import { describeTool, schemaOfType } from "./engine/index.js";
import tooltypePlugin from "./index.js";
import { createVirtualProgram } from "./fixtures/compile.js";
import { createTempProject, tsconfig } from "./fixtures/temp-project.js";

const files = {
  "tools.ts":
    'import { Description } from "@tooltype/core";\nexport class A {\n  @Description("Add.")\n  add(a: number, b: number) { return a + b; }\n  @Description("Bad.")\n  bad(s: symbol) {}\n}\n',
};

describe("the ts-patch plugin (default export)", () => {
  it("takes (program, config, { ts, addDiagnostic }) and returns the transformer; diagnostics go to the program", () => {
    const { program } = createVirtualProgram(files);
    const added: ts.Diagnostic[] = [];
    const before = tooltypePlugin(program, {}, { ts, addDiagnostic: (d) => added.push(d) });
    let js = "";
    program.emit(undefined, (name, text) => void (name.endsWith(".js") && (js = text)), undefined, false, {
      before: [before],
    });
    expect(js).toContain(`Description)("Add.", void 0, JSON.parse('{"v":1,"name":"add"`);
    expect(added.map((d) => [d.code, d.source, d.file?.fileName])).toEqual([[9202, "tooltype", "/project/tools.ts"]]);
  });

  it("asks for ts-patch when the `ts` module is not handed over", () => {
    const { program } = createVirtualProgram(files);
    expect(() => tooltypePlugin(program)).toThrow(TypeError);
    expect(() => tooltypePlugin(program)).toThrow(/needs the `ts` module ts-patch passes/);
  });

  it("exports the engine API by name", () => {
    expect(typeof describeTool).toBe("function");
    expect(typeof schemaOfType).toBe("function");
  });
});

describe("the ts-patch plugin under tspc", () => {
  it("has tsc print its diagnostics as TTnnnn (plain and --pretty), the compiler's own as TSnnnn", () => {
    const project = createTempProject({
      "tsconfig.json": tsconfig({ plugins: [{ transform: join(__dirname, "..", "dist", "cjs", "index.js") }] }),
      "src/tools.ts": `import { Description } from "@tooltype/core";
export class A {
  @Description("Bad.")
  bad(...rest: string[]) { return rest; }
}
export const n: number = "not a number";
`,
    });
    const tspc = join(require.resolve("ts-patch/package.json"), "..", "bin", "tspc.js");
    const run = (...extra: string[]) =>
      spawnSync(process.execPath, [tspc, "-p", project.directory, ...extra], { encoding: "utf8" }).stdout;
    try {
      const plain = run("--pretty", "false");
      expect(plain).toMatch(/src\/tools\.ts\(4,7\): error TT9206: tool "bad", parameter "rest": a rest parameter/);
      expect(plain).toMatch(/src\/tools\.ts\(6,14\): error TS2322: /);
      expect(plain).not.toContain("TS9206");
      expect(stripVTControlCharacters(run("--pretty"))).toMatch(/src\/tools\.ts:4:7 - error TT9206: tool "bad"/);
    } finally {
      project.remove();
    }
  });
});
