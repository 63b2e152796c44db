// The scripted model for the stream scenario, in its own process: every request is answered with
// one `take_notes` call whose arguments (a list of notes, ~20 KB) stream in BENCH_DELTAS deltas.
import { ScriptedModelServer } from "@tooltype/testing";
import { streamedArguments } from "./stream-scenario.mjs";

const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
const args = streamedArguments(deltas);
const server = await ScriptedModelServer.start();
function install() {
  server.onRequest(() => {
    queueMicrotask(() => {
      server.reset();
      install();
    });
    return {
      toolCalls: [{ id: "call_notes", name: "take_notes", arguments: args.text }],
      deltaSize: args.deltaSize,
      usage: { prompt_tokens: 100, completion_tokens: 5000, total_tokens: 5100 },
    };
  });
}
install();
process.send({ url: server.url });
process.on("message", async (message) => {
  if (message === "close") {
    await server.close();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
