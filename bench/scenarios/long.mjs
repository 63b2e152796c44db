// One long conversation (BENCH_LONG_ROUNDS, default 2,000 tool rounds of a small call, the
// history growing to ~600 KB): CPU per round early, midway and at the end, against the floor,
// which re-serialises the whole history every round; and the memory each round leaves behind.
import { log, mean, ms, pick, ratio, runNode, table } from "./common.mjs";

const contenders = ["floor", "tooltype"];

export async function run(wanted) {
  const names = pick(wanted, contenders);
  const rounds = Number(process.env.BENCH_LONG_ROUNDS ?? 2000);
  const windows = [
    [0, 100],
    [rounds / 2 - 100, rounds / 2],
    [rounds - 100, rounds],
  ];
  const results = {};
  for (const name of names) {
    results[name] = runNode("long-client.mjs", [name, String(rounds)], { execArgv: ["--expose-gc"] });
    log(`  ${name}: ${rounds} rounds done`);
  }
  const perWindow = (name) => windows.map(([from, to]) => mean(results[name].samples.slice(from, to)));
  const floor = results.floor && perWindow("floor");
  const rows = names.map((name) => {
    const r = results[name];
    const cpu = perWindow(name);
    const retained = (r.heap[r.rounds] - r.heap[r.middle]) / (r.rounds - r.middle);
    const wire = (r.bodyBytes[r.rounds] - r.bodyBytes[r.middle]) / (r.rounds - r.middle);
    return [
      name,
      ...cpu.flatMap((value, i) => [ms(value), ratio(value, floor?.[i])]),
      (cpu[2] / cpu[0]).toFixed(1),
      `${Math.round(retained)}`,
      `${Math.round(wire)}`,
      `${Math.round(r.bodyBytes[r.rounds] / 1024)}`,
    ];
  });
  const label = ([from, to]) => `rounds ${from + 1}–${to}`;
  return [
    `### Long conversation: ${rounds} tool rounds`,
    "",
    "One conversation per contender, one process each; CPU ms per round (mean of the window) and its ratio to the floor's same window.",
    "Retained per round: growth of V8 heap + external memory (Buffers) after a full GC between the middle and the last round, per round, against what each round adds to the request body (bytes).",
    "",
    table(
      [
        "contender",
        ...windows.flatMap((w) => [`${label(w)} (ms)`, "vs floor"]),
        "last ÷ first",
        "retained B / round",
        "wire B / round",
        "last body (KB)",
      ],
      rows,
    ),
  ].join("\n");
}
