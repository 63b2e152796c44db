import type * as ts from "typescript";
import { jsonToExpression } from "../engine/json-expression.js";
import { jsonParseExpression } from "../engine/json-parse-expression.js";
import type { TypeScript } from "../engine/types.js";
import { declaresName } from "./declares-name.js";
import { planFile } from "./plan-file.js";
import { TransformDiagnosticsError } from "./transform-error.js";

/** The program a file belongs to; a function for hosts whose program changes between files (ts-jest). */
export type ProgramSource = ts.Program | ((sourceFile: ts.SourceFile) => ts.Program | undefined);

/** Options of `createTransformer`. */
export interface TransformerOptions {
  /** Receives each diagnostic. Without it, a file with diagnostics throws `TransformDiagnosticsError`. */
  onDiagnostic?: (diagnostic: ts.Diagnostic) => void;
  /** Directory `source` paths and messages are relative to; default: the program's current directory. */
  sourceRoot?: string;
  /**
   * How injected JSON (metadata, `jsonSchema<T>()` schemas) is written: `"object-literal"` (default)
   * as `{ v: 1, name: "…", … }`; `"json-parse"` as `JSON.parse('{"v":1,"name":"…",…}')`, one string
   * literal, cheaper to emit and to load. A file that declares its own `JSON` gets object literals.
   */
  injectAs?: "object-literal" | "json-parse";
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
    const enclosing = enclosingNodes(original, plan.injections.keys());
    const write =
      options.injectAs === "json-parse" && !declaresName(tsm, original, "JSON")
        ? jsonParseExpression
        : jsonToExpression;
    const visitor = (node: ts.Node): ts.Node => {
      // Only the nodes around an injected call are rebuilt: the rest of the file is left as parsed.
      if (enclosing && !mayEnclose(tsm, enclosing, node)) return node;
      const visited = tsm.visitEachChild(node, visitor, context);
      if (!tsm.isCallExpression(visited)) return visited;
      const injection = plan.injections.get(tsm.getOriginalNode(node) as ts.CallExpression);
      if (!injection) return visited;
      const values = [injection.value, ...(injection.more ?? [])].map((value) => write(tsm, value));
      return inject(tsm, visited, values, injection.position);
    };
    return tsm.visitNode(sourceFile, visitor) as ts.SourceFile;
  };
}

/**
 * Every parsed node of `file` that contains one of `calls` (the calls included); undefined when a
 * parent link is missing (a file never bound), and then every node is searched.
 */
function enclosingNodes(file: ts.SourceFile, calls: Iterable<ts.CallExpression>): Set<ts.Node> | undefined {
  const nodes = new Set<ts.Node>([file]);
  for (const call of calls) {
    let node: ts.Node | undefined = call;
    while (node && !nodes.has(node)) {
      nodes.add(node);
      node = node.parent;
    }
    if (!node) return undefined;
  }
  return nodes;
}

/** False only for a parsed node known to hold no injected call; nodes made by an earlier transformer are searched. */
function mayEnclose(tsm: TypeScript, enclosing: ReadonlySet<ts.Node>, node: ts.Node): boolean {
  const original = tsm.getOriginalNode(node);
  return enclosing.has(original) || original.pos < 0;
}

/** The call with `void 0` padding up to `position` and `values` from there. */
function inject(
  tsm: TypeScript,
  call: ts.CallExpression,
  values: readonly ts.Expression[],
  position: number,
): ts.CallExpression {
  const f = tsm.factory;
  const args: ts.Expression[] = [...call.arguments];
  while (args.length < position) args.push(f.createVoidZero());
  args.splice(position, args.length - position, ...values);
  return f.updateCallExpression(call, call.expression, call.typeArguments, args);
}
