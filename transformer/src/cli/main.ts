#!/usr/bin/env node
import { runCli } from "./run-cli.js";

// The `tooltype` executable (bin of @tooltype/transformer).
void runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
