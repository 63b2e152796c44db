import type * as ts from "typescript";
import { createTransformer } from "../transform/transformer.js";
import type { TypeScript } from "../engine/types.js";

/** The transformed text of one file, or the diagnostics that stop the build. */
export interface TransformedText {
  /** Undefined when the transformer changed nothing (the bundler keeps the file as is). */
  code?: string;
  diagnostics: ts.Diagnostic[];
}

interface Insertion {
  at: number;
  text: string;
}

/**
 * Runs the tooltype TransformerFactory over `sourceFile` and writes its result back as TypeScript
 * text. The transformer only appends arguments to calls (the metadata literal, padded with
 * `void 0`), so the original text is kept byte for byte and each addition is spliced in, on the
 * line of its call: line numbers never move, so the bundler's own source map stays right. Should a
 * future transformer change more than that, the whole file is printed instead.
 */
export function injectIntoText(
  tsm: TypeScript,
  program: ts.Program,
  sourceFile: ts.SourceFile,
  sourceRoot: string,
): TransformedText {
  const diagnostics: ts.Diagnostic[] = [];
  const factory = createTransformer(tsm, program, {
    sourceRoot,
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
  });
  const result = tsm.transform(sourceFile, [factory], program.getCompilerOptions());
  try {
    const output = result.transformed[0]!;
    if (diagnostics.some((d) => d.category === tsm.DiagnosticCategory.Error)) return { diagnostics };
    if (output === sourceFile) return { diagnostics };
    const printer = tsm.createPrinter({ removeComments: false });
    const insertions = appendedArguments(tsm, output, sourceFile, printer);
    if (insertions === undefined) return { code: printer.printFile(output), diagnostics };
    let code = sourceFile.text;
    for (const { at, text } of insertions.sort((a, b) => b.at - a.at)) code = code.slice(0, at) + text + code.slice(at);
    return { code, diagnostics };
  } finally {
    result.dispose();
  }
}

/** The text to insert for every call that gained arguments; undefined if anything else changed. */
function appendedArguments(
  tsm: TypeScript,
  output: ts.SourceFile,
  original: ts.SourceFile,
  printer: ts.Printer,
): Insertion[] | undefined {
  const insertions: Insertion[] = [];
  let understood = true;
  const visit = (node: ts.Node): void => {
    if (!understood) return;
    const source = tsm.getOriginalNode(node);
    if (source !== node && tsm.isCallExpression(node)) {
      if (!tsm.isCallExpression(source) || source.getSourceFile() !== original) {
        understood = false;
        return;
      }
      const before = source.arguments;
      const keeps =
        node.arguments.length > before.length &&
        before.every((argument, i) => tsm.getOriginalNode(node.arguments[i]!) === argument);
      if (!keeps) {
        understood = false;
        return;
      }
      const added = node.arguments
        .slice(before.length)
        .map((argument) => printer.printNode(tsm.EmitHint.Expression, argument, original));
      if (added.some((text) => text.includes("\n"))) {
        understood = false;
        return;
      }
      const lead = before.length === 0 || before.hasTrailingComma ? "" : ", ";
      insertions.push({ at: before.end, text: `${lead}${added.join(", ")}${before.hasTrailingComma ? "," : ""}` });
    }
    // Other rebuilt nodes are parents of a changed call: look further down.
    tsm.forEachChild(node, visit);
  };
  visit(output);
  return understood ? insertions : undefined;
}
