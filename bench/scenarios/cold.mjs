// Cold start: `import "@tooltype/core"` (and `require`) in a fresh process against `import "openai"`,
// wall and CPU above a process that imports nothing. Env: BENCH_COLD_RUNS (15).
import { log, median, pick, rotated, runNode, table } from "./common.mjs";

const imports = {
  "@tooltype/core": ["@tooltype/core", "import"],
  "@tooltype/core (require)": ["@tooltype/core", "require"],
  openai: ["openai", "import"],
};

export async function run(wanted) {
  const names = pick(wanted, Object.keys(imports));
  const runs = Number(process.env.BENCH_COLD_RUNS ?? 15);
  const all = ["baseline", ...names];
  const samples = Object.fromEntries(all.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const name of rotated(all, i))
      samples[name].push(runNode("cold-import.mjs", name === "baseline" ? [] : imports[name]));
  }
  log(`  ${runs} runs each`);
  const cost = (name, key) => median(samples[name].map((s) => s[key])) - median(samples.baseline.map((s) => s[key]));
  const openai = names.includes("openai");
  return [
    "### Cold start: the first import",
    "",
    `A fresh \`node\` process per import, ${runs} each in rotating order; medians, minus a process that imports nothing (wall ${median(samples.baseline.map((s) => s.wallMs)).toFixed(0)} ms, CPU ${median(samples.baseline.map((s) => s.cpuMs)).toFixed(0)} ms). Installed in the workspace (files on a warm disk cache).`,
    "",
    table(
      ["import", "wall (ms)", "vs openai", "CPU (ms)", "vs openai"],
      names.map((name) => [
        `\`${imports[name][1]} "${imports[name][0]}"\``,
        cost(name, "wallMs").toFixed(1),
        openai ? `${(cost(name, "wallMs") / cost("openai", "wallMs")).toFixed(2)}×` : "–",
        cost(name, "cpuMs").toFixed(1),
        openai ? `${(cost(name, "cpuMs") / cost("openai", "cpuMs")).toFixed(2)}×` : "–",
      ]),
    ),
  ].join("\n");
}
