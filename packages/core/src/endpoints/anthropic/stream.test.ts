import fc from "fast-check";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { parseAnthropicReply } from "./reply.js";
import { AnthropicStreamAssembler } from "./stream.js";
import { feedSSE, limits } from "../fixtures/endpoint-setup.js";
import type { StreamEvent } from "../stream-event.js";

type Event = Record<string, unknown>;

/** SSE text for events, each named after its type as Anthropic sends them. */
const sse = (events: Event[], eol = "\n") =>
  events.map((e) => `event: ${String(e.type)}${eol}data: ${JSON.stringify(e)}${eol}${eol}`).join("");

/** Feeds SSE bytes (in the given pieces) through the reader and the assembler, then the reply parser. */
function assemble(pieces: string | Uint8Array[], events: StreamEvent[] = []) {
  const assembler = new AnthropicStreamAssembler(1, (event) => events.push(event));
  feedSSE(pieces, (message) => assembler.push(message));
  return parseAnthropicReply(assembler.finish(), limits);
}

const start = (usage = { input_tokens: 20, output_tokens: 1 }): Event => ({
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
});
const blockStart = (index: number, content_block: Event): Event => ({
  type: "content_block_start",
  index,
  content_block,
});
const delta = (index: number, d: Event): Event => ({ type: "content_block_delta", index, delta: d });
const stop = (index: number): Event => ({ type: "content_block_stop", index });
const text = (index: number, t: string): Event => delta(index, { type: "text_delta", text: t });
const json = (index: number, partial_json: string): Event => delta(index, { type: "input_json_delta", partial_json });
const end = (stop_reason: string, output_tokens = 9): Event[] => [
  { type: "message_delta", delta: { stop_reason, stop_sequence: null }, usage: { output_tokens } },
  { type: "message_stop" },
];
const tool = (index: number, id: string, name: string) => blockStart(index, { type: "tool_use", id, name, input: {} });

// Text, a thinking block with its signature, a tool whose input is split inside a \u escape,
// and a tool without input (one empty fragment).
const full: Event[] = [
  start(),
  { type: "ping" },
  blockStart(0, { type: "thinking", thinking: "", signature: "" }),
  delta(0, { type: "thinking_delta", thinking: "The user wants " }),
  delta(0, { type: "thinking_delta", thinking: "the weather." }),
  delta(0, { type: "signature_delta", signature: "EqQBCgIYAhIM" }),
  stop(0),
  blockStart(1, { type: "text", text: "" }),
  text(1, "Grüße "),
  text(1, "👋"),
  stop(1),
  tool(2, "toolu_1", "getWeather"),
  json(2, '{"city": "Z'),
  json(2, "\\u00"),
  json(2, 'fcrich", "note": "say \\"hi'),
  json(2, '\\""}'),
  stop(2),
  tool(3, "toolu_2", "now"),
  json(3, ""),
  stop(3),
  { type: "ping" },
  ...end("tool_use"),
];

describe("AnthropicStreamAssembler (docs/wire-format.md, Anthropic)", () => {
  it("assembles text, thinking and calls, and reports text and tool-call deltas as they arrive", () => {
    const events: StreamEvent[] = [];
    const reply = assemble(sse(full), events);
    const choice = reply.choices[0]!;
    expect(choice).toMatchObject({
      text: "Grüße 👋",
      reasoning: "The user wants the weather.",
      finishReason: "tool_use",
    });
    expect(choice.toolCalls).toEqual([
      {
        id: "toolu_1",
        type: "function",
        name: "getWeather",
        arguments: { city: "Zürich", note: 'say "hi"' },
        rawArguments: '{"city": "Z\\u00fcrich", "note": "say \\"hi\\""}',
      },
      { id: "toolu_2", type: "function", name: "now", arguments: {}, rawArguments: "" },
    ]);
    expect(choice.providerData).toEqual({
      anthropic: {
        thinking: [
          { after: 0, block: { type: "thinking", thinking: "The user wants the weather.", signature: "EqQBCgIYAhIM" } },
        ],
      },
    });
    expect(reply.usage).toEqual({ promptTokens: 20, completionTokens: 9, totalTokens: 29 });
    expect(events.filter((e) => e.type === "text-delta").map((e) => (e as { text: string }).text)).toEqual([
      "Grüße ",
      "👋",
    ]);
    const args = (index: number) =>
      events.flatMap((e) => (e.type === "tool-call-delta" && e.index === index ? [e.argumentsDelta] : [])).join("");
    expect([args(2), args(3)]).toEqual([choice.toolCalls[0]!.rawArguments, ""]);
    expect(events.find((e) => e.type === "tool-call-delta" && e.index === 2)).toMatchObject({
      id: "toolu_1",
      name: "getWeather",
    });
  });

  it("gives the same reply however the bytes are split (inside lines, CRLFs, UTF-8 characters, escapes)", () => {
    for (const eol of ["\n", "\r\n"]) {
      const bytes = new TextEncoder().encode(sse(full, eol));
      const whole = assemble([bytes]);
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const pieces = points.slice(1).map((to, i) => bytes.subarray(points[i], to));
          expect(assemble(pieces).choices).toEqual(whole.choices);
        }),
        { numRuns: 200 },
      );
    }
  });

  it("leaves a call cut by max_tokens mid-input unusable (arguments null)", () => {
    const reply = assemble(
      sse([start(), tool(0, "toolu_1", "getWeather"), json(0, '{"city": "Par'), stop(0), ...end("max_tokens")]),
    );
    expect(reply.choices[0]!.toolCalls[0]).toMatchObject({
      id: "toolu_1",
      arguments: null,
      rawArguments: '{"city": "Par',
    });
    expect(reply.choices[0]!.finishReason).toBe("max_tokens");
  });

  it("fails a cut stream (no stop_reason, no message_stop) with ProtocolError", () => {
    expect(() => assemble(sse(full.slice(0, 14)))).toThrow(ProtocolError);
    expect(() => assemble(sse(full.slice(0, 14)))).toThrow(/cut/);
  });

  it("treats a stop_reason without message_stop as complete", () => {
    expect(
      assemble(sse([start(), blockStart(0, { type: "text", text: "" }), text(0, "ok"), end("end_turn")[0]!]))
        .choices[0]!.text,
    ).toBe("ok");
  });

  it("fails the stream on an error event with EndpointError (retryable when overloaded)", () => {
    const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    let error: unknown;
    try {
      assemble(sse([start(), blockStart(0, { type: "text", text: "" }), text(0, "partial"), overloaded]));
    } catch (caught) {
      error = caught;
    }
    expect(EndpointError.isInstance(error) && [error.message, error.status, error.retryable]).toEqual([
      expect.stringMatching(/overloaded_error.*Overloaded/),
      529,
      true,
    ]);
  });

  it("ignores ping and unknown events and deltas, and keeps unknown blocks as they started", () => {
    const reply = assemble(
      sse([
        start(),
        { type: "ping" },
        { type: "something_new", payload: 1 },
        blockStart(0, { type: "text", text: "" }),
        delta(0, { type: "citations_delta", citation: { cited_text: "x" } }),
        text(0, "Hello"),
        blockStart(1, { type: "server_tool_use", id: "srv_1", name: "web_search", input: {} }),
        ...end("end_turn"),
      ]),
    );
    expect(reply.choices[0]).toMatchObject({ text: "Hello", toolCalls: [] });
    expect((reply.raw as { content: unknown[] }).content[1]).toEqual({
      type: "server_tool_use",
      id: "srv_1",
      name: "web_search",
      input: {},
    });
  });

  it("uses a tool's start input when no fragment arrived, and refuses events that are not JSON", () => {
    const reply = assemble(
      sse([
        start(),
        blockStart(0, { type: "tool_use", id: "t", name: "f", input: { whole: true } }),
        ...end("tool_use"),
      ]),
    );
    expect(reply.choices[0]!.toolCalls[0]!.arguments).toEqual({ whole: true });
    expect(() => assemble(`event: content_block_delta\ndata: {not json\n\n`)).toThrow(ProtocolError);
    // An error event whose data is not JSON is still the server's error, quoted.
    expect(() => assemble(`event: error\ndata: Overloaded\n\n`)).toThrow(EndpointError);
    expect(() => assemble(`event: error\ndata: Overloaded\n\n`)).toThrow(/mid-stream: Overloaded/);
  });

  it("ignores events after message_stop", () => {
    const reply = assemble(
      sse([
        start(),
        blockStart(0, { type: "text", text: "" }),
        text(0, "done"),
        ...end("end_turn"),
        text(0, " and more"),
      ]),
    );
    expect(reply.choices[0]!.text).toBe("done");
  });
});
