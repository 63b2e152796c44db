// What the tooltype bundler plugin adds to an esbuild build: a small project (3 files, one class of
// tools) bundled by esbuild alone and with tooltypePlugin.esbuild(), each run in a fresh process
// (module loading counted), medians of N runs. Prints wall and CPU (user + system) time.
// Usage: node scripts/build.mjs core transformer && node bench/bundler-plugin.mjs [runs=5]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 5);
const project = mkdtempSync(join(tmpdir(), "tooltype-bench-plugin-"));
const files = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { target: "es2022", module: "esnext", moduleResolution: "bundler", strict: true, types: ["node"] },
    include: ["src"],
  }),
  "src/tools.ts": `import { Description } from "@tooltype/core";
export class Weather {
  /** @param city the city */
  @Description("Forecast for a city.")
  forecast(city: string, days = 3): string { return city + days; }
}
`,
  "src/util.ts": "export const twice = (n: number): number => n * 2;\n",
  "src/main.ts": `import { ToolRegistry } from "@tooltype/core";
import { Weather } from "./tools.js";
import { twice } from "./util.js";
const tools = new ToolRegistry();
tools.add(new Weather());
console.log(tools.get("forecast").name, twice(2));
`,
  "build.cjs": `const { build } = require("esbuild");
const plugins = process.argv[2] === "plugin" ? [require("@tooltype/transformer/bundler").tooltypePlugin.esbuild()] : [];
const started = process.cpuUsage();
build({ entryPoints: ["src/main.ts"], bundle: true, platform: "node", outfile: "dist/main.js", logLevel: "error", plugins })
  .then(() => { const cpu = process.cpuUsage(started); console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000 })); });
`,
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(dirname(join(project, name)), { recursive: true });
  writeFileSync(join(project, name), text);
}
symlinkSync(join(root, "node_modules"), join(project, "node_modules"));

function measure(mode) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const out = execFileSync(process.execPath, ["build.cjs", mode], { cwd: project, encoding: "utf8" });
    const process_ = JSON.parse(out.trim().split("\n").pop());
    samples.push({ wall: performance.now() - started, cpu: process_.cpu });
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) };
}

try {
  const plain = measure("plain");
  const plugin = measure("plugin");
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(`esbuild alone:         wall ${ms(plain.wall)}, build CPU ${ms(plain.cpu)}`);
  console.log(`esbuild + tooltype:    wall ${ms(plugin.wall)}, build CPU ${ms(plugin.cpu)}`);
  console.log(`added by the plugin:   wall ${ms(plugin.wall - plain.wall)}, build CPU ${ms(plugin.cpu - plain.cpu)}`);
} finally {
  rmSync(project, { recursive: true, force: true });
}
