// Builds each package twice, ESM (dist/esm) and CommonJS (dist/cjs), with declarations.
// Usage: node scripts/build.mjs [core|transformer|testing|mcp|stores|otel|builtins ...]  (default: all, in dependency order)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
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
// Bundled with esbuild into a few files per format (one module graph instead of hundreds of
// files to resolve and read at import); tsc then only writes the declarations.
const bundled = { core: ["src/index.ts"] };
// Executables whose CommonJS entry is then rewritten as one file (their own modules inlined).
const cliEntries = { transformer: "src/cli/main.ts" };
const order = Object.keys(packages);
const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!(name in packages)) throw new Error(`unknown package "${name}"; expected one of ${order.join(", ")}`);

for (const name of order.filter((n) => wanted.length === 0 || wanted.includes(n))) {
  const dir = join(root, packages[name]);
  const project = join(dir, "tsconfig.build.json");
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  if (name in bundled) {
    await bundle(dir, project, bundled[name]);
    console.log(`built ${packages[name]} (esm + cjs, bundled)`);
    continue;
  }
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
  if (name in cliEntries) await bundleCli(dir, project, cliEntries[name]);
  console.log(`built ${packages[name]} (esm + cjs)`);
}

/**
 * Rewrites the CommonJS build of a CLI entry (`src/cli/main.ts` → `dist/cjs/cli/main.js`) as one
 * file holding the package's own modules, dependencies left as `require`s: each command then
 * starts without resolving, reading and compiling dozens of small modules (~40 ms of CPU).
 */
async function bundleCli(dir, project, entry) {
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    outfile: join(dir, "dist/cjs", entry.replace(/^src\//, "").replace(/\.ts$/, ".js")),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    packages: "external",
    sourcemap: true,
    sourcesContent: false,
    tsconfig: project,
    logLevel: "warning",
    supported: { "dynamic-import": false }, // lazy dependencies stay `require`s, as in tsc's CommonJS output
  });
}

/**
 * ESM (entries sharing chunks) and CJS (one file per entry) bundles of a package's own code, its
 * dependencies left as imports; declarations from tsc into dist/cjs, with dist/esm's entry
 * declarations re-exporting them. In the ESM build a module `x.ts` with a sibling `x-esm.ts` is
 * replaced by it (a CommonJS-only lazy `require`, such as core's Ajv loader).
 */
async function bundle(dir, project, entries) {
  const { build } = await import("esbuild");
  const common = {
    absWorkingDir: dir,
    entryPoints: entries,
    bundle: true,
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    sourcesContent: false, // the maps point at src/, which the package ships
    tsconfig: project,
    logLevel: "warning",
  };
  await build({
    ...common,
    format: "esm",
    splitting: true,
    outdir: join(dir, "dist/esm"),
    chunkNames: "[name]-[hash]",
    plugins: [esmVariants()],
  });
  // `import()` of a dependency becomes `require` in CommonJS, as tsc's CommonJS output has it: a
  // CommonJS host without ESM loading (jest without --experimental-vm-modules) cannot run import().
  await build({ ...common, format: "cjs", outdir: join(dir, "dist/cjs"), supported: { "dynamic-import": false } });
  try {
    execFileSync(process.execPath, [tsc, "-p", project, "--outDir", join(dir, "dist/cjs"), "--emitDeclarationOnly"], {
      stdio: "inherit",
    });
  } catch {
    console.error(`build failed: ${dir} (declarations)`);
    process.exit(1);
  }
  for (const entry of entries) {
    const base = entry.replace(/^src\//, "").replace(/\.ts$/, "");
    writeFileSync(join(dir, "dist/esm", `${base}.d.ts`), `export * from "../cjs/${base}.js";\n`);
  }
  writeFileSync(join(dir, "dist/esm/package.json"), JSON.stringify({ type: "module" }) + "\n");
  writeFileSync(join(dir, "dist/cjs/package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
}

/** Resolves a relative `./x.js` import to `./x-esm.ts` when that file exists (ESM build only). */
function esmVariants() {
  return {
    name: "esm-variants",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        const variant = join(args.resolveDir, args.path.replace(/\.js$/, "-esm.ts"));
        return existsSync(variant) ? { path: variant } : undefined;
      });
    },
  };
}
