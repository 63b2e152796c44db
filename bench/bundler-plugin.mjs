// What the tooltype bundler plugin adds to an esbuild build, for two projects: a small one (3 files,
// one class of tools) and a larger one (10 files with tools, 60 without). Each build runs in a fresh
// process (module loading counted), medians of N runs, against esbuild alone in the same project:
// - cold: the plugin with its cache off (`cache: false`), what a first build or CI without a cache pays;
// - warm: the plugin with its cache (node_modules/.cache/tooltype), primed by one build before measuring:
//   a rebuild, watch rebuild or dev-server start with unchanged tool files.
// Prints wall and CPU (user + system, of the whole process) per mode, and what the plugin adds.
// With `--baseline FILE` (another build of the plugin, bundled to one CommonJS file), its cold
// build is measured in the same run, for a before/after side by side. Make one from a commit with:
//   git archive REF transformer/src | tar -x -C /tmp/old && npx esbuild /tmp/old/transformer/src/bundler/index.ts \
//     --bundle --packages=external --platform=node --format=cjs --supported:dynamic-import=false --outfile=/tmp/old.cjs
// Usage: node scripts/build.mjs core transformer && node bench/bundler-plugin.mjs [runs=5] [--baseline FILE]
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const baselineAt = process.argv.indexOf("--baseline");
const baseline = baselineAt > 0 ? process.argv[baselineAt + 1] : undefined;
const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);

const toolFile = (i) => `import { Description } from "@tooltype/core";
export interface Place${i} { city: string; country?: string; at: { lat: number; lon: number } }
export class Weather${i} {
  /** @param place where */
  @Description("Forecast for a place.")
  forecast${i}(place: Place${i}, days = 3): string { return place.city + days; }
}
`;
const plainFile = (i) => `export const twice${i} = (n: number): number => n * 2 + ${i};\n`;

/** A project with `tools` files holding a tool class each and `plain` files without tools. */
function project(tools, plain) {
  const files = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        strict: true,
        types: ["node"],
      },
      include: ["src"],
    }),
    "src/main.ts": [
      'import { ToolRegistry } from "@tooltype/core";',
      ...Array.from({ length: tools }, (_, i) => `import { Weather${i} } from "./tools${i}.js";`),
      ...Array.from({ length: plain }, (_, i) => `import { twice${i} } from "./util${i}.js";`),
      "const tools = new ToolRegistry();",
      ...Array.from({ length: tools }, (_, i) => `tools.add(new Weather${i}());`),
      `console.log(tools.get("forecast0").name, ${Array.from({ length: plain }, (_, i) => `twice${i}(2)`).join(" + ") || 0});`,
    ].join("\n"),
    "build.cjs": `const { build } = require("esbuild");
const mode = process.argv[2];
const plugin = mode === "baseline" ? require("./baseline-plugin.cjs") : mode === "plain" ? undefined : require("@tooltype/transformer/bundler");
const plugins = plugin ? [plugin.tooltypePlugin.esbuild({ cache: mode === "warm" ? undefined : false })] : [];
build({ entryPoints: ["src/main.ts"], bundle: true, platform: "node", outfile: "dist/main.js", logLevel: "error", plugins })
  .then(() => { const cpu = process.cpuUsage(); console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000 })); });
`,
  };
  for (let i = 0; i < tools; i++) files[`src/tools${i}.ts`] = toolFile(i);
  for (let i = 0; i < plain; i++) files[`src/util${i}.ts`] = plainFile(i);
  const directory = mkdtempSync(join(tmpdir(), "tooltype-bench-plugin-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(directory, name)), { recursive: true });
    writeFileSync(join(directory, name), text);
  }
  // The cache goes to node_modules/.cache: a real folder per project, the packages linked from the repository.
  mkdirSync(join(directory, "node_modules"));
  for (const name of ["@tooltype", "esbuild", "@esbuild", "@types", "ts-morph", "@ts-morph", "unplugin", "undici"])
    if (existsSync(join(root, "node_modules", name)))
      symlinkSync(join(root, "node_modules", name), join(directory, "node_modules", name));
  // Dependencies installed beside the transformer (not hoisted): the baseline plugin needs them too.
  for (const name of readdirSync(join(root, "transformer/node_modules")).filter((n) => !n.startsWith(".")))
    if (!existsSync(join(directory, "node_modules", name)))
      symlinkSync(join(root, "transformer/node_modules", name), join(directory, "node_modules", name));
  if (baseline) copyFileSync(baseline, join(directory, "baseline-plugin.cjs"));
  return directory;
}

function measure(directory, mode) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const out = execFileSync(process.execPath, ["build.cjs", mode], { cwd: directory, encoding: "utf8" });
    samples.push({ wall: performance.now() - started, cpu: JSON.parse(out.trim().split("\n").pop()).cpu });
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) };
}

const ms = (value) => `${value.toFixed(0)} ms`;
for (const [label, tools, plain] of [
  ["small (1 tool file + 2 others)", 1, 2],
  ["larger (10 tool files + 60 others)", 10, 60],
]) {
  const directory = project(tools, plain);
  try {
    const plainBuild = measure(directory, "plain");
    const before = baseline ? measure(directory, "baseline") : undefined;
    const cold = measure(directory, "cold");
    execFileSync(process.execPath, ["build.cjs", "warm"], { cwd: directory }); // primes the cache
    const warm = measure(directory, "warm");
    console.log(`${label}:`);
    console.log(`  esbuild alone:           wall ${ms(plainBuild.wall)}, CPU ${ms(plainBuild.cpu)}`);
    const rows = [...(before ? [["cold (baseline)", before]] : []), ["cold", cold], ["warm", warm]];
    for (const [name, result] of rows)
      console.log(
        `  + tooltype, ${name} cache:  wall ${ms(result.wall)}, CPU ${ms(result.cpu)}; ` +
          `added: wall ${ms(result.wall - plainBuild.wall)}, CPU ${ms(result.cpu - plainBuild.cpu)}`,
      );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
