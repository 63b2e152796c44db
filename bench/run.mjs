// Runs the bench scenarios, each contender in fresh processes, and prints markdown for
// bench/RESULTS.md: ratios to a reference measured in the same run.
// Usage: node bench/run.mjs                       every scenario
//        node bench/run.mjs <scenario> [name …]   one scenario, optionally only some contenders
//        node bench/run.mjs floor tooltype        the twenty-round scenario with these contenders
// Scenarios: rounds, short, long, registry, stream, cold, build, gemini, responses (see README.md for what each measures).
import { cpus } from "node:os";
import { allContenders, log } from "./scenarios/common.mjs";

const scenarios = ["rounds", "short", "long", "registry", "stream", "cold", "build", "gemini", "responses"];
const [first, ...rest] = process.argv.slice(2);
let chosen = scenarios;
let wanted = [];
if (first !== undefined && scenarios.includes(first)) [chosen, wanted] = [[first], rest];
else if (first !== undefined && allContenders.includes(first)) [chosen, wanted] = [["rounds"], [first, ...rest]];
else if (first !== undefined) throw new Error(`unknown scenario "${first}"; expected one of ${scenarios.join(", ")}`);

const started = Date.now();
const sections = [];
for (const name of chosen) {
  log(`${name}…`);
  const { run } = await import(`./scenarios/${name}.mjs`);
  sections.push(await run(wanted));
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(
  [
    `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${seconds} s.`,
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n"),
);
