// One streamed reply, read by one contender in a fresh process: the scripted model (its own
// process, stream-server.mjs) streams one call whose arguments come in BENCH_DELTAS deltas; the
// client reads the stream to the assembled, checked call. Prints the CPU per request and per delta.
// Usage: node bench/stream-client.mjs <contender> <requests> <warmup>; prints one JSON line.
import { fork } from "node:child_process";
import { notesSchema, streamedArguments } from "./stream-scenario.mjs";

const [name, requests = "10", warmup = "3"] = process.argv.slice(2);
const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
const expected = streamedArguments(deltas).notes;
const MODEL = "bench-model";
const prompt = "Take notes of the forecast.";
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** Each contender's one streamed request; resolves to the number of notes in the call it read. */
const contenders = {
  async tooltype(url) {
    const { OpenAI } = await import("@tooltype/core");
    const ep = new OpenAI({ baseURL: url, apiKey: "bench" });
    ep.tools.define({ name: "take_notes", description: "Take notes.", schema: notesSchema, impl: () => "ok" });
    return async () => {
      const stream = ep.stream(MODEL, prompt);
      let events = 0;
      for await (const _event of stream) events++;
      const completion = await stream.completion;
      return completion.toolCalls[0].arguments.notes.length;
    };
  },
  async "openai-stream"(url) {
    const { default: OpenAIClient } = await import("openai");
    const client = new OpenAIClient({ baseURL: url, apiKey: "bench", maxRetries: 0 });
    const tools = [
      { type: "function", function: { name: "take_notes", description: "Take notes.", parameters: notesSchema } },
    ];
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
  async "ai-sdk"(url) {
    const { createOpenAI } = await import("@ai-sdk/openai");
    const { streamText, tool } = await import("ai");
    const { z } = await import("zod");
    const model = createOpenAI({ baseURL: url, apiKey: "bench" }).chat(MODEL);
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

const server = fork(new URL("./stream-server.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_DELTAS: String(deltas) },
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
  server.once("exit", (code) => reject(new Error(`the scripted server exited (${code}) before it started`)));
});
try {
  const once = await contenders[name](url);
  const check = async () => {
    const notes = await once();
    if (notes !== expected) throw new Error(`${name}: read ${notes} notes, expected ${expected}`);
  };
  for (let i = 0; i < Number(warmup); i++) await check();
  const samples = [];
  for (let i = 0; i < Number(requests); i++) {
    const start = cpu();
    await check();
    samples.push(cpu() - start);
  }
  process.stdout.write(JSON.stringify({ name, samples, deltas }) + "\n");
} finally {
  server.send("close");
}
