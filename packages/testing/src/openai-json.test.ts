// Each kind of reply content, as the non-streamed OpenAI chat completion a client receives.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { expectChatCompletion, post } from "./fixtures/http.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const ask = async () =>
  post(`${server.url}/chat/completions`, { model: "gpt-test", messages: [{ role: "user", content: "hi" }] });
const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };

it("renders tool calls with string arguments verbatim and finish reason tool_calls", async () => {
  server.enqueue(
    turn.toolCalls(
      [
        { id: "call_a", name: "getWeather", arguments: '{"city":"Paris"}' },
        { id: "call_b", name: "getWeather", arguments: '{"city":"Pa' },
      ],
      { usage },
    ),
  );
  const reply = await ask();
  expect(reply.status).toBe(200);
  expectChatCompletion(reply.text, {
    object: "chat.completion",
    model: "gpt-test",
    usage,
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: "tool_calls",
        message: {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: [
            { id: "call_a", type: "function", function: { name: "getWeather", arguments: '{"city":"Paris"}' } },
            { id: "call_b", type: "function", function: { name: "getWeather", arguments: '{"city":"Pa' } },
          ],
        },
      },
    ],
  });
});

it("sends object arguments as a JSON object (the Ollama/TGI quirk)", async () => {
  server.enqueue(turn.toolCalls([{ id: "c1", name: "add", arguments: { a: 1, b: 2 } }]));
  const body = JSON.parse((await ask()).text);
  expect(body.choices[0].message.tool_calls[0].function.arguments).toEqual({ a: 1, b: 2 });
});

it("generates unique ids when none is given, and sends null, empty or no id when scripted", async () => {
  server.enqueue(
    turn.toolCalls([
      { name: "f", arguments: "{}" },
      { name: "f", arguments: "{}" },
      { id: null, name: "f", arguments: "{}" },
      { id: "", name: "f", arguments: "{}" },
      { id: false, name: "f", arguments: "{}", type: null },
    ]),
  );
  const calls = JSON.parse((await ask()).text).choices[0].message.tool_calls;
  expect(typeof calls[0].id).toBe("string");
  expect(calls[0].id).not.toBe(calls[1].id);
  expect(calls[2].id).toBeNull();
  expect(calls[3].id).toBe("");
  expect(calls[4]).toEqual({ function: { name: "f", arguments: "{}" } });
});

it("keeps a scripted finish reason even with tool calls, and can send none", async () => {
  server.enqueue(turn.toolCall("f", {}, { finishReason: "stop" }), turn.text("cut", { finishReason: null }));
  expect(JSON.parse((await ask()).text).choices[0].finish_reason).toBe("stop");
  expect(JSON.parse((await ask()).text).choices[0].finish_reason).toBeNull();
});

it("renders refusal, reasoning_content and provider extras on the message and on calls", async () => {
  server.enqueue({
    refusal: "I can't help with that.",
    reasoning: "thinking…",
    extra: { annotations: [] },
    toolCalls: [
      { id: "g1", name: "f", arguments: "{}", extra: { extra_content: { google: { thought_signature: "sig" } } } },
    ],
  });
  const message = JSON.parse((await ask()).text).choices[0].message;
  expect(message.refusal).toBe("I can't help with that.");
  expect(message.reasoning_content).toBe("thinking…");
  expect(message.content).toBeNull();
  expect(message.annotations).toEqual([]);
  expect(message.tool_calls[0].extra_content).toEqual({ google: { thought_signature: "sig" } });
});

it("renders several choices for n > 1, each with its own index and finish reason", async () => {
  server.enqueue({ choices: [{ text: "one" }, { text: "two", finishReason: "length" }], usage });
  expectChatCompletion((await ask()).text, {
    object: "chat.completion",
    model: "gpt-test",
    usage,
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: "stop",
        message: { role: "assistant", content: "one", refusal: null },
      },
      {
        index: 1,
        logprobs: null,
        finish_reason: "length",
        message: { role: "assistant", content: "two", refusal: null },
      },
    ],
  });
});

it("estimates usage by default, leaves it out on null, and reports a scripted model", async () => {
  server.enqueue(turn.text("a longer reply than usual"), turn.text("x", { usage: null, model: "other-model" }));
  const first = JSON.parse((await ask()).text);
  expect(first.usage.total_tokens).toBe(first.usage.prompt_tokens + first.usage.completion_tokens);
  expect(first.usage.completion_tokens).toBeGreaterThan(0);
  const second = JSON.parse((await ask()).text);
  expect(second).not.toHaveProperty("usage");
  expect(second.model).toBe("other-model");
});
