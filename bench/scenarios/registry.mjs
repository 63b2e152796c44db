// A big registry: 200 tools offered every round. CPU per round with 200 tools and with the
// scenario's 4, the difference being what offering the tools costs per round, and the body.
// Env: BENCH_PASSES (3), BENCH_REGISTRY_CONVERSATIONS (20).
import { labels, log, ms, pick, table } from "./common.mjs";
import { measureRounds, passes } from "./rounds.mjs";

const contenders = ["floor", "tooltype", "ai-sdk"];

export async function run(wanted) {
  const names = pick(wanted, contenders);
  const count = Number(process.env.BENCH_PASSES ?? 3);
  const conversations = Number(process.env.BENCH_REGISTRY_CONVERSATIONS ?? 20);
  const measure = (tools) => (name) => measureRounds(name, { conversations, warmup: 5, tools });
  log("  4 tools");
  const few = passes(names, count, measure(undefined));
  log("  200 tools");
  const many = passes(names, count, measure(200));
  const toolsCost = (name) => many[name].perRound - few[name].perRound;
  const base = few["ai-sdk"] && toolsCost("ai-sdk");
  return [
    "### Big registry: 200 tools offered every round",
    "",
    `${conversations} conversations × 20 rounds per contender and setting, median of ${count} passes. "Tools cost" is CPU per round with 200 tools minus CPU per round with 4: what offering the tools costs each round.`,
    "",
    table(
      [
        "contender",
        "4 tools (ms / round)",
        "200 tools (ms / round)",
        "tools cost (ms / round)",
        "vs the AI SDK's",
        "last body (KB)",
      ],
      names.map((name) => [
        labels[name],
        ms(few[name].perRound),
        ms(many[name].perRound),
        ms(toolsCost(name)),
        base ? `${(toolsCost(name) / base).toFixed(2)}×` : "–",
        (many[name].bytes / 1024).toFixed(0),
      ]),
    ),
  ].join("\n");
}
