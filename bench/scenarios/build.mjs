// Builds: 300 decorated methods in 30 files (bench/build-project.mjs) compiled by plain tsc, by
// `tooltype build` (tsc with the transformer), and read by `tooltype generate` (the sidecar);
// typia's transformer (ts-patch) on the same parameter types. CPU of each CLI's whole process,
// measured from inside it (bench/cpu-at-exit.cjs). `tooltype build` runs twice: with the compiler's
// code cache kept from an earlier build (as every build after the first), and with an empty one (a
// first build in a fresh checkout, which compiles the compiler and writes the cache).
// Env: BENCH_BUILD_PASSES (2).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeBuildProject } from "../build-project.mjs";
import { log, median, pick, rotated, table } from "./common.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
const cli = join(root, "transformer", "dist", "cjs", "cli", "main.js");
const tools = {
  tsc: (p) => [require.resolve("typescript/bin/tsc"), "-p", p.plain],
  "tooltype build": (p) => [cli, "build", "-p", p.plain],
  "tooltype build, first (empty code cache)": (p) => [cli, "build", "-p", p.plain],
  "tooltype generate": (p) => [cli, "generate", "-p", p.plain, "-o", join(dirname(p.plain), "tooltype.generated.ts")],
  "typia (tspc)": (p) => [join(root, "node_modules", "ts-patch", "bin", "tspc.js"), "-p", p.typia],
};

// Node 20's `tooltype build` keeps the compiler's compiled code in a folder NODE_COMPILE_CACHE can
// move: a new empty folder per run is a first build's (the cache is compiled and written).
const emptyCodeCache = new Set(["tooltype build, first (empty code cache)"]);

function timed(args, name) {
  const file = join(tmpdir(), `tooltype-bench-cpu-${process.pid}.jsonl`);
  rmSync(file, { force: true });
  const cache = emptyCodeCache.has(name) ? mkdtempSync(join(tmpdir(), "tooltype-bench-code-cache-")) : undefined;
  try {
    execFileSync(process.execPath, ["-r", join(root, "bench", "cpu-at-exit.cjs"), ...args], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, BENCH_CPU_FILE: file, ...(cache ? { NODE_COMPILE_CACHE: cache } : {}) },
    });
  } finally {
    if (cache) rmSync(cache, { recursive: true, force: true });
  }
  const lines = readFileSync(file, "utf8").trim().split("\n");
  rmSync(file, { force: true });
  return JSON.parse(lines.at(-1));
}

export async function run(wanted) {
  const names = pick(wanted, Object.keys(tools));
  const count = Number(process.env.BENCH_BUILD_PASSES ?? 2);
  const project = writeBuildProject(join(root, "bench", ".out", "build-project"));
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let pass = 0; pass < count; pass++) {
    for (const name of rotated(names, pass)) samples[name].push(timed(tools[name](project), name).cpuMs);
    log(`  pass ${pass + 1}/${count}`);
  }
  const cpu = Object.fromEntries(names.map((name) => [name, median(samples[name])]));
  return [
    "### Builds: 300 decorated methods in 30 files",
    "",
    `Each CLI in a fresh process on the same generated project, ${count} passes in rotating order, median CPU of the whole process (start-up included). \`tooltype build\` with the compiler's code cache kept from an earlier build (every build after the first) and with an empty one (a first build: compiles the compiler and writes the cache). typia compiles the same 300 parameter types (\`typia.llm.parameters\` + \`createValidateEquals\` each).`,
    "",
    table(
      ["command", "CPU (s)", "vs tsc"],
      names.map((name) => [
        name,
        (cpu[name] / 1000).toFixed(2),
        cpu.tsc ? `${(cpu[name] / cpu.tsc).toFixed(2)}×` : "–",
      ]),
    ),
  ].join("\n");
}
