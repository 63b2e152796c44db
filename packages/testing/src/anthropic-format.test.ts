// The same turns rendered as Anthropic Messages, JSON and streamed.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { post } from "./fixtures/http.js";
import { postStream } from "./fixtures/sse.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const messages = () => `${server.url}/messages`;
const usage = { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 };

it("renders text and tool calls as content blocks with an Anthropic stop reason", async () => {
  server.enqueue({
    text: "Let me check.",
    toolCalls: [{ id: "toolu_1", name: "getWeather", arguments: '{"city":"Paris"}' }],
    usage,
  });
  const reply = await post(messages(), { model: "claude-test", max_tokens: 100, messages: [] });
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.text)).toEqual({
    id: expect.any(String),
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [
      { type: "text", text: "Let me check." },
      { type: "tool_use", id: "toolu_1", name: "getWeather", input: { city: "Paris" } },
    ],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 4 },
  });
});

it("renders a scripted refusal as text with stop_reason refusal, JSON and streamed", async () => {
  server.enqueue(
    { refusal: "I can't help with that." },
    { refusal: "No.", finishReason: "stop" },
    { refusal: "I can't." },
  );
  const reply = JSON.parse((await post(messages(), { model: "claude-test", messages: [] })).text);
  expect([reply.content, reply.stop_reason]).toEqual([[{ type: "text", text: "I can't help with that." }], "refusal"]);
  expect(JSON.parse((await post(messages(), { model: "claude-test", messages: [] })).text).stop_reason).toBe(
    "end_turn",
  );
  const streamed = (await postStream(messages(), { model: "claude-test", messages: [] })).data as Array<{
    type: string;
    delta?: { stop_reason?: string };
  }>;
  expect(streamed.find((d) => d.type === "message_delta")!.delta!.stop_reason).toBe("refusal");
});

it("maps a length finish to max_tokens and renders reasoning as a signed thinking block first", async () => {
  server.enqueue({ reasoning: "Think first.", text: "Cut", finishReason: "length" });
  const reply = JSON.parse((await post(messages(), { model: "claude-test", messages: [] })).text);
  expect(reply.stop_reason).toBe("max_tokens");
  expect(reply.content).toEqual([
    { type: "thinking", thinking: "Think first.", signature: "scripted-signature" },
    { type: "text", text: "Cut" },
  ]);
});

it("answers errors in Anthropic's error shape", async () => {
  server.enqueue(turn.error(529, { message: "Overloaded" }));
  const reply = await post(messages(), { model: "claude-test", messages: [] });
  expect(reply.status).toBe(529);
  expect(JSON.parse(reply.text)).toEqual({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
});

it("streams named events with input_json_delta fragments that join to the arguments", async () => {
  server.enqueue({
    reasoning: "hmm",
    text: "Checking.",
    toolCalls: [
      { id: "toolu_2", name: "getWeather", arguments: '{"city":"Paris"}' },
      { id: "toolu_3", name: "now", arguments: "" },
    ],
  });
  const reply = await postStream(messages(), { model: "claude-test", messages: [] });
  const names = reply.events.map((e) => e.event);
  expect(names[0]).toBe("message_start");
  expect(names.slice(-2)).toEqual(["message_delta", "message_stop"]);
  expect(reply.events.every((e) => e.event === (JSON.parse(e.data) as { type: string }).type)).toBe(true);
  type Delta = {
    type: string;
    index?: number;
    delta?: { type: string; partial_json?: string; text?: string; thinking?: string; stop_reason?: string };
  };
  const data = reply.data as Delta[];
  const partial = (index: number) =>
    data
      .filter((d) => d.type === "content_block_delta" && d.index === index && d.delta?.type === "input_json_delta")
      .map((d) => d.delta!.partial_json)
      .join("");
  expect(partial(2)).toBe('{"city":"Paris"}');
  expect(
    data.filter((d) => d.index === 3 && d.delta?.type === "input_json_delta").map((d) => d.delta!.partial_json),
  ).toEqual([""]);
  const text = data
    .filter((d) => d.delta?.type === "text_delta")
    .map((d) => d.delta!.text)
    .join("");
  expect(text).toBe("Checking.");
  expect(
    data
      .filter((d) => d.delta?.type === "thinking_delta")
      .map((d) => d.delta!.thinking)
      .join(""),
  ).toBe("hmm");
  expect(data.find((d) => d.type === "message_delta")!.delta!.stop_reason).toBe("tool_use");
  expect(reply.data).not.toContain("[DONE]");
});

it("sends explicit Anthropic events named after their type", async () => {
  server.enqueue(
    turn.chunks([{ type: "ping" }, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }]),
  );
  const reply = await postStream(messages(), { model: "claude-test", messages: [] });
  expect(reply.events.map((e) => e.event)).toEqual(["ping", "error"]);
});
