import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { GenerateOptions, GenerateResult } from "../sidecar/generate.js";
import type { CliIO, Command } from "./command.js";
import { findTsconfig } from "./find-tsconfig.js";

const usage = `Usage: tooltype generate [-p tsconfig.json] [-o src/tooltype.generated.ts] [--watch] [--core @tooltype/core]

Reads the project with ts-morph (its own TypeScript copy: works beside TypeScript 7) and writes one
sidecar module that attaches each tool's schema to the exported classes and functions it imports.
Import it once at start-up in builds that run no transformer (tsx, swc, esbuild, Vite, TS 7's tsc).

  -p, --project  tsconfig.json, or a directory holding one (default: the nearest from here)
  -o, --out      the sidecar file (default: src/tooltype.generated.ts beside the tsconfig)
  -w, --watch    regenerate after every change to a TypeScript file
      --core     module to import registerToolMetadata and registerOutputSchema from (default: @tooltype/core)

A decorated class or registered function that is not exported is an error (nothing is written);
jsonSchema<T>("id") schemas are registered under their site id (one type per id, else an error);
defineTool<T>() and jsonSchema<T>() without an id need the transformer and are reported as warnings.
Exits with 1 when there is an error.`;

function report(result: GenerateResult, io: CliIO, errorCategory: number): number {
  for (const message of result.messages) io.err(message);
  const where = relative(io.cwd, result.outFile) || result.outFile;
  const count = `${result.entries.length} ${result.entries.length === 1 ? "tool" : "tools"}`;
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.category === errorCategory).length;
    io.err(`No sidecar written: ${errors} ${errors === 1 ? "error" : "errors"}.`);
    return 1;
  }
  io.out(result.written ? `Wrote ${where} (${count}).` : `${where} is up to date (${count}).`);
  return 0;
}

/** `tooltype generate`: writes the sidecar module. */
export const generateCommand: Command = {
  name: "generate",
  summary: "write the sidecar module for builds without the transformer (-p tsconfig.json -o file)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: {
        project: { type: "string", short: "p" },
        out: { type: "string", short: "o" },
        watch: { type: "boolean", short: "w" },
        core: { type: "string" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) {
      io.err(`tooltype generate: unexpected argument "${positionals[0]}"\n${usage}`);
      return 2;
    }
    // ts-morph (a compiler copy of its own) loads only when this command runs: `tooltype build` never pays for it.
    const [{ ts }, { writeSidecar }, { watchSidecar }] = await Promise.all([
      import("ts-morph"),
      import("../sidecar/generate.js"),
      import("../sidecar/watch.js"),
    ]);
    const errorCategory = ts.DiagnosticCategory.Error;
    const project = findTsconfig(ts, io.cwd, values.project);
    if (!project) {
      io.err(
        `tooltype generate: no tsconfig.json found ${values.project ? `at ${values.project}` : `from ${io.cwd}`}; pass -p path/to/tsconfig.json`,
      );
      return 2;
    }
    const outFile = values.out ? resolve(io.cwd, values.out) : join(dirname(project), "src", "tooltype.generated.ts");
    const options: GenerateOptions = {
      project,
      outFile,
      coreModule: values.core,
      command: commandLine(project, outFile, values.core),
    };
    if (!values.watch) return report(writeSidecar(options), io, errorCategory);
    return new Promise<number>((done) => {
      const watcher = watchSidecar(options, (outcome) => {
        if (outcome instanceof Error) io.err(`tooltype generate: ${outcome.message}`);
        else report(outcome, io, errorCategory);
      });
      io.out("Watching for changes (Ctrl+C to stop).");
      process.once("SIGINT", () => {
        watcher.close();
        done(0);
      });
    });
  },
};

/** The command that regenerates this sidecar, run from the tsconfig's directory (relative paths: the same on every machine). */
function commandLine(project: string, outFile: string, core: string | undefined): string {
  const base = dirname(project);
  const parts = [
    "tooltype generate",
    `-p ${relative(base, project) || "tsconfig.json"}`,
    `-o ${relative(base, outFile)}`,
  ];
  if (core) parts.push(`--core ${core}`);
  return parts.join(" ");
}
