import { turn, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import type { OpenAIResponsesOptions } from "./options.js";
import { OpenAIResponses } from "./responses.js";

let server: ScriptedModelServer;
let runs: string[] = [];
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (runs = []),
);

function endpoint(options: OpenAIResponsesOptions = {}): OpenAIResponses {
  const ep = new OpenAIResponses({
    baseURL: server.origin,
    retryDelays: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
  ep.tools.define({
    name: "getWeather",
    description: "Get the weather.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }: { city: string }) => {
      runs.push(city);
      return `sunny in ${city}`;
    },
  });
  return track(ep);
}

const call = { id: "call_1", name: "getWeather", arguments: JSON.stringify({ city: "Zürich", note: 'say "hi"' }) };

async function streamed(ep: OpenAIResponses, ctx: Context | string) {
  const stream = ep.stream("gpt-test", ctx);
  const events: LoopEvent[] = [];
  for await (const event of stream) events.push(event);
  return { completion: await stream.completion, events };
}

/** What an array of event objects looks like framed as SSE without `event:` lines. */
const dataOnly = (events: readonly object[]) => events.map((event) => `data: ${JSON.stringify(event)}`);

describe("OpenAIResponses, streamed replies", () => {
  it("streams a tool round through the loop: text and call deltas, reasoning carried to the next request", async () => {
    server.enqueue(
      turn.toolCalls([call], { text: "Let me look… ✓", reasoning: "Check first.", deltaSize: 3 }),
      turn.text("Sunny in Zürich.", { deltaSize: 4 }),
    );
    const ctx = new Context().user("Weather in Zürich?");
    ctx.toolPolicy.allow("getWeather");
    const { completion, events } = await streamed(endpoint(), ctx);
    expect(completion).toMatchObject({ stopped: "done", text: "Sunny in Zürich.", rounds: 2 });
    expect(runs).toEqual(["Zürich"]);
    expect(server.requests.every((r) => r.stream && r.headers.accept === "text/event-stream")).toBe(true);
    const text = (round: number) =>
      events.flatMap((e) => (e.type === "text-delta" && e.round === round ? [e.text] : [])).join("");
    expect([text(1), text(2)]).toEqual(["Let me look… ✓", "Sunny in Zürich."]);
    const args = events.flatMap((e) => (e.type === "tool-call-delta" ? [e.argumentsDelta] : [])).join("");
    expect(args).toBe(call.arguments);
    const input = (server.requests[1]!.body as { input: Array<{ type: string; encrypted_content?: string }> }).input;
    expect(input.map((item) => item.type)).toEqual([
      "message",
      "reasoning",
      "message",
      "function_call",
      "function_call_output",
    ]);
    expect(input[1]!.encrypted_content).toMatch(/^enc_scripted_/);
  });

  it.each([1, 2, 3, 7])("assembles CRLF streams written %i bytes at a time", async (splitBytes) => {
    server.enqueue(turn.toolCalls([call], { text: "Grüße 👋", reasoning: "hm", crlf: true, splitBytes, deltaSize: 2 }));
    const { completion } = await streamed(endpoint(), "Hi");
    expect(completion.choice).toMatchObject({ text: "Grüße 👋", reasoning: "hm" });
    expect(completion.toolCalls[0]!.arguments).toEqual(JSON.parse(call.arguments));
  });

  it("reads a llama.cpp-shaped stream over the socket: no indexes or sequence numbers, data before event lines, [DONE]", async () => {
    const chunks = [
      ": ping",
      `data: {"type":"response.created","response":{"id":"resp_l","object":"response","status":"in_progress"}}\nevent: response.created`,
      ...dataOnly([
        {
          type: "response.output_item.added",
          item: { id: "msg_l", type: "message", role: "assistant", status: "in_progress", content: [] },
        },
        { type: "response.content_part.added", item_id: "msg_l", part: { type: "output_text", text: "" } },
        { type: "response.output_text.delta", item_id: "msg_l", delta: "On it." },
        {
          type: "response.output_item.added",
          item: { arguments: "", call_id: "fc_9", name: "getWeather", type: "function_call", status: "in_progress" },
        },
        { type: "response.function_call_arguments.delta", delta: '{"city":"Bern"}', item_id: "fc_9" },
        { type: "response.output_text.done", item_id: "msg_l", text: "On it." },
        {
          type: "response.output_item.done",
          item: {
            type: "message",
            id: "msg_l",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: "On it.", annotations: [], logprobs: [] }],
          },
        },
        {
          type: "response.output_item.done",
          item: {
            type: "function_call",
            status: "completed",
            arguments: '{"city":"Bern"}',
            call_id: "fc_9",
            name: "getWeather",
          },
        },
        {
          type: "response.completed",
          response: {
            id: "resp_l",
            object: "response",
            status: "completed",
            output: [],
            usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
          },
        },
      ]),
      "data: [DONE]",
    ];
    server.enqueue(turn.chunks(chunks, { omitDone: true }), turn.text("Sunny."));
    const ctx = new Context().user("Bern?");
    ctx.toolPolicy.allow("*");
    const { completion, events } = await streamed(endpoint(), ctx);
    expect(completion.text).toBe("Sunny.");
    expect(runs).toEqual(["Bern"]);
    expect(events.filter((e) => e.type === "text-delta" && e.round === 1)).toEqual([
      { type: "text-delta", round: 1, text: "On it." },
    ]);
  });

  it("fails on an error event followed by response.failed, leaving the context as it was", async () => {
    const chunks = [
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { id: "m", type: "message", role: "assistant", content: [] },
      },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: "m", delta: "Par" },
      { type: "error", code: "invalid_prompt", message: "The prompt was flagged.", param: null, sequence_number: 3 },
      {
        type: "response.failed",
        response: {
          id: "r",
          status: "failed",
          error: { code: "invalid_prompt", message: "The prompt was flagged." },
          output: [],
        },
      },
    ];
    server.enqueue(turn.chunks(chunks));
    const ctx = new Context().user("Hi");
    const before = JSON.stringify(ctx.toJSON());
    const error = await streamed(endpoint(), ctx).catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.message).toBe(
      "The server reported an error mid-stream (invalid_prompt): The prompt was flagged.",
    );
    expect(JSON.stringify(ctx.toJSON())).toBe(before);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a stream that failed before any event reached the caller, not one cut after", async () => {
    const failed = {
      type: "response.failed",
      response: { id: "r", status: "failed", error: { code: "server_error", message: "overloaded" }, output: [] },
    };
    server.enqueue(turn.chunks([failed]), turn.text("Hello there", { deltaSize: 2 }));
    expect((await streamed(endpoint(), "Hi")).completion.text).toBe("Hello there");
    expect(server.requests).toHaveLength(2);
    server.enqueue({ ...turn.text("Hello there", { deltaSize: 2 }), cutAfter: 6 }, turn.text("unused"));
    const ctx = new Context().user("Hi");
    const cut = await streamed(endpoint(), ctx).catch((e: unknown) => e);
    expect(ProtocolError.isInstance(cut)).toBe(true);
    expect(ctx.messages).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it("reads a JSON reply to a streamed request as JSON", async () => {
    const reply = {
      id: "r",
      status: "completed",
      output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "plain" }] }],
    };
    server.enqueue(turn.raw(JSON.stringify(reply)));
    expect((await streamed(endpoint(), "Hi")).completion.text).toBe("plain");
  });

  it("gives up on a silent server after timeoutMs and on cancellation, leaving the context as it was", async () => {
    server.enqueue(turn.stall(2, turn.text("Hello there")), turn.stall(2, turn.text("Hello there")));
    const ctx = new Context().user("Hi");
    const silent = await streamed(endpoint({ timeoutMs: 300, retries: 0 }), ctx).catch((e: unknown) => e);
    expect(EndpointError.isInstance(silent) && silent.message).toMatch(/timed out after 300 ms/);
    const controller = new AbortController();
    const stream = endpoint().stream("gpt-test", ctx, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(stream.completion).rejects.toThrow(/cancel|abort/i);
    expect(ctx.messages).toHaveLength(1);
  });
});
