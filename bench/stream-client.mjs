// One streamed reply, read by one contender in a fresh process: the scripted model (its own
// process, stream-server.mjs) streams one call whose arguments come in BENCH_DELTAS deltas; the
// client reads the stream to the assembled, checked call. Prints the CPU per request.
// BENCH_STREAM_SOURCE picks where the bytes come from: `socket` (default: the server, over
// loopback), `events` or `batched` (its reply recorded once, then replayed in process with no
// socket: one piece per SSE event, or BENCH_BATCH_BYTES pieces; stream-replay.mjs).
// Usage: node bench/stream-client.mjs <contender> <requests> <warmup>; prints one JSON line.
import { fork } from "node:child_process";
import { pathToFileURL } from "node:url";
import { notesSchema, streamedArguments } from "./stream-scenario.mjs";
import { batchedPieces, piecesPerEvent, recordReply, ReplayDispatcher, replayFetch } from "./stream-replay.mjs";

const [name, requests = "10", warmup = "3"] = process.argv.slice(2);
const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
const sourceKind = process.env.BENCH_STREAM_SOURCE ?? "socket";
const batchBytes = Number(process.env.BENCH_BATCH_BYTES ?? 16384);
const expected = streamedArguments(deltas).notes;
const MODEL = "bench-model";
const prompt = "Take notes of the forecast.";
const tools = [
  { type: "function", function: { name: "take_notes", description: "Take notes.", parameters: notesSchema } },
];
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** tooltype's contender, from the workspace's build or from another build of core (`tooltype-before`). */
function tooltypeFrom(load) {
  return async ({ url, dispatcher }) => {
    const { OpenAI } = await load();
    const ep = new OpenAI({ baseURL: url, apiKey: "bench", ...(dispatcher ? { dispatcher } : {}) });
    ep.tools.define({ name: "take_notes", description: "Take notes.", schema: notesSchema, impl: () => "ok" });
    return async () => {
      const stream = ep.stream(MODEL, prompt);
      let events = 0;
      for await (const _event of stream) events++;
      const completion = await stream.completion;
      return completion.toolCalls[0].arguments.notes.length;
    };
  };
}

/** The floors' request: what the libraries send for this stream, as undici takes it. */
function rawRequest() {
  const body = JSON.stringify({
    model: MODEL,
    messages: [{ role: "user", content: prompt }],
    tools,
    stream: true,
    stream_options: { include_usage: true },
  });
  return {
    body,
    headers: { "content-type": "application/json", accept: "text/event-stream", authorization: "Bearer bench" },
  };
}

/**
 * Each contender's one streamed request, given where the bytes come from (`url`, and in a replay a
 * `fetch` or `dispatcher` that plays them); resolves to the number of notes in the call it read.
 */
const contenders = {
  // The same request read raw: the body iterated, nothing decoded or parsed. Counts its reads.
  async floor({ url }) {
    const { request } = await import("undici");
    const { body, headers } = rawRequest();
    return async () => {
      const res = await request(`${url}/chat/completions`, { method: "POST", headers, body });
      for await (const _piece of res.body) reads++;
      return expected;
    };
  },
  // The same, through undici's dispatch handler callbacks (as tooltype reads): no body stream at all.
  async "floor-dispatch"({ url }) {
    const { getGlobalDispatcher } = await import("undici");
    const { origin, pathname } = new URL(`${url}/chat/completions`);
    const { body, headers } = rawRequest();
    return () =>
      new Promise((resolve, reject) => {
        getGlobalDispatcher().dispatch(
          { origin, path: pathname, method: "POST", headers, body },
          {
            onRequestStart() {},
            onResponseStart(_controller, status) {
              if (status !== 200) reject(new Error(`floor-dispatch: HTTP ${status}`));
            },
            onResponseData() {
              reads++;
            },
            onResponseEnd: () => resolve(expected),
            onResponseError: (_controller, error) => reject(error),
          },
        );
      });
  },
  // The socket itself: the request written by hand on a fresh TCP connection (closed by the server
  // after the reply), every read counted, no HTTP parser at all. What reading costs in any client.
  async "floor-socket"({ url }) {
    const { connect } = await import("node:net");
    const { body, headers } = rawRequest();
    const { host, hostname, pathname, port } = new URL(`${url}/chat/completions`);
    const lines = Object.entries({ ...headers, host, "content-length": Buffer.byteLength(body), connection: "close" });
    const message = `POST ${pathname} HTTP/1.1\r\n${lines.map(([key, value]) => `${key}: ${value}\r\n`).join("")}\r\n${body}`;
    return () =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname);
        socket.on("data", () => reads++);
        socket.on("end", () => resolve(expected));
        socket.on("error", reject);
        socket.write(message);
      });
  },
  tooltype: tooltypeFrom(() => import("@tooltype/core")),
  "tooltype-before": tooltypeFrom(() => import(pathToFileURL(process.env.BENCH_CORE_BEFORE).href)),
  async "openai-stream"({ url, fetch }) {
    const { default: OpenAIClient } = await import("openai");
    const client = new OpenAIClient({ baseURL: url, apiKey: "bench", maxRetries: 0, ...(fetch ? { fetch } : {}) });
    return async () => {
      const stream = client.chat.completions.stream({
        model: MODEL,
        messages: [{ role: "user", content: prompt }],
        tools,
      });
      const completion = await stream.finalChatCompletion();
      return JSON.parse(completion.choices[0].message.tool_calls[0].function.arguments).notes.length;
    };
  },
  async "ai-sdk"({ url, fetch }) {
    const { createOpenAI } = await import("@ai-sdk/openai");
    const { streamText, tool } = await import("ai");
    const { z } = await import("zod");
    const model = createOpenAI({ baseURL: url, apiKey: "bench", ...(fetch ? { fetch } : {}) }).chat(MODEL);
    const tools = {
      take_notes: tool({ description: "Take notes.", inputSchema: z.object({ notes: z.array(z.string()) }).strict() }),
    };
    return async () => {
      const result = streamText({ model, prompt, tools, maxRetries: 0 });
      for await (const _part of result.fullStream);
      const calls = await result.toolCalls;
      return calls[0].input.notes.length;
    };
  },
};
if (!(name in contenders))
  throw new Error(`unknown contender "${name}"; expected one of ${Object.keys(contenders).join(", ")}`);
if (!["socket", "events", "batched"].includes(sourceKind))
  throw new Error(`unknown BENCH_STREAM_SOURCE "${sourceKind}"; expected socket, events or batched`);
let reads = 0;

const server = fork(new URL("./stream-server.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_DELTAS: String(deltas) },
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
  server.once("exit", (code) => reject(new Error(`the scripted server exited (${code}) before it started`)));
});
let source = { url };
let pieces = 0;
try {
  if (sourceKind !== "socket") {
    const recorded = await recordReply(url, {
      model: MODEL,
      messages: [{ role: "user", content: prompt }],
      tools,
      stream: true,
    });
    const cut = sourceKind === "events" ? piecesPerEvent(recorded) : batchedPieces(recorded, batchBytes);
    pieces = cut.length;
    source = { url: "http://replay.invalid/v1", fetch: replayFetch(cut), dispatcher: new ReplayDispatcher(cut) };
  }
} finally {
  if (sourceKind !== "socket") server.send("close");
}
try {
  const once = await contenders[name](source);
  const check = async () => {
    const notes = await once();
    if (notes !== expected) throw new Error(`${name}: read ${notes} notes, expected ${expected}`);
  };
  for (let i = 0; i < Number(warmup); i++) await check();
  reads = 0;
  const samples = [];
  for (let i = 0; i < Number(requests); i++) {
    const start = cpu();
    await check();
    samples.push(cpu() - start);
  }
  const perRequest = name.startsWith("floor") ? { reads: reads / Number(requests) } : {};
  process.stdout.write(JSON.stringify({ name, source: sourceKind, samples, deltas, pieces, ...perRequest }) + "\n");
} finally {
  if (sourceKind === "socket") server.send("close");
}
