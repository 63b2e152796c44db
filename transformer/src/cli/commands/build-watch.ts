import { dirname } from "node:path";
import type * as ts from "typescript";
import { formatDiagnostic } from "../../engine/diagnostics.js";
import type { TypeScript } from "../../engine/types.js";
import { createTransformer } from "../../transform/transformer.js";
import type { CliIO } from "../command.js";

/**
 * Starts tsc's watch mode with every (re)build emitted through the transformer; diagnostics are
 * printed as they come. `onBuilt` hears how many diagnostics each build had. Close the returned
 * watch to stop.
 */
export function startWatch(
  tsm: TypeScript,
  configPath: string,
  overrides: ts.CompilerOptions,
  io: CliIO,
  onBuilt?: (diagnostics: number) => void,
): ts.WatchOfConfigFile<ts.EmitAndSemanticDiagnosticsBuilderProgram> {
  const print = (diagnostic: ts.Diagnostic): void => io.err(formatDiagnostic(tsm, diagnostic, io.cwd));
  const host = tsm.createWatchCompilerHost(
    configPath,
    overrides,
    tsm.sys,
    tsm.createEmitAndSemanticDiagnosticsBuilderProgram,
    print,
    (status) => io.out(tsm.flattenDiagnosticMessageText(status.messageText, "\n")),
  );
  // tsc skips JSDoc it does not need for type errors; descriptions and constraint tags need it all.
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseAll;
  const root = dirname(configPath);
  host.afterProgramCreate = (builder) => {
    const program = builder.getProgram();
    let count = 0;
    const report = (diagnostic: ts.Diagnostic): void => {
      count++;
      print(diagnostic);
    };
    for (const diagnostic of tsm.getPreEmitDiagnostics(program)) report(diagnostic);
    const transformer = createTransformer(tsm, program, {
      sourceRoot: root,
      injectAs: "json-parse",
      onDiagnostic: report,
    });
    builder.emit(undefined, undefined, undefined, undefined, { before: [transformer] });
    onBuilt?.(count);
  };
  return tsm.createWatchProgram(host);
}

/** `tooltype build --watch`: runs until the process is stopped. */
export function watchProject(
  tsm: TypeScript,
  configPath: string,
  overrides: ts.CompilerOptions,
  io: CliIO,
): Promise<number> {
  startWatch(tsm, configPath, overrides, io);
  return new Promise<number>(() => undefined);
}
