// Before and after in one run: the floor, tooltype as built in the workspace, and tooltype from
// another build of core (e.g. the previous commit's `packages/core/dist`, copied aside), each in a
// fresh process, in rotating order. On a shared machine absolute figures drift between passes;
// the ratio of the two builds within a pass does much less.
// Usage: node bench/side-by-side.mjs <other core's dist folder> [short|rounds] [passes]
// (after `node scripts/build.mjs core testing`).
import { resolve } from "node:path";
import { log, median, ms, rotated, runNode } from "./scenarios/common.mjs";

const [dist, scenario = "short", passesArg] = process.argv.slice(2);
if (dist === undefined || !["short", "rounds"].includes(scenario))
  throw new Error("usage: node bench/side-by-side.mjs <other core's dist folder> [short|rounds] [passes]");
const passes = Number(passesArg ?? 6);
const other = resolve(dist, "esm/index.js");
const runs = { floor: ["floor", {}], after: ["tooltype", {}], before: ["tooltype", { BENCH_CORE: other }] };
const shape =
  scenario === "short"
    ? { env: { BENCH_ROUNDS: "3", BENCH_CONCURRENCY: "10" }, args: ["1000", "50"] }
    : { env: { BENCH_ROUNDS: "20" }, args: ["40", "10"] };

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
function measure(name) {
  const [contender, env] = runs[name];
  const result = runNode("client.mjs", [contender, ...shape.args], { env: { ...shape.env, ...env } });
  return result.perRound ?? mean(result.rounds.flat()); // µs per tool round
}

const samples = { floor: [], after: [], before: [] };
for (let pass = 0; pass < passes; pass++) {
  for (const name of rotated(Object.keys(runs), pass)) samples[name].push(measure(name));
  const at = (name) => samples[name][pass];
  log(
    `pass ${pass + 1}/${passes}: floor ${ms(at("floor"))} ms, after ${(at("after") / at("floor")).toFixed(2)}×, before ${(at("before") / at("floor")).toFixed(2)}×`,
  );
}
const m = Object.fromEntries(Object.keys(runs).map((name) => [name, median(samples[name])]));
const paired = samples.after.map((after, i) => after / samples.before[i]);
process.stdout.write(
  [
    `${scenario}: ${passes} passes, CPU ms per tool round (median): floor ${ms(m.floor)}, after ${ms(m.after)} (${(m.after / m.floor).toFixed(2)}×), before ${ms(m.before)} (${(m.before / m.floor).toFixed(2)}×)`,
    `after ÷ before, per pass: ${paired.map((r) => r.toFixed(2)).join(" ")} (median ${median(paired).toFixed(2)})`,
    "",
  ].join("\n"),
);
