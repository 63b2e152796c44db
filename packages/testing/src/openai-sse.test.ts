// Streamed replies: the chunk sequence real OpenAI-compatible servers send, and the quirks
// of the others, read through a real socket and parsed with eventsource-parser.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn, type StreamQuirks } from "@tooltype/testing";
import { expectChunk } from "./fixtures/http.js";
import { postStream } from "./fixtures/sse.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

interface Chunk {
  choices: Array<{
    index: number;
    delta: Record<string, unknown> & { tool_calls?: Array<Record<string, unknown>> };
    finish_reason: string | null;
  }>;
  usage?: unknown;
}

const stream = (extra: Record<string, unknown> = {}) =>
  postStream(`${server.url}/chat/completions`, { model: "gpt-test", messages: [], ...extra });
const chunksOf = (data: unknown[]) => data.filter((d): d is Chunk => d !== "[DONE]");
const deltas = (data: unknown[]) => chunksOf(data).flatMap((c) => c.choices.map((choice) => choice.delta));
const toolDeltas = (data: unknown[]) => deltas(data).flatMap((d) => d.tool_calls ?? []);
const textOf = (data: unknown[]) =>
  deltas(data)
    .map((d) => d.content ?? "")
    .join("");
const argsOf = (data: unknown[]) =>
  toolDeltas(data)
    .map((t) => (t.function as { arguments?: string }).arguments ?? "")
    .join("");

it("streams a text turn as a role chunk, several text deltas, a finish chunk and [DONE]", async () => {
  server.enqueue(turn.text("The weather in Paris is sunny."));
  const reply = await stream();
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  expectChunk(reply.events[0]!.data, {
    object: "chat.completion.chunk",
    model: "gpt-test",
    choices: [{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }],
  });
  expect(deltas(reply.data).filter((d) => typeof d.content === "string" && d.content !== "").length).toBeGreaterThan(1);
  expect(textOf(reply.data)).toBe("The weather in Paris is sunny.");
  expectChunk(reply.events[reply.events.length - 2]!.data, {
    object: "chat.completion.chunk",
    model: "gpt-test",
    choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }],
  });
  expect(reply.data[reply.data.length - 1]).toBe("[DONE]");
  expect(server.lastRequest?.stream).toBe(true);
});

it("streams each tool call's id and name first, then its arguments in fragments", async () => {
  server.enqueue(
    turn.toolCalls([{ id: "call_1", name: "getWeather", arguments: '{"city":"Paris","unit":"celsius"}' }]),
  );
  const reply = await stream();
  const calls = toolDeltas(reply.data);
  expect(calls[0]).toEqual({
    index: 0,
    id: "call_1",
    type: "function",
    function: { name: "getWeather", arguments: "" },
  });
  expect(calls.length).toBeGreaterThan(2);
  for (const later of calls.slice(1)) expect(Object.keys(later).sort()).toEqual(["function", "index"]);
  expect(argsOf(reply.data)).toBe('{"city":"Paris","unit":"celsius"}');
  expect(chunksOf(reply.data).at(-1)!.choices[0]!.finish_reason).toBe("tool_calls");
});

it("adds a usage chunk with choices: [] only when stream_options.include_usage is set", async () => {
  const usage = { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 };
  server.enqueue(turn.text("hi", { usage }), turn.text("hi", { usage }));
  const withUsage = await stream({ stream_options: { include_usage: true } });
  expectChunk(withUsage.events.at(-2)!.data, {
    object: "chat.completion.chunk",
    model: "gpt-test",
    choices: [],
    usage,
  });
  const without = await stream();
  expect(chunksOf(without.data).some((c) => c.usage !== undefined)).toBe(false);
});

it("streams several choices, each under its own index", async () => {
  server.enqueue({ choices: [{ text: "first answer" }, { text: "second answer" }] });
  const reply = await stream({ n: 2 });
  const textAt = (index: number) =>
    chunksOf(reply.data)
      .flatMap((c) => c.choices.filter((choice) => choice.index === index))
      .map((choice) => choice.delta.content ?? "")
      .join("");
  expect([textAt(0), textAt(1)]).toEqual(["first answer", "second answer"]);
});

it("reproduces the stream quirks real servers show, on request", async () => {
  const call = { id: "call_q", name: "lookup", arguments: '{"query":"tool calling"}' };
  const run = async (quirks: StreamQuirks) => {
    server.enqueue(turn.toolCalls([call], { quirks }));
    return (await stream()).data;
  };
  expect(toolDeltas(await run({ noIndex: true })).every((t) => !("index" in t))).toBe(true);
  expect(toolDeltas(await run({ indexBase: 1 })).every((t) => t.index === 1)).toBe(true);
  const repeated = toolDeltas(await run({ repeatIdAndName: true }));
  expect(repeated.every((t) => t.id === "call_q" && (t.function as { name: string }).name === "lookup")).toBe(true);
  const emptied = toolDeltas(await run({ emptyNameLater: true }));
  expect(emptied.slice(1).every((t) => (t.function as { name: string }).name === "")).toBe(true);
  const withFinish = chunksOf(await run({ argsWithFinish: true }));
  const finish = withFinish.find((c) => c.choices[0]?.finish_reason === "tool_calls")!;
  expect(finish.choices[0]!.delta.tool_calls).toHaveLength(1);
  const leading = chunksOf(await run({ leadingEmptyChoices: true }));
  expect(leading[0]!.choices).toEqual([]);
  const whole = toolDeltas(await run({ wholeCalls: true }));
  expect(whole).toEqual([
    { index: 0, id: "call_q", type: "function", function: { name: "lookup", arguments: call.arguments } },
  ]);
  for (const data of [
    await run({ noIndex: true }),
    await run({ argsWithFinish: true }),
    await run({ emptyNameLater: true }),
  ]) {
    expect(argsOf(data)).toBe(call.arguments);
  }
});

it("puts tool_calls: [] on text deltas and usage on the finish chunk when asked", async () => {
  const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };
  server.enqueue(turn.text("hello there", { usage, quirks: { emptyToolCalls: true, usageOnFinish: true } }));
  const chunks = chunksOf((await stream({ stream_options: { include_usage: true } })).data);
  expect(
    chunks.filter((c) => c.choices[0]?.delta.content).every((c) => Array.isArray(c.choices[0]!.delta.tool_calls)),
  ).toBe(true);
  const finish = chunks.find((c) => c.choices[0]?.finish_reason === "stop")!;
  expect(finish.usage).toEqual(usage);
  expect(chunks.filter((c) => c.usage !== undefined)).toHaveLength(1);
});

it("sends object arguments whole, as an object, in a stream too", async () => {
  server.enqueue(turn.toolCalls([{ id: "o1", name: "add", arguments: { a: 1 } }]));
  expect(toolDeltas((await stream()).data)).toEqual([
    { index: 0, id: "o1", type: "function", function: { name: "add", arguments: { a: 1 } } },
  ]);
});

it("streams reasoning as reasoning_content deltas, apart from the text", async () => {
  server.enqueue(turn.text("Answer.", { reasoning: "Let me think about it." }));
  const data = (await stream()).data;
  expect(
    deltas(data)
      .map((d) => d.reasoning_content ?? "")
      .join(""),
  ).toBe("Let me think about it.");
  expect(textOf(data)).toBe("Answer.");
});

it("sends explicit chunks: objects as data lines, strings as written, then [DONE]", async () => {
  server.enqueue(
    turn.chunks([
      ": keep-alive",
      { choices: [{ index: 0, delta: { content: "a" }, finish_reason: null }] },
      'data:{"choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}',
    ]),
  );
  const reply = await stream();
  expect(reply.comments).toEqual(["keep-alive"]);
  expect(textOf(reply.data)).toBe("ab");
  expect(reply.data.at(-1)).toBe("[DONE]");
  expect(reply.bytes.toString()).toContain('data:{"choices"');
});

it("cuts a stream after N events, with no finish reason and no [DONE]", async () => {
  server.enqueue(turn.text("a long enough reply to be cut", { cutAfter: 2 }));
  const reply = await stream();
  expect(reply.events).toHaveLength(2);
  expect(chunksOf(reply.data).every((c) => c.choices.every((choice) => choice.finish_reason === null))).toBe(true);
  expect(reply.data).not.toContain("[DONE]");
});

it("leaves out [DONE] with omitDone, keeping the finish chunk", async () => {
  server.enqueue(turn.text("done without DONE", { omitDone: true }));
  const reply = await stream();
  expect(reply.data).not.toContain("[DONE]");
  expect(chunksOf(reply.data).at(-1)!.choices[0]!.finish_reason).toBe("stop");
});

it("frames with CRLF and splits bytes anywhere, and the events stay the same", async () => {
  const text = "Grüße, 東京 🌤 — ok";
  const script = { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, model: "m" };
  server.enqueue(turn.text(text, script), turn.text(text, { ...script, crlf: true, splitBytes: 1 }));
  const plain = await stream();
  const bent = await stream();
  expect(bent.bytes.toString()).toMatch(/\r\n\r\n/);
  expect(bent.bytes.toString().replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const strip = (data: unknown[]) => chunksOf(data).map((c) => c.choices);
  expect(strip(bent.data)).toEqual(strip(plain.data));
  expect(textOf(bent.data)).toBe(text);
});
