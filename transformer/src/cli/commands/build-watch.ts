import { dirname } from "node:path";
import type * as ts from "typescript";
import { formatDiagnostic } from "../../engine/diagnostics.js";
import type { TypeScript } from "../../engine/types.js";
import { createTransformer } from "../../transform/transformer.js";
import type { CliIO } from "../command.js";

/**
 * `tooltype build --watch`: tsc's watch mode, each rebuild emitted with the transformer. Runs
 * until the process is stopped; diagnostics are printed as they come.
 */
export function watchProject(tsm: TypeScript, configPath: string, overrides: ts.CompilerOptions, io: CliIO): Promise<number> {
  const print = (diagnostic: ts.Diagnostic): void => io.err(formatDiagnostic(tsm, diagnostic, io.cwd));
  const host = tsm.createWatchCompilerHost(
    configPath,
    overrides,
    tsm.sys,
    tsm.createEmitAndSemanticDiagnosticsBuilderProgram,
    print,
    (status) => io.out(tsm.flattenDiagnosticMessageText(status.messageText, "\n")),
  );
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseAll;
  const root = dirname(configPath);
  host.afterProgramCreate = (builder) => {
    const program = builder.getProgram();
    for (const diagnostic of tsm.getPreEmitDiagnostics(program)) print(diagnostic);
    const transformer = createTransformer(tsm, program, { sourceRoot: root, onDiagnostic: print });
    builder.emit(undefined, undefined, undefined, undefined, { before: [transformer] });
  };
  tsm.createWatchProgram(host);
  return new Promise<number>(() => undefined);
}
