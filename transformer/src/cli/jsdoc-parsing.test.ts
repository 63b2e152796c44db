import { join } from "node:path";
import ts from "typescript";
import { symbolDocText } from "../engine/jsdoc.js";
import { createTempProject, tsconfig, type TempProject } from "../fixtures/temp-project.js";
import { parseJsDocForTools } from "./jsdoc-parsing.js";

const source = `import type { Shelf } from "./shelf";
/** What a lookup may be narrowed to. */
export interface Filter {
  /** Only rows from this year on. */
  since?: number;
  shelf?: Shelf;
}
export const rows: number[] = [];
`;

// A declaration file, as an installed package ships it.
const declarations = `/** Where a row is kept. */
export interface Shelf {
  /** The shelf's label. */
  label: string;
}
`;

function programOf(project: TempProject): ts.Program {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, strict: true, types: [] };
  const host = ts.createCompilerHost(options);
  parseJsDocForTools(ts, host);
  return ts.createProgram({ rootNames: [join(project.directory, "src/filter.ts")], options, host });
}

function docBlocks(node: ts.Node): number {
  return ts.getJSDocCommentsAndTags(node).filter((n) => ts.isJSDoc(n)).length;
}

describe("parseJsDocForTools", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.remove());

  it("keeps every JSDoc of the project's files but parses declaration files (TypeScript's lib, packages) as tsc does", () => {
    project = createTempProject({
      "tsconfig.json": tsconfig(),
      "src/filter.ts": source,
      "src/shelf.d.ts": declarations,
    });
    const program = programOf(project);
    const checker = program.getTypeChecker();
    const file = program.getSourceFile(join(project.directory, "src/filter.ts").replace(/\\/g, "/"))!;
    const filter = file.statements.find(ts.isInterfaceDeclaration)!;
    expect(docBlocks(filter)).toBe(1);
    expect(docBlocks(filter.members[0]!)).toBe(1);

    // `Array#length` is documented in lib.es5.d.ts without @see or @link: tsc skips that block.
    const rows = file.statements.find(ts.isVariableStatement)!.declarationList.declarations[0]!;
    const length = checker.getTypeAtLocation(rows).getProperty("length")!;
    const declaration = length.declarations![0]!;
    expect(program.isSourceFileDefaultLibrary(declaration.getSourceFile())).toBe(true);
    expect(docBlocks(declaration)).toBe(0);
    // The engine still reads it (from a full re-parse of that lib file), as a tool schema would.
    expect(symbolDocText(ts, checker, length)).toMatch(/^Gets or sets the length of the array/);

    // The same for a declaration file of the project's own.
    const shelf = checker.getTypeAtLocation(filter.members[1]!).getNonNullableType();
    const label = shelf.getProperty("label")!;
    expect(docBlocks(shelf.getSymbol()!.declarations![0]!)).toBe(0);
    expect(docBlocks(label.declarations![0]!)).toBe(0);
    expect(symbolDocText(ts, checker, shelf.getSymbol()!)).toBe("Where a row is kept.");
    expect(symbolDocText(ts, checker, label)).toBe("The shelf's label.");
  });
});
