// The Responses API (POST /v1/responses): the twenty-round conversations of `rounds`, each
// contender on the Responses wire format, CPU per round against a bare undici loop over the same
// path. Env: BENCH_PASSES (5), BENCH_CONVERSATIONS (40), BENCH_WARMUP (10).
import { ROUNDS } from "../scenario.mjs";
import { ms, pick, ratio, table } from "./common.mjs";
import { measureRounds, passes } from "./rounds.mjs";

const contenders = ["responses-floor", "responses-tooltype", "responses-openai"];
const labels = {
  "responses-floor": "floor: bare undici loop over /v1/responses (no validation)",
  "responses-tooltype": "tooltype `completions` on `OpenAIResponses`",
  "responses-openai": "OpenAI SDK `responses.create` loop + zod",
};

export async function run(wanted) {
  const names = pick(wanted, contenders);
  const count = Number(process.env.BENCH_PASSES ?? 5);
  const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 40);
  const warmup = Number(process.env.BENCH_WARMUP ?? 10);
  const summary = passes(names, count, (name) => measureRounds(name, { conversations, warmup }));
  const floor = summary["responses-floor"];
  return [
    "### The Responses API: twenty-round conversations",
    "",
    `${count} passes × ${conversations} conversations × ${ROUNDS} rounds per contender (after ${warmup} warm-up conversations), one at a time, over \`POST /v1/responses\`; median of the passes.`,
    "",
    table(
      [
        "contender",
        "CPU ms / round",
        "vs floor",
        "median round vs floor",
        "rounds 16–20 ÷ 1–5",
        "pass spread (ms / round)",
      ],
      names.map((name) => {
        const s = summary[name];
        return [
          labels[name],
          ms(s.perRound),
          ratio(s.perRound, floor?.perRound),
          ratio(s.medianRound, floor?.medianRound),
          (s.late / s.early).toFixed(2),
          `${ms(s.spread[0])}–${ms(s.spread[1])}`,
        ];
      }),
    ),
    "",
    `Request body of the last round (bytes): ${names.map((name) => `${name} ${summary[name].bytes}`).join(", ")}.`,
  ].join("\n");
}
