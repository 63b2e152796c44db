import ts from "typescript";
import tooltypePlugin, { describeTool, schemaOfType } from "./index.js";
import { createVirtualProgram } from "./test-support/compile.js";

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
    expect(js).toContain('Description)("Add.", void 0, { v: 1, name: "add"');
    expect(added.map((d) => [d.code, d.source, d.file?.fileName])).toEqual([[9202, "tooltype", "/project/tools.ts"]]);
  });

  it("asks for ts-patch when the `ts` module is not handed over", () => {
    const { program } = createVirtualProgram(files);
    expect(() => tooltypePlugin(program)).toThrow(/needs the `ts` module ts-patch passes/);
  });

  it("exports the engine API by name", () => {
    expect(typeof describeTool).toBe("function");
    expect(typeof schemaOfType).toBe("function");
  });
});
