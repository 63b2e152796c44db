#!/usr/bin/env node
import * as nodeModule from "node:module";
import { enableCompilerCodeCache } from "./compiler-code-cache.js";
import { runCli } from "./run-cli.js";

// As tsc does: Node 22.1+ keeps the compiled code of typescript.js (9 MB) between runs; older
// Node versions get the same for the compiler from enableCompilerCodeCache.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
enableCompilerCodeCache();

// The `tooltype` executable (bin of @tooltype/transformer).
void runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
