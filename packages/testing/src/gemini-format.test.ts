// Turns rendered as Gemini generateContent responses, JSON and streamed, typed by @google/genai.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { post } from "./fixtures/http.js";
import { readEvents } from "./fixtures/sse.js";
import type { GeminiResponse } from "./fixtures/gemini.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const url = (model: string, method = "generateContent") => `${server.origin}/v1beta/models/${model}:${method}`;
// The scripted signature of a reply, by the number in its responseId (replies are numbered per server).
const sig = (body: GeminiResponse) =>
  Buffer.from(`scripted-signature-${body.responseId?.split("-").pop()}-0`).toString("base64");
const request = { contents: [{ role: "user", parts: [{ text: "Hi" }] }] };

it("renders text, reasoning and calls as parts, the first call signed, with usage and the model from the path", async () => {
  server.enqueue({
    reasoning: "Think.",
    text: "Let me check.",
    toolCalls: [
      { id: "fc_1", name: "getWeather", arguments: '{"city":"Paris"}' },
      { id: false, name: "getTime", arguments: "" },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
  });
  const reply = await post(url("gemini-test"), request);
  expect(reply.status).toBe(200);
  const body = JSON.parse(reply.text) as GeminiResponse;
  const expected: GeminiResponse = {
    candidates: [
      {
        content: {
          role: "model",
          parts: [
            { text: "Think.", thought: true },
            { text: "Let me check." },
            { functionCall: { name: "getWeather", args: { city: "Paris" }, id: "fc_1" }, thoughtSignature: sig(body) },
            { functionCall: { name: "getTime" } },
          ],
        },
        index: 0,
        finishReason: "STOP",
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 },
    modelVersion: "gemini-test",
    responseId: body.responseId!,
  };
  expect(body).toEqual(expected);
  expect(body.responseId).toMatch(/^scripted-response-\d+$/);
  expect(server.lastRequest).toMatchObject({ stream: false, path: "/v1beta/models/gemini-test:generateContent" });
});

it("maps finish reasons (length → MAX_TOKENS, content_filter → SAFETY) and signs a text reply's last part", async () => {
  server.enqueue(turn.text("cut", { finishReason: "length" }), turn.text("no", { finishReason: "content_filter" }));
  const first = JSON.parse((await post(url("m"), request)).text) as GeminiResponse;
  const second = JSON.parse((await post(url("m"), request)).text) as GeminiResponse;
  expect(first.candidates?.[0]).toMatchObject({
    finishReason: "MAX_TOKENS",
    content: { parts: [{ text: "cut", thoughtSignature: sig(first) }] },
  });
  expect(second.candidates?.[0]?.finishReason).toBe("SAFETY");
});

it("streams with alt=sse: pieces of text, each call whole, and a last chunk with the finish reason and an empty signed text part", async () => {
  server.enqueue({ ...turn.text("Hello there", { deltaSize: 6 }), crlf: true });
  const reply = await post(`${url("gemini-test", "streamGenerateContent")}?alt=sse`, request);
  expect(reply.headers["content-type"]).toMatch(/^text\/event-stream/);
  expect(reply.text).toContain("\r\n\r\n");
  const chunks = readEvents([Buffer.from(reply.text)]).events.map((e) => JSON.parse(e.data) as GeminiResponse);
  expect(chunks.map((c) => c.candidates?.[0]?.content?.parts)).toEqual([
    [{ text: "Hello " }],
    [{ text: "there" }],
    [{ text: "", thoughtSignature: sig(chunks[0]!) }],
  ]);
  expect(chunks.map((c) => c.candidates?.[0]?.finishReason)).toEqual([undefined, undefined, "STOP"]);
  expect(chunks.map((c) => c.usageMetadata === undefined)).toEqual([true, true, false]);
  expect(server.lastRequest?.stream).toBe(true);

  server.enqueue(turn.toolCall("getWeather", { city: "Paris" }));
  const calls = await post(`${url("gemini-test", "streamGenerateContent")}?alt=sse`, request);
  const callChunks = readEvents([Buffer.from(calls.text)]).events.map((e) => JSON.parse(e.data) as GeminiResponse);
  const number = callChunks[0]!.responseId!.split("-").pop();
  expect(callChunks.map((c) => c.candidates?.[0]?.content?.parts)).toEqual([
    [
      {
        functionCall: { name: "getWeather", args: { city: "Paris" }, id: `fc_scripted_${number}_0` },
        thoughtSignature: sig(callChunks[0]!),
      },
    ],
    [],
  ]);
});

it("answers errors in Google's shape and serves Vertex AI's path", async () => {
  server.enqueue(turn.error(429, { message: "Quota exceeded" }), turn.text("ok"));
  const error = await post(url("m"), request);
  expect([error.status, JSON.parse(error.text)]).toEqual([
    429,
    { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } },
  ]);
  const vertex = await post(
    `${server.origin}/v1/projects/p/locations/us-central1/publishers/google/models/gemini-x:generateContent`,
    request,
  );
  expect((JSON.parse(vertex.text) as GeminiResponse).modelVersion).toBe("gemini-x");
  expect(server.problems).toEqual([]);
});
