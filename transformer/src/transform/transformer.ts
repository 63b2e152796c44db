import type * as ts from "typescript";
import { jsonToExpression } from "../engine/json-expression.js";
import type { TypeScript } from "../engine/types.js";
import { planFile, type Injection } from "./plan-file.js";
import { TransformDiagnosticsError } from "./transform-error.js";

/** The program a file belongs to; a function for hosts whose program changes between files (ts-jest). */
export type ProgramSource = ts.Program | ((sourceFile: ts.SourceFile) => ts.Program | undefined);

/** Options of `createTransformer`. */
export interface TransformerOptions {
  /** Receives each diagnostic. Without it, a file with diagnostics throws `TransformDiagnosticsError`. */
  onDiagnostic?: (diagnostic: ts.Diagnostic) => void;
  /** Directory `source` paths and messages are relative to; default: the program's current directory. */
  sourceRoot?: string;
}

/**
 * The tooltype `before` transformer: injects metadata literals at `@Description(...)` decorators,
 * `registry.add(fn)`, `defineTool(...)` and `jsonSchema<T>()` calls of `@tooltype/core`.
 */
export function createTransformer(
  tsm: TypeScript,
  programSource: ProgramSource,
  options: TransformerOptions = {},
): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (sourceFile) => {
    const original = (tsm.getOriginalNode(sourceFile) as ts.SourceFile | undefined) ?? sourceFile;
    const program = typeof programSource === "function" ? programSource(original) : programSource;
    if (!program || original.isDeclarationFile) return sourceFile;
    const root = options.sourceRoot ?? program.getCurrentDirectory();
    const plan = planFile(tsm, program.getTypeChecker(), original, root);
    if (plan.diagnostics.length > 0) {
      if (!options.onDiagnostic) throw new TransformDiagnosticsError(tsm, plan.diagnostics, root);
      for (const diagnostic of plan.diagnostics) options.onDiagnostic(diagnostic);
    }
    if (plan.injections.size === 0) return sourceFile;
    const visitor = (node: ts.Node): ts.Node => {
      const visited = tsm.visitEachChild(node, visitor, context);
      if (!tsm.isCallExpression(visited)) return visited;
      const injection = plan.injections.get(tsm.getOriginalNode(node) as ts.CallExpression);
      return injection ? inject(tsm, visited, injection) : visited;
    };
    return tsm.visitNode(sourceFile, visitor) as ts.SourceFile;
  };
}

/** The call with `void 0` padding up to the injection's position and the literal there. */
function inject(tsm: TypeScript, call: ts.CallExpression, injection: Injection): ts.CallExpression {
  const f = tsm.factory;
  const args: ts.Expression[] = [...call.arguments];
  while (args.length < injection.position) args.push(f.createVoidZero());
  args.splice(injection.position, args.length - injection.position, jsonToExpression(tsm, injection.value));
  return f.updateCallExpression(call, call.expression, call.typeArguments, args);
}
