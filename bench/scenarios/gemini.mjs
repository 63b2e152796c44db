// The twenty-round scenario on the Gemini wire: tooltype's Gemini endpoint and @google/genai's
// generateContent loop against a bare undici loop speaking the same wire, in one run.
// Env: BENCH_PASSES (5), BENCH_CONVERSATIONS (40), BENCH_WARMUP (10).
import { ROUNDS } from "../scenario.mjs";
import { log, pick } from "./common.mjs";
import { measureRounds, passes, roundsTable } from "./rounds.mjs";

/** The contenders of this scenario, in table order. */
export const geminiContenders = ["gemini-floor", "tooltype-gemini", "genai"];

const labels = {
  "gemini-floor": "floor: bare undici loop on the Gemini wire (no validation)",
  "tooltype-gemini": "tooltype `Gemini` endpoint, `ep.completions`",
  genai: "`@google/genai` `models.generateContent` loop (no validation)",
};

export async function run(wanted) {
  const contenders = pick(wanted, geminiContenders);
  const count = Number(process.env.BENCH_PASSES ?? 5);
  const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 40);
  const warmup = Number(process.env.BENCH_WARMUP ?? 10);
  const summary = passes(contenders, count, (name) => measureRounds(name, { conversations, warmup }));
  const floor = summary["gemini-floor"];
  log("  gemini done");
  return [
    "### Gemini: twenty-round conversations on the Gemini wire",
    "",
    `${count} passes × ${conversations} conversations × ${ROUNDS} rounds per contender (after ${warmup} warm-up conversations), one at a time; median of the passes. Every reply is signed (\`thoughtSignature\` on the call) and sent back.`,
    "",
    ...roundsTable(contenders, summary, floor, labels),
  ].join("\n");
}
