// Short conversations, the most common case: 1,000 three-round conversations (a new Context
// each), 10 at a time, one process per contender; CPU of the whole run per tool round against
// the floor. Env: BENCH_PASSES (3), BENCH_SHORT_CONVERSATIONS (1000).
import { allContenders, labels, log, median, ms, pick, ratio, rotated, runNode, table } from "./common.mjs";

export async function run(wanted) {
  const contenders = pick(wanted, allContenders);
  const count = Number(process.env.BENCH_PASSES ?? 3);
  const conversations = Number(process.env.BENCH_SHORT_CONVERSATIONS ?? 1000);
  const env = { BENCH_ROUNDS: "3", BENCH_CONCURRENCY: "10" };
  const samples = Object.fromEntries(contenders.map((name) => [name, []]));
  for (let pass = 0; pass < count; pass++) {
    for (const name of rotated(contenders, pass))
      samples[name].push(runNode("client.mjs", [name, String(conversations), "50"], { env }).perRound);
    log(`  pass ${pass + 1}/${count}`);
  }
  const perRound = Object.fromEntries(contenders.map((name) => [name, median(samples[name])]));
  return [
    "### Short conversations: three rounds, ten at a time",
    "",
    `${conversations} conversations of 3 tool rounds + the answer per contender (a new conversation each, 10 at a time, after 50 warm-up ones); CPU of the whole run per tool round; median of ${count} passes.`,
    "",
    table(
      ["contender", "CPU ms / round", "vs floor", "pass spread (ms / round)"],
      contenders.map((name) => [
        labels[name],
        ms(perRound[name]),
        ratio(perRound[name], perRound.floor),
        `${ms(Math.min(...samples[name]))}–${ms(Math.max(...samples[name]))}`,
      ]),
    ),
  ].join("\n");
}
