// Twenty-round conversations, one at a time: CPU per tool round of every contender against the
// floor (the original scenario). Env: BENCH_PASSES (5), BENCH_CONVERSATIONS (40), BENCH_WARMUP (10).
import { ROUNDS } from "../scenario.mjs";
import { allContenders, labels, log, mean, median, ms, pick, ratio, rotated, runNode, table } from "./common.mjs";

/** One pass of one contender → its summary (µs). */
export function measureRounds(name, { conversations, warmup, tools, rounds = ROUNDS }) {
  const env = { BENCH_ROUNDS: String(rounds), ...(tools ? { BENCH_TOOLS: String(tools) } : {}) };
  const result = runNode("client.mjs", [name, String(conversations), String(warmup)], { env });
  if (result.rounds.length !== rounds)
    throw new Error(`${name}: ${result.rounds.length} rounds measured, expected ${rounds}`);
  return {
    perRound: mean(result.rounds.flat()),
    medianRound: median(result.rounds.flat()),
    early: mean(result.rounds.slice(0, 5).flat()),
    late: mean(result.rounds.slice(rounds - 5).flat()),
    conversation: mean(result.totals),
    bytes: result.finalRequestBytes,
  };
}

/** Passes in rotating order; the median over passes of each figure, and the spread of CPU per round. */
export function passes(contenders, count, measure) {
  const samples = Object.fromEntries(contenders.map((name) => [name, []]));
  for (let pass = 0; pass < count; pass++) {
    for (const name of rotated(contenders, pass)) samples[name].push(measure(name));
    log(`  pass ${pass + 1}/${count}`);
  }
  return Object.fromEntries(
    contenders.map((name) => {
      const s = samples[name];
      const summary = Object.fromEntries(Object.keys(s[0]).map((key) => [key, median(s.map((x) => x[key]))]));
      summary.spread = [Math.min(...s.map((x) => x.perRound)), Math.max(...s.map((x) => x.perRound))];
      return [name, summary];
    }),
  );
}

export async function run(wanted) {
  const contenders = pick(wanted, allContenders);
  const count = Number(process.env.BENCH_PASSES ?? 5);
  const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 40);
  const warmup = Number(process.env.BENCH_WARMUP ?? 10);
  const summary = passes(contenders, count, (name) => measureRounds(name, { conversations, warmup }));
  return [
    `### Twenty-round conversations`,
    "",
    `${count} passes × ${conversations} conversations × ${ROUNDS} rounds per contender (after ${warmup} warm-up conversations), one at a time; median of the passes.`,
    "",
    ...roundsTable(contenders, summary, summary.floor, labels),
    ...otelLine(summary),
  ].join("\n");
}

/**
 * The twenty-round table (each contender's CPU per round against `floor`'s, early and late rounds,
 * the spread over passes) and the size of each contender's last request, as lines.
 */
export function roundsTable(names, summary, floor, labelOf) {
  return [
    table(
      [
        "contender",
        "CPU ms / round",
        "vs floor",
        "median round vs floor",
        "rounds 1–5 (ms)",
        "rounds 16–20 (ms)",
        "16–20 ÷ 1–5",
        "whole conversation (ms)",
        "pass spread (ms / round)",
      ],
      names.map((name) => {
        const s = summary[name];
        return [
          labelOf[name],
          ms(s.perRound),
          ratio(s.perRound, floor?.perRound),
          ratio(s.medianRound, floor?.medianRound),
          ms(s.early),
          ms(s.late),
          (s.late / s.early).toFixed(2),
          ms(s.conversation, 1),
          `${ms(s.spread[0])}–${ms(s.spread[1])}`,
        ];
      }),
    ),
    "",
    `Request body of the last round (bytes): ${names.map((name) => `${name} ${summary[name].bytes}`).join(", ")}.`,
  ];
}

/** What `@tooltype/otel` costs: tooltype-otel's CPU per round against tooltype's, when both ran. */
function otelLine(summary) {
  const [plain, traced] = [summary.tooltype, summary["tooltype-otel"]];
  if (plain === undefined || traced === undefined) return [];
  const extra = (traced.perRound - plain.perRound).toFixed(0);
  return [
    "",
    `\`@tooltype/otel\`: ${(traced.perRound / plain.perRound).toFixed(2)}× tooltype's CPU per round (${extra} µs more; median round ${(traced.medianRound / plain.medianRound).toFixed(2)}×).`,
  ];
}
