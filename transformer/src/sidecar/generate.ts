import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type * as ts from "typescript";
import { formatDiagnostic } from "../engine/index.js";
import { collectTools, type CollectedTool } from "./collect-tools.js";
import { loadProject, type LoadedProject } from "./load-project.js";
import { renderSidecar, type SidecarEntry, type SidecarOutput } from "./render-sidecar.js";

/** Options of `generateSidecar` (the `tooltype generate` command). */
export interface GenerateOptions {
  /** Path of the project's tsconfig.json. */
  project: string;
  /** Where the sidecar module goes, e.g. `src/tooltype.generated.ts`. */
  outFile: string;
  /** Module to import `registerToolMetadata` from. Default `@tooltype/core`. */
  coreModule?: string;
  /** The command quoted in the header. Default `tooltype generate`. */
  command?: string;
}

/** The outcome of one generation. */
export interface GenerateResult {
  /** False when an error diagnostic was found: then nothing is written. */
  ok: boolean;
  /** Absolute path of the sidecar. */
  outFile: string;
  /** The sidecar text (also when not ok, for inspection). */
  text: string;
  /** The tools registered, sorted by key. */
  entries: SidecarEntry[];
  /** The output schemas registered (`jsonSchema<T>("id")`), sorted by id. */
  outputs: SidecarOutput[];
  /** Every error and warning, engine's and sidecar's. */
  diagnostics: ts.Diagnostic[];
  /** The diagnostics as `file:line:col - error TTnnnn: message` lines, paths relative to the project. */
  messages: string[];
  /** True when the file was written (it did not exist or its content changed). */
  written: boolean;
}

/** Reads the project (or uses `loaded`, a project already read) and builds the sidecar text without writing it. */
export function generateSidecar(
  options: GenerateOptions,
  loaded: LoadedProject = loadProject(options.project),
): GenerateResult {
  const outFile = resolve(options.outFile);
  const files = loaded.sourceFiles().filter((file) => resolve(file.fileName) !== outFile);
  const { tools, outputs, diagnostics } = collectTools(loaded, files, { forSidecar: true });
  // A tool that is not exported cannot be imported: it is reported (an error) and left out.
  const entries: SidecarEntry[] = tools.filter(
    (tool): tool is CollectedTool & SidecarEntry => tool.exportName !== undefined,
  );
  const sortedDiagnostics = [...diagnostics].sort(
    (a, b) => (a.file?.fileName ?? "").localeCompare(b.file?.fileName ?? "") || (a.start ?? 0) - (b.start ?? 0),
  );
  const text = renderSidecar(entries, { outFile, coreModule: options.coreModule, command: options.command }, outputs);
  const ok = !sortedDiagnostics.some((d) => d.category === loaded.ts.DiagnosticCategory.Error);
  const messages = sortedDiagnostics.map((d) => formatDiagnostic(loaded.ts, d, loaded.directory));
  return { ok, outFile, text, entries, outputs, diagnostics: sortedDiagnostics, messages, written: false };
}

/** Generates the sidecar and writes it when there is no error and its content changed. */
export function writeSidecar(options: GenerateOptions, loaded?: LoadedProject): GenerateResult {
  const result = generateSidecar(options, loaded);
  if (!result.ok) return result;
  const current = existsSync(result.outFile) ? readFileSync(result.outFile, "utf8") : undefined;
  if (current === result.text) return result;
  mkdirSync(dirname(result.outFile), { recursive: true });
  writeFileSync(result.outFile, result.text);
  return { ...result, written: true };
}
