// The scripted model for the stream scenario, in its own process: every request is answered with
// one `take_notes` call whose arguments (a list of notes, ~20 KB) stream in BENCH_DELTAS deltas.
import { serveInChild } from "./serve-in-child.mjs";
import { streamedArguments } from "./stream-scenario.mjs";

const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
const args = streamedArguments(deltas);
await serveInChild(() => ({
  toolCalls: [{ id: "call_notes", name: "take_notes", arguments: args.text }],
  deltaSize: args.deltaSize,
  usage: { prompt_tokens: 100, completion_tokens: 5000, total_tokens: 5100 },
}));
