// Builds each package twice, ESM (dist/esm) and CommonJS (dist/cjs), with declarations.
// Usage: node scripts/build.mjs [core|transformer|testing|mcp|stores|otel|builtins ...]  (default: all, in dependency order)
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const packages = {
  core: "packages/core",
  transformer: "transformer",
  testing: "packages/testing",
  mcp: "packages/mcp",
  stores: "packages/stores",
  otel: "packages/otel",
  builtins: "packages/builtins",
};
const order = Object.keys(packages);
const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!(name in packages)) throw new Error(`unknown package "${name}"; expected one of ${order.join(", ")}`);

for (const name of order.filter((n) => wanted.length === 0 || wanted.includes(n))) {
  const dir = join(root, packages[name]);
  const project = join(dir, "tsconfig.build.json");
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const formats = [
    { out: "dist/esm", type: "module", args: [] },
    { out: "dist/cjs", type: "commonjs", args: ["--module", "commonjs"] },
  ];
  for (const format of formats) {
    const outDir = join(dir, format.out);
    try {
      execFileSync(process.execPath, [tsc, "-p", project, "--outDir", outDir, ...format.args], { stdio: "inherit" });
    } catch {
      console.error(`build failed: ${packages[name]} (${format.type})`);
      process.exit(1);
    }
    mkdirSync(outDir, { recursive: true });
    // The nearest package.json decides how Node reads dist/*/*.js.
    writeFileSync(join(outDir, "package.json"), JSON.stringify({ type: format.type }) + "\n");
  }
  console.log(`built ${packages[name]} (esm + cjs)`);
}
