import ts from "typescript";
import { formatDiagnostic } from "../engine/diagnostics.js";
import { createTransformer, type TransformerOptions } from "../transform/transformer.js";
import { createVirtualProgram, projectRoot, type CompileOptions } from "./compile.js";

/** The emitted JavaScript of each virtual file and the transformer's diagnostics. */
export interface Transformed {
  /** Emitted JavaScript by source name (`tools.ts` → its `.js` text). */
  js: Record<string, string>;
  /** `file:line:col - error TTnnnn: message` lines. */
  errors: string[];
}

/** Compiles virtual files with the tooltype transformer (CommonJS output, in memory); `injectAs` as the transformer's option. */
export function transformSources(
  files: Record<string, string>,
  options: CompileOptions = {},
  injectAs?: TransformerOptions["injectAs"],
): Transformed {
  const virtual = createVirtualProgram(files, options);
  const typeErrors = virtual.typeErrors();
  if (typeErrors.length > 0) throw new Error(`test source does not compile:\n${typeErrors.join("\n")}`);
  const diagnostics: ts.Diagnostic[] = [];
  const js: Record<string, string> = {};
  const transformer = createTransformer(ts, virtual.program, { injectAs, onDiagnostic: (d) => diagnostics.push(d) });
  virtual.program.emit(
    undefined,
    (fileName, text) => {
      if (fileName.endsWith(".js")) js[fileName.slice(`${projectRoot}/out/`.length).replace(/\.js$/, ".ts")] = text;
    },
    undefined,
    false,
    { before: [transformer] },
  );
  return { js, errors: diagnostics.map((d) => formatDiagnostic(ts, d, projectRoot)) };
}
