// The Responses API (POST /v1/responses): the twenty-round conversations of `rounds`, each
// contender on the Responses wire format, CPU per round against a bare undici loop over the same
// path. Env: BENCH_PASSES (5), BENCH_CONVERSATIONS (40), BENCH_WARMUP (10).
import { ROUNDS } from "../scenario.mjs";
import { pick } from "./common.mjs";
import { measureRounds, passes, roundsTable } from "./rounds.mjs";

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
    ...roundsTable(names, summary, floor, labels),
  ].join("\n");
}
