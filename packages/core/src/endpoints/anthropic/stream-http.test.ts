import { turn, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { Anthropic } from "./anthropic.js";
import type { AnthropicOptions } from "./options.js";
import type { EndpointRequest } from "../model-endpoint.js";
import type { StreamEvent } from "../stream-event.js";
import { abortedFailure, endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
let runs = 0;
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (runs = 0),
);

function endpoint(options: AnthropicOptions = {}): Anthropic {
  const ep = new Anthropic({ baseURL: server.origin, retryDelays: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
  ep.tools.define({
    name: "getWeather",
    description: "Get the weather.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }: { city: string }) => {
      runs++;
      return `sunny in ${city}`;
    },
  });
  return track(ep);
}

function streamed(events: StreamEvent[] = []): EndpointRequest {
  return endpointRequest({ model: "claude-test", stream: true, round: 2, onEvent: (e) => events.push(e) });
}

const calls = [
  { id: "toolu_1", name: "getWeather", arguments: JSON.stringify({ city: "Zürich", note: 'say "hi" \\ bye' }) },
  { id: "toolu_2", name: "getWeather", arguments: "" },
];

describe("Anthropic endpoint, streamed replies", () => {
  it("streams a tool round trip through the loop: text and tool-call deltas, then the completion", async () => {
    server.enqueue(
      turn.toolCalls([calls[0]!], { text: "Let me look… ✓", deltaSize: 3 }),
      turn.text("Sunny in Zürich.", { deltaSize: 4 }),
    );
    const ctx = new Context().user("Weather in Zürich?");
    ctx.toolPolicy.allow("getWeather");
    const stream = endpoint().stream("claude-test", ctx);
    const events: LoopEvent[] = [];
    for await (const event of stream) events.push(event);
    const completion = await stream.completion;

    expect(completion).toMatchObject({ stopped: "done", text: "Sunny in Zürich.", rounds: 2 });
    expect(runs).toBe(1);
    expect(server.requests.every((r) => r.stream && r.headers.accept === "text/event-stream")).toBe(true);
    const text = (round: number) =>
      events.flatMap((e) => (e.type === "text-delta" && e.round === round ? [e.text] : [])).join("");
    expect([text(1), text(2)]).toEqual(["Let me look… ✓", "Sunny in Zürich."]);
    const args = events.flatMap((e) => (e.type === "tool-call-delta" ? [e.argumentsDelta] : [])).join("");
    expect(args).toBe(calls[0]!.arguments);
    expect((server.requests[1]!.body as { messages: unknown[] }).messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look… ✓" },
          { type: "tool_use", id: "toolu_1", name: "getWeather", input: { city: "Zürich", note: 'say "hi" \\ bye' } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "sunny in Zürich" }] },
    ]);
  });

  it.each([1, 2, 3, 5, 7])(
    "assembles CRLF streams written %i bytes at a time, fragments split inside escapes",
    async (splitBytes) => {
      server.enqueue(
        turn.toolCalls(calls, { text: "Grüße 👋", reasoning: "hm", crlf: true, splitBytes, deltaSize: 2 }),
      );
      const reply = await endpoint().send(streamed());
      expect(reply.choices[0]).toMatchObject({ text: "Grüße 👋", reasoning: "hm", finishReason: "tool_use" });
      expect(reply.choices[0]!.toolCalls.map((c) => [c.id, c.arguments])).toEqual([
        ["toolu_1", { city: "Zürich", note: 'say "hi" \\ bye' }],
        ["toolu_2", {}],
      ]);
    },
  );

  it("fails a cut stream with ProtocolError, does not retry it, and leaves the context as it was", async () => {
    server.enqueue(turn.toolCalls(calls, { cutAfter: 5 }), turn.text("never"));
    const ctx = new Context().user("Hi");
    const stream = endpoint().stream("claude-test", ctx);
    await expect(stream.completion).rejects.toThrow(ProtocolError);
    expect(server.requests).toHaveLength(1);
    expect(ctx.messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("fails the stream on an error event, after the deltas before it", async () => {
    const events: StreamEvent[] = [];
    server.enqueue(
      turn.chunks([
        {
          type: "message_start",
          message: {
            id: "m",
            type: "message",
            role: "assistant",
            content: [],
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        },
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
        { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      ]),
      turn.text("never"),
    );
    const error = await endpoint()
      .send(streamed(events))
      .catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.message).toMatch(/overloaded_error.*Overloaded/);
    expect(events).toEqual([{ type: "text-delta", round: 2, text: "Hel" }]);
    expect(server.requests).toHaveLength(1);
  });

  it('leaves a call cut by max_tokens unusable and the completion stopped "length"', async () => {
    server.enqueue(
      turn.toolCalls([{ id: "toolu_c", name: "getWeather", arguments: '{"city": "Zü' }], { finishReason: "length" }),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await endpoint().stream("claude-test", ctx).completion;
    expect(completion.stopped).toBe("length");
    expect(completion.toolCalls[0]).toMatchObject({
      arguments: null,
      rawArguments: '{"city": "Zü',
      result: { isError: true },
    });
    expect(runs).toBe(0);
  });

  it("aborts the request when the iteration is left early, leaving the context as it was", async () => {
    server.enqueue(turn.text("a long answer that keeps going", { deltaSize: 1, chunkDelayMs: 20 }));
    const ctx = new Context().user("Hi");
    const stream = endpoint().stream("claude-test", ctx);
    for await (const event of stream) if (event.type === "text-delta") break;
    const error = await abortedFailure(stream.completion);
    expect(error.message).toMatch(/^The request to POST .*\/v1\/messages was cancelled\.$/);
    expect((error.cause as Error).message).toBe("The stream's consumer stopped iterating.");
    expect(ctx.messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("times out a stream that goes silent between events", async () => {
    server.enqueue(turn.stall(3, turn.text("hello there")));
    const error = await endpoint({ timeoutMs: 200, retries: 0 })
      .send(streamed())
      .catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.message).toMatch(/timed out after 200 ms .*went silent/);
  });

  it("reads a plain JSON reply to a streamed request (a server that ignores stream: true)", async () => {
    const body = {
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "not streamed" }],
      stop_reason: "end_turn",
    };
    server.enqueue(turn.raw(JSON.stringify(body), { contentType: "application/json" }));
    expect((await endpoint().send(streamed())).choices[0]!.text).toBe("not streamed");
  });

  it("usage: input from message_start, output from the cumulative message_delta", async () => {
    server.enqueue(turn.text("ok", { usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } }));
    expect((await endpoint().send(streamed())).usage).toEqual({
      promptTokens: 11,
      completionTokens: 3,
      totalTokens: 14,
    });
  });
});
