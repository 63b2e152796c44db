// Streams: one reply whose tool call arguments arrive in 5,000 deltas (BENCH_DELTAS), read to
// the assembled call by tooltype's stream, the OpenAI SDK's stream helper and the AI SDK's
// streamText, on the same bytes from the same scripted server. Env: BENCH_PASSES (3).
import { log, median, ms, pick, rotated, runNode, table } from "./common.mjs";

const contenders = ["tooltype", "openai-stream", "ai-sdk"];
const labels = {
  tooltype: "tooltype `ep.stream` (events iterated, then the completion)",
  "openai-stream": "OpenAI SDK `chat.completions.stream` → `finalChatCompletion()`",
  "ai-sdk": "Vercel AI SDK `streamText` (`fullStream` iterated) + zod",
};

export async function run(wanted) {
  const names = pick(wanted, contenders);
  const count = Number(process.env.BENCH_PASSES ?? 3);
  const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let pass = 0; pass < count; pass++) {
    for (const name of rotated(names, pass)) {
      const result = runNode("stream-client.mjs", [name, "10", "5"], { env: { BENCH_DELTAS: String(deltas) } });
      samples[name].push(median(result.samples));
    }
    log(`  pass ${pass + 1}/${count}`);
  }
  const perRequest = Object.fromEntries(names.map((name) => [name, median(samples[name])]));
  const best = Math.min(...names.filter((name) => name !== "tooltype").map((name) => perRequest[name]));
  return [
    `### Streams: one reply, ${deltas} tool-call argument deltas`,
    "",
    `Each contender in a fresh process, 5 warm-up requests, then the median of 10; median of ${count} passes. CPU of the whole request (send, read, parse every event, assemble and parse the arguments).`,
    "",
    table(
      ["contender", "CPU ms / request", "µs / delta", "vs the best peer"],
      names.map((name) => [
        labels[name],
        ms(perRequest[name], 1),
        (perRequest[name] / deltas).toFixed(2),
        Number.isFinite(best) ? `${(perRequest[name] / best).toFixed(2)}×` : "–",
      ]),
    ),
  ].join("\n");
}
