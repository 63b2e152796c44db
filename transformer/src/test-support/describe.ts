import ts from "typescript";
import {
  describeTool,
  formatDiagnostic,
  schemaOfType,
  type ToolDeclaration,
  type ToolMetadata,
} from "../engine/index.js";
import { createVirtualProgram, projectRoot, type CompileOptions } from "./compile.js";

/** What describing one declaration of a virtual file gave. */
export interface Described {
  metadata?: ToolMetadata;
  /** Formatted `file:line:col - error TTnnnn: message` lines. */
  errors: string[];
}

/** Finds the function, method or const-held function named `name` in a source file. */
export function findDeclaration(sourceFile: ts.SourceFile, name: string): ToolDeclaration {
  let found: ToolDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      node.name.text === name
    )
      found ??= node;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) found ??= node.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error(`no declaration named ${name}`);
  return found;
}

/** Describes the tool `name` declared in `source` (written to /project/tools.ts, beside `extra` files). */
export function describeSource(
  source: string,
  name = "tool",
  extra: Record<string, string> = {},
  options: CompileOptions = {},
): Described {
  const program = createVirtualProgram({ "tools.ts": source, ...extra }, options);
  const typeErrors = program.typeErrors();
  if (typeErrors.length > 0) throw new Error(`test source does not compile:\n${typeErrors.join("\n")}`);
  const result = describeTool(ts, program.checker, findDeclaration(program.file("tools.ts"), name), {
    sourceRoot: projectRoot,
  });
  return { metadata: result.metadata, errors: result.diagnostics.map((d) => formatDiagnostic(ts, d, projectRoot)) };
}

/** The schema of type alias or interface `name` declared in `source`, as `jsonSchema<name>()` gives it. */
export function schemaOfSource(
  source: string,
  name: string,
): { schema?: unknown; errors: string[]; dates: string[][] } {
  const program = createVirtualProgram({ "types.ts": source });
  const typeErrors = program.typeErrors();
  if (typeErrors.length > 0) throw new Error(`test source does not compile:\n${typeErrors.join("\n")}`);
  const file = program.file("types.ts");
  const declaration = file.statements.find(
    (s): s is ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.ClassDeclaration | ts.EnumDeclaration =>
      (ts.isTypeAliasDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isEnumDeclaration(s)) &&
      s.name?.text === name,
  );
  if (!declaration?.name) throw new Error(`no type named ${name}`);
  const type =
    ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration) || ts.isEnumDeclaration(declaration)
      ? program.checker.getDeclaredTypeOfSymbol(program.checker.getSymbolAtLocation(declaration.name)!)
      : program.checker.getTypeAtLocation(declaration.name);
  const result = schemaOfType(ts, program.checker, type, declaration.name, { subject: { what: name } });
  return {
    schema: result.schema,
    errors: result.diagnostics.map((d) => formatDiagnostic(ts, d, projectRoot)),
    dates: result.dates,
  };
}
