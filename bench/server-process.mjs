// The scripted model, in its own process so its CPU is never counted against a client.
// Forked by client.mjs; sends back { url } over IPC, then answers forever: in round r of a
// conversation (r = tool results so far) it calls the scenario's tool, after ROUNDS it answers
// with text. The records are cleared on every conversation start to keep memory flat.
import { ScriptedModelServer } from "@tooltype/testing";
import { callFor, ROUNDS } from "./scenario.mjs";

const server = await ScriptedModelServer.start();
let calls = 0;

function answer(request) {
  const messages = request.body?.messages;
  if (!Array.isArray(messages)) return { text: "no messages" };
  let results = 0;
  for (const message of messages) if (message.role === "tool") results++;
  const user = messages.find((message) => message.role === "user");
  const c = Number(/Conversation (\d+)/.exec(JSON.stringify(user?.content))?.[1] ?? 0);
  if (results >= ROUNDS) {
    // Tell the client how big a full conversation's request is (a fairness check, not a cost).
    process.send({ finalRequestBytes: request.bodyBytes });
    return {
      text: `Done with conversation ${c}.`,
      usage: { prompt_tokens: 1000, completion_tokens: 10, total_tokens: 1010 },
    };
  }
  const call = callFor(results, c);
  return {
    toolCalls: [{ id: `call_${++calls}`, name: call.name, arguments: JSON.stringify(call.arguments) }],
    usage: { prompt_tokens: 1000, completion_tokens: 30, total_tokens: 1030 },
  };
}

function install() {
  server.onRequest((request) => {
    const turn = answer(request);
    // A fresh conversation: forget what earlier ones recorded (reset() also drops this handler).
    if (turn.toolCalls && request.seq > 0 && !request.body.messages.some((m) => m.role === "tool")) {
      queueMicrotask(() => {
        server.reset();
        install();
      });
    }
    return turn;
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
