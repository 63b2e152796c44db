// The scripted model, in its own process so its CPU is never counted against a client.
// Forked by the clients; sends back { url } over IPC, then answers forever: in round r of a
// conversation (r = tool results so far) it calls the scenario's tool, after BENCH_ROUNDS (default
// ROUNDS) it answers with text. Records are cleared after every request to keep memory flat (a
// 2,000-round conversation would otherwise keep every ~400 KB body).
// Env: BENCH_ROUNDS; BENCH_SMALL_CALLS=1 (always the small call, for long conversations); BENCH_REPORT_EVERY (report { round, bodyBytes } every that many rounds).
import { serveInChild } from "./serve-in-child.mjs";
import { geminiMessages } from "./gemini-messages.mjs";
import { callFor, ROUNDS, smallCallFor } from "./scenario.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? ROUNDS);
const small = process.env.BENCH_SMALL_CALLS === "1";
const reportEvery = Number(process.env.BENCH_REPORT_EVERY ?? 0);
let calls = 0;

function answer(request) {
  // chat completions, the Responses API, or Gemini
  const messages = request.body?.messages ?? request.body?.input ?? geminiMessages(request.body);
  if (!Array.isArray(messages)) return { text: "no messages" };
  let results = 0;
  for (const message of messages) if (message.role === "tool" || message.type === "function_call_output") results++;
  if (reportEvery > 0 && results % reportEvery === 0) process.send({ round: results, bodyBytes: request.bodyBytes });
  const user = messages.find((message) => message.role === "user");
  const c = Number(/Conversation (\d+)/.exec(JSON.stringify(user?.content))?.[1] ?? 0);
  if (results >= rounds) {
    // Tell the client how big a full conversation's request is (a fairness check, not a cost).
    if (reportEvery === 0) process.send({ finalRequestBytes: request.bodyBytes });
    return {
      text: `Done with conversation ${c}.`,
      usage: { prompt_tokens: 1000, completion_tokens: 10, total_tokens: 1010 },
    };
  }
  const call = small ? smallCallFor(results, c) : callFor(results, c);
  return {
    toolCalls: [{ id: `call_${++calls}`, name: call.name, arguments: JSON.stringify(call.arguments) }],
    usage: { prompt_tokens: 1000, completion_tokens: 30, total_tokens: 1030 },
  };
}

await serveInChild(answer);
