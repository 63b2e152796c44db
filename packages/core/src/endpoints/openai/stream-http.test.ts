import { turn, type ScriptedModelServer, type StreamQuirks } from "@tooltype/testing";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { OpenAI } from "./openai.js";
import type { OpenAIOptions } from "./options.js";
import type { StreamEvent } from "../stream-event.js";
import { endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

function endpoint(options: OpenAIOptions = {}): OpenAI {
  return track(new OpenAI({ baseURL: server.url, retryDelays: { baseDelayMs: 1, maxDelayMs: 5 }, ...options }));
}

function streamed(events: StreamEvent[] = [], overrides: Partial<EndpointRequest> = {}): EndpointRequest {
  return endpointRequest({ stream: true, round: 2, onEvent: (e) => events.push(e), ...overrides });
}

const calls = [
  { name: "getWeather", arguments: JSON.stringify({ location: "Zürich", unit: "c" }) },
  { name: "getTime", arguments: JSON.stringify({ zone: "Europe/Zürich" }) },
];
const expectedCalls = [
  { name: "getWeather", arguments: { location: "Zürich", unit: "c" } },
  { name: "getTime", arguments: { zone: "Europe/Zürich" } },
];

describe("OpenAI endpoint, streamed replies", () => {
  it("streams text and calls, reports deltas through onEvent, and asks for usage", async () => {
    const events: StreamEvent[] = [];
    server.enqueue(
      turn.toolCalls(calls, {
        text: "Let me check… ✓",
        usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
      }),
    );
    const reply = await endpoint().send(streamed(events));
    expect(server.lastRequest?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(server.lastRequest?.headers.accept).toBe("text/event-stream");
    expect(reply.choices[0]).toMatchObject({
      text: "Let me check… ✓",
      finishReason: "tool_calls",
      toolCalls: expectedCalls,
    });
    expect(reply.usage).toEqual({ promptTokens: 7, completionTokens: 3, totalTokens: 10 });
    const text = events.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("");
    expect(text).toBe("Let me check… ✓");
    const args = (index: number) =>
      events.flatMap((e) => (e.type === "tool-call-delta" && e.index === index ? [e.argumentsDelta] : [])).join("");
    expect([args(0), args(1)]).toEqual(calls.map((c) => c.arguments));
    expect(events.every((e) => e.round === 2)).toBe(true);
  });

  it.each<[string, StreamQuirks]>([
    ["no index (Gemini)", { noIndex: true, wholeCalls: true }],
    ["indices from 1", { indexBase: 1 }],
    ["id, type and name repeated on every fragment (vLLM, SGLang)", { repeatIdAndName: true }],
    ['name: "" on later fragments', { emptyNameLater: true }],
    ["the last fragment in the finish chunk", { argsWithFinish: true }],
    ["a leading choices: [] chunk (Azure)", { leadingEmptyChoices: true }],
    ["whole calls in one delta (Ollama)", { wholeCalls: true }],
    ["text deltas with tool_calls: []", { emptyToolCalls: true }],
    ["usage on the finish chunk", { usageOnFinish: true }],
  ])("assembles the same calls with %s", async (_, quirks) => {
    server.enqueue(turn.toolCalls(calls, { text: "ok", quirks }));
    const reply = await endpoint().send(streamed());
    expect(reply.choices[0]).toMatchObject({ text: "ok", toolCalls: expectedCalls });
    expect(reply.choices[0]!.toolCalls[0]!.id).not.toBe(reply.choices[0]!.toolCalls[1]!.id);
  });

  it.each([1, 2, 3, 5, 7])(
    "assembles CRLF streams written %i bytes at a time (splits inside lines, CRLFs and characters)",
    async (splitBytes) => {
      server.enqueue(turn.toolCalls(calls, { text: "Grüße 👋", crlf: true, splitBytes }));
      const reply = await endpoint().send(streamed());
      expect(reply.choices[0]).toMatchObject({ text: "Grüße 👋", toolCalls: expectedCalls });
    },
  );

  it("treats a stream with a finish_reason but no [DONE] as complete", async () => {
    server.enqueue(turn.text("done", { omitDone: true }));
    expect((await endpoint().send(streamed())).choices[0]!.text).toBe("done");
  });

  it("fails a cut stream with ProtocolError, and does not retry what was already reported", async () => {
    const events: StreamEvent[] = [];
    server.enqueue(turn.toolCalls(calls, { cutAfter: 3 }), turn.text("never"));
    await expect(endpoint().send(streamed(events))).rejects.toThrow(ProtocolError);
    expect(server.requests).toHaveLength(1);
    expect(events.length).toBeGreaterThan(0);
  });

  it("fails a stream reset mid-body with EndpointError, not retried once deltas were reported", async () => {
    server.enqueue(
      turn.reset("mid-body", turn.text("a fairly long answer that will be cut", { deltaSize: 3 })),
      turn.text("never"),
    );
    const error = await endpoint()
      .send(streamed())
      .catch((e: unknown) => e);
    expect(EndpointError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a stream whose connection failed before anything arrived", async () => {
    server.enqueue(turn.reset("before-response"), turn.error(503), turn.text("ok"));
    expect((await endpoint().send(streamed())).choices[0]!.text).toBe("ok");
    expect(server.requests).toHaveLength(3);
  });

  it("times out a stream that goes silent between chunks", async () => {
    server.enqueue(turn.stall(2, turn.text("hello there")));
    const events: StreamEvent[] = [];
    const error = await endpoint({ timeoutMs: 200 })
      .send(streamed(events))
      .catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.message).toMatch(/timed out after 200 ms .*went silent/);
    expect(server.requests).toHaveLength(1);
  });

  it("keeps a slow stream alive as long as no single silence exceeds the timeout", async () => {
    // 30 events a tenth of a second apart: three seconds in all, twice the timeout, each silence a
    // fifteenth of it (room for a busy machine's stalls).
    const text = "steadily, one letter at a time";
    server.enqueue(turn.text(text, { chunkDelayMs: 100, deltaSize: 1 }));
    expect((await endpoint({ timeoutMs: 1_500 }).send(streamed())).choices[0]!.text).toBe(text);
  });

  it("caps the size of a stream", async () => {
    server.enqueue(turn.text("x".repeat(20_000)));
    await expect(endpoint({ maxResponseBytes: 4096 }).send(streamed())).rejects.toThrow(
      /maxResponseBytes \(4096 bytes\)/,
    );
  });

  it("reads a plain JSON reply to a streamed request (a server that ignores stream: true)", async () => {
    const body = {
      id: "x",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content: "not streamed" }, finish_reason: "stop" }],
    };
    server.enqueue(turn.raw(JSON.stringify(body), { contentType: "application/json" }));
    expect((await endpoint().send(streamed())).choices[0]!.text).toBe("not streamed");
  });

  it("reports an error event sent mid-stream", async () => {
    server.enqueue(
      turn.chunks([
        { choices: [{ index: 0, delta: { content: "a" }, finish_reason: null }] },
        { error: { message: "CUDA out of memory" } },
      ]),
    );
    await expect(endpoint().send(streamed())).rejects.toThrow(/CUDA out of memory/);
  });

  it("reads custom tool calls streamed as explicit chunks", async () => {
    server.enqueue(
      turn.chunks([
        {
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [{ index: 0, id: "ct", type: "custom", custom: { name: "patch", input: "*** Begin" } }],
              },
              finish_reason: null,
            },
          ],
        },
        {
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, custom: { input: " Patch" } }] },
              finish_reason: "tool_calls",
            },
          ],
        },
      ]),
    );
    const reply = await endpoint().send(streamed());
    expect(reply.choices[0]!.toolCalls).toEqual([
      { id: "ct", type: "custom", name: "patch", arguments: {}, rawArguments: "*** Begin Patch" },
    ]);
  });
});
