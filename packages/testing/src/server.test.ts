import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { expectChatCompletion, post } from "./test-support/http.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

it("listens on loopback and gives a /v1 base URL", () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  expect(server.url).toBe(`${server.origin}/v1`);
});

it("replays a text turn as an OpenAI chat completion and records the request", async () => {
  server.enqueue(turn.text("Sunny in Paris.", { usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }));
  const reply = await post(`${server.url}/chat/completions`, { model: "gpt-test", messages: [{ role: "user", content: "Weather?" }] }, { authorization: "Bearer k" });
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toBe("application/json");
  expectChatCompletion(reply.text, {
    object: "chat.completion",
    model: "gpt-test",
    choices: [{ index: 0, message: { role: "assistant", content: "Sunny in Paris.", refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  });
  expect(server.requests).toHaveLength(1);
  expect(server.lastRequest).toMatchObject({
    method: "POST",
    path: "/v1/chat/completions",
    body: { model: "gpt-test", messages: [{ role: "user", content: "Weather?" }] },
    stream: false,
  });
  expect(server.lastRequest?.headers.authorization).toBe("Bearer k");
  expect(JSON.parse(server.lastRequest!.rawBody)).toEqual(server.lastRequest!.body);
  expect(server.pending).toHaveLength(0);
});

it("answers 500 with a JSON error saying the script ran out", async () => {
  const reply = await post(`${server.url}/chat/completions`, { model: "m", messages: [] });
  expect(reply.status).toBe(500);
  expect(JSON.parse(reply.text).error.message).toMatch(/script ran out/);
  expect(server.problems).toEqual([expect.stringMatching(/script ran out/)]);
  expect(server.requests).toHaveLength(1);
});
