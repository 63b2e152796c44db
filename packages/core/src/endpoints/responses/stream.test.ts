import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { feedSSE, limits } from "../fixtures/endpoint-setup.js";
import type { StreamEvent } from "../stream-event.js";
import { parseResponsesReply } from "./reply.js";
import { ResponsesStreamAssembler } from "./stream.js";

const baseURL = "http://127.0.0.1:8080/v1";

/** Feeds SSE text through a fresh assembler; the parsed reply and the events reported. */
function assemble(sse: string | Uint8Array[]) {
  const events: StreamEvent[] = [];
  const assembler = new ResponsesStreamAssembler(1, (event) => events.push(event));
  feedSSE(sse, (message) => assembler.push(message));
  const body = assembler.finish();
  return { body, events, reply: parseResponsesReply(body, { ...limits, baseURL, stored: false }) };
}

/** Events as OpenAI frames them: an `event:` line naming the type, then the data. */
const sse = (events: readonly object[]) =>
  events.map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`).join("");

const created: ResponseStreamEvent = {
  type: "response.created",
  sequence_number: 0,
  response: {
    id: "resp_1",
    object: "response",
    created_at: 1,
    model: "gpt-x",
    output: [],
    output_text: "",
    status: "in_progress",
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: "auto",
    tools: [],
    top_p: null,
    access_programs: null,
  },
};
const completed = (output: unknown[] = [], status = "completed", extra: object = {}) => ({
  type: `response.${status}`,
  sequence_number: 99,
  response: { id: "resp_1", object: "response", status, model: "gpt-x", output, ...extra },
});

describe("assembling a Responses stream", () => {
  it("joins OpenAI's typed events per item and reports text and call deltas as they arrive", () => {
    const typed: ResponseStreamEvent[] = [
      created,
      {
        type: "response.output_item.added",
        sequence_number: 1,
        output_index: 0,
        item: { id: "rs_1", type: "reasoning", summary: [] },
      },
      {
        type: "response.reasoning_summary_text.delta",
        sequence_number: 2,
        item_id: "rs_1",
        output_index: 0,
        summary_index: 0,
        delta: "Weather ",
      },
      {
        type: "response.reasoning_summary_text.delta",
        sequence_number: 3,
        item_id: "rs_1",
        output_index: 0,
        summary_index: 0,
        delta: "first.",
      },
      {
        type: "response.output_item.done",
        sequence_number: 4,
        output_index: 0,
        item: {
          id: "rs_1",
          type: "reasoning",
          summary: [{ type: "summary_text", text: "Weather first." }],
          encrypted_content: "ENC",
        },
      },
      {
        type: "response.output_item.added",
        sequence_number: 5,
        output_index: 1,
        item: { id: "msg_1", type: "message", status: "in_progress", role: "assistant", content: [] },
      },
      {
        type: "response.output_text.delta",
        sequence_number: 6,
        item_id: "msg_1",
        output_index: 1,
        content_index: 0,
        delta: "Let me ",
        logprobs: [],
      },
      {
        type: "response.output_text.delta",
        sequence_number: 7,
        item_id: "msg_1",
        output_index: 1,
        content_index: 0,
        delta: "check.",
        logprobs: [],
      },
      {
        type: "response.output_item.added",
        sequence_number: 8,
        output_index: 2,
        item: { id: "fc_1", type: "function_call", call_id: "call_1", name: "getWeather", arguments: "" },
      },
      {
        type: "response.function_call_arguments.delta",
        sequence_number: 9,
        item_id: "fc_1",
        output_index: 2,
        delta: '{"city":',
      },
      {
        type: "response.function_call_arguments.delta",
        sequence_number: 10,
        item_id: "fc_1",
        output_index: 2,
        delta: '"Oslo"}',
      },
      {
        type: "response.function_call_arguments.done",
        sequence_number: 11,
        item_id: "fc_1",
        output_index: 2,
        arguments: '{"city":"Oslo"}',
      },
    ];
    // OpenAI pads deltas with `obfuscation` and sends keep-alives on long runs; neither changes anything.
    const padded = typed.map((event) => (event.type.endsWith(".delta") ? { ...event, obfuscation: "x1y2" } : event));
    const { reply, events } = assemble(
      sse([
        ...padded,
        { type: "keepalive", sequence_number: 12 },
        completed([], "completed", { usage: { input_tokens: 5, output_tokens: 7, total_tokens: 12 } }),
      ]),
    );
    expect(reply.choices[0]).toMatchObject({
      text: "Let me check.",
      reasoning: "Weather first.",
      finishReason: "tool_calls",
      toolCalls: [{ id: "call_1", name: "getWeather", arguments: { city: "Oslo" } }],
    });
    expect(reply.usage.totalTokens).toBe(12);
    expect(events).toEqual([
      { type: "text-delta", round: 1, text: "Let me " },
      { type: "text-delta", round: 1, text: "check." },
      { type: "tool-call-delta", round: 1, index: 2, id: "call_1", name: "getWeather", argumentsDelta: "" },
      { type: "tool-call-delta", round: 1, index: 2, id: "call_1", name: "getWeather", argumentsDelta: '{"city":' },
      { type: "tool-call-delta", round: 1, index: 2, id: "call_1", name: "getWeather", argumentsDelta: '"Oslo"}' },
    ]);
  });

  it("orders items by output_index, not by arrival, and joins an item whose id changes on every event", () => {
    const { reply } = assemble(
      sse([
        {
          type: "response.output_item.added",
          output_index: 1,
          item: { id: "fc_a", type: "function_call", call_id: "call_b", name: "second", arguments: "" },
        },
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "fc_b", type: "function_call", call_id: "call_a", name: "first", arguments: "" },
        },
        { type: "response.function_call_arguments.delta", item_id: "gw_1", output_index: 0, delta: '{"n":' },
        { type: "response.function_call_arguments.delta", item_id: "gw_2", output_index: 1, delta: '{"m":2}' },
        { type: "response.function_call_arguments.delta", item_id: "gw_3", output_index: 0, delta: "1}" },
        completed(),
      ]),
    );
    expect(reply.choices[0]!.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ["first", { n: 1 }],
      ["second", { m: 2 }],
    ]);
  });

  it("takes arguments that arrive only in a done event (arguments.done, or the done item), and reports them as one delta", () => {
    const { reply, events } = assemble(
      sse([
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "fc_1", type: "function_call", call_id: "call_1", name: "f", arguments: "" },
        },
        { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, arguments: '{"a":1}' },
        {
          type: "response.output_item.added",
          output_index: 1,
          item: { id: "fc_2", type: "function_call", call_id: "call_2", name: "g", arguments: "" },
        },
        {
          type: "response.output_item.done",
          output_index: 1,
          item: { id: "fc_2", type: "function_call", call_id: "call_2", name: "g", arguments: '{"b":2}' },
        },
        completed(),
      ]),
    );
    expect(reply.choices[0]!.toolCalls.map((call) => call.arguments)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(
      events.map((event) => (event.type === "tool-call-delta" ? [event.index, event.argumentsDelta] : [])),
    ).toEqual([
      [0, ""],
      [0, '{"a":1}'],
      [1, ""],
      [1, '{"b":2}'],
    ]);
  });

  it("reads llama.cpp's stream: no output_index or sequence_number, reasoning_text, items matched by id and call_id", () => {
    const text = [
      `event: response.created\ndata: {"type":"response.created","response":{"id":"resp_l","object":"response","status":"in_progress"}}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"id":"rs_l","summary":[],"type":"reasoning","content":[],"encrypted_content":"","status":"in_progress"}}\n\n`,
      `event: response.reasoning_text.delta\ndata: {"type":"response.reasoning_text.delta","delta":"Hmm","item_id":"rs_l"}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"arguments":"","call_id":"fc_abc","name":"getWeather","type":"function_call","status":"in_progress"}}\n\n`,
      `event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","delta":"{\\"city\\":\\"Oslo\\"}","item_id":"fc_abc"}\n\n`,
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","item":{"arguments":"","call_id":"fc_def","name":"getTime","type":"function_call","status":"in_progress"}}\n\n`,
      `event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","delta":"{}","item_id":"fc_def"}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"id":"rs_l","summary":[],"type":"reasoning","content":[{"text":"Hmm","type":"reasoning_text"}],"encrypted_content":""}}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"type":"function_call","status":"completed","arguments":"{\\"city\\":\\"Oslo\\"}","call_id":"fc_abc","name":"getWeather"}}\n\n`,
      `event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"type":"function_call","status":"completed","arguments":"{}","call_id":"fc_def","name":"getTime"}}\n\n`,
      `event: response.completed\ndata: {"type":"response.completed","response":{"id":"resp_l","object":"response","status":"completed","output":[],"usage":{"input_tokens":9,"output_tokens":3,"total_tokens":12}}}\n\n`,
    ].join("");
    const { reply, body } = assemble(text);
    expect(reply.choices[0]).toMatchObject({
      reasoning: "Hmm",
      toolCalls: [
        { id: "fc_abc", name: "getWeather", arguments: { city: "Oslo" } },
        { id: "fc_def", name: "getTime", arguments: {} },
      ],
    });
    expect((body.output as unknown[]).length).toBe(3);
    // Its reasoning item goes back as it came: llama.cpp reads `content`, not the summary.
    expect(reply.choices[0]!.providerData).toMatchObject({
      responses: {
        output: [{ id: "rs_l", type: "reasoning", content: [{ type: "reasoning_text", text: "Hmm" }] }, {}, {}],
      },
    });
  });

  it("matches items by order when a server sends neither indexes nor ids: added is new, done the first open, a delta the last", () => {
    const { reply } = assemble(
      sse([
        { type: "response.output_item.added", item: { type: "function_call", name: "first", arguments: "" } },
        { type: "response.function_call_arguments.delta", delta: '{"n":1}' },
        { type: "response.output_item.added", item: { type: "function_call", name: "second", arguments: "" } },
        { type: "response.function_call_arguments.delta", delta: '{"m":2}' },
        { type: "response.output_item.done", item: { type: "function_call", name: "first", arguments: '{"n":1}' } },
        { type: "response.output_item.done", item: { type: "function_call", name: "second", arguments: '{"m":2}' } },
        completed(),
      ]),
    );
    expect(reply.choices[0]!.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ["first", { n: 1 }],
      ["second", { m: 2 }],
    ]);
  });

  it("takes the output of response.completed when it has one, the assembled items when it is empty", () => {
    const streamed = [
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { id: "msg_1", type: "message", role: "assistant", content: [] },
      },
      {
        type: "response.output_text.delta",
        item_id: "msg_1",
        output_index: 0,
        content_index: 0,
        delta: "<tool_call>{…}",
      },
    ];
    const final = [{ id: "fc_1", type: "function_call", call_id: "call_1", name: "f", arguments: "{}" }];
    expect(assemble(sse([...streamed, completed(final)])).reply.choices[0]).toMatchObject({
      text: null,
      toolCalls: [{ name: "f" }],
    });
    expect(assemble(sse([...streamed, completed([])])).reply.choices[0]).toMatchObject({
      text: "<tool_call>{…}",
      toolCalls: [],
    });
  });

  it("reads SSE framings: comments, event lines after data or none, [DONE], CRLF, bytes split anywhere", () => {
    const text = [
      ": keep-alive\n\n",
      `data: {"type":"response.output_item.added","output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","content":[]}}\nevent: response.output_item.added\n\n`,
      `data: {"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Grüße 👋"}\n\n`,
      `data: {"output_index":0,"content_index":0,"delta":"!"}\nevent: response.output_text.delta\n\n`,
      "data: [DONE]\n\n",
    ].join("");
    expect(assemble(text).reply.choices[0]!.text).toBe("Grüße 👋!");
    const crlf = Buffer.from(text.replace(/\n/g, "\r\n"));
    const pieces = Array.from({ length: crlf.length }, (_, i) => crlf.subarray(i, i + 1));
    expect(assemble(pieces).reply.choices[0]!.text).toBe("Grüße 👋!");
  });

  it("reads numbers sent as floats where the spec has integers (vLLM's created_at, indexes, counts)", () => {
    const text = [
      `data: {"type":"response.created","response":{"id":"r","created_at":1773040157.0,"status":"in_progress"}}`,
      `data: {"type":"response.output_item.added","output_index":0.0,"item":{"id":"m","type":"message","role":"assistant","content":[]}}`,
      `data: {"type":"response.output_text.delta","output_index":0.0,"content_index":0.0,"item_id":"m","delta":"Hi"}`,
      `data: {"type":"response.completed","response":{"id":"r","status":"completed","output":[],"usage":{"input_tokens":12.0,"output_tokens":3.0,"total_tokens":15.0}}}`,
    ].join("\n\n");
    const { reply } = assemble(text);
    expect([reply.choices[0]!.text, reply.usage.totalTokens]).toEqual(["Hi", 15]);
  });

  it("fails on an error event, even one followed by response.failed, and on response.failed alone", () => {
    const failure = (text: string) => {
      try {
        assemble(text);
      } catch (error) {
        return error;
      }
      throw new Error("expected a failure");
    };
    const error = failure(
      sse([
        { type: "error", code: "rate_limit_exceeded", message: "Slow down", param: null, sequence_number: 3 },
        completed([], "failed", { error: { code: "rate_limit_exceeded", message: "Slow down" } }),
      ]),
    );
    expect(EndpointError.isInstance(error) && [error.message, error.retryable, error.status]).toEqual([
      "The server reported an error mid-stream (rate_limit_exceeded): Slow down",
      true,
      429,
    ]);
    const failed = failure(sse([completed([], "failed", { error: { code: "invalid_prompt", message: "Flagged" } })]));
    expect(EndpointError.isInstance(failed) && [failed.message, failed.retryable]).toEqual([
      "The server reported an error mid-stream (response.failed) (invalid_prompt): Flagged",
      false,
    ]);
    const plain = failure("event: error\ndata: upstream went away\n\n");
    expect(EndpointError.isInstance(plain) && plain.message).toContain("upstream went away");
  });

  it("refuses a stream cut before it said it was complete, and data that is not JSON", () => {
    const cut = sse([{ type: "response.output_item.added", output_index: 0, item: { type: "message", content: [] } }]);
    expect(() => assemble(cut)).toThrow(ProtocolError);
    expect(() => assemble("data: {not json\n\n")).toThrow(ProtocolError);
  });

  it("reports server-side tools' items once, at their done event or from the final output", () => {
    const search = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "oslo" },
    };
    const code = { id: "ci_1", type: "code_interpreter_call", status: "completed", code: "1+1", outputs: null };
    const { events } = assemble(
      sse([
        { type: "response.output_item.added", output_index: 0, item: { ...search, status: "in_progress" } },
        { type: "response.web_search_call.searching", output_index: 0, item_id: "ws_1" },
        { type: "response.output_item.done", output_index: 0, item: search },
        completed([search, code]),
      ]),
    );
    expect(events).toEqual([
      { type: "server-item", round: 1, item: search },
      { type: "server-item", round: 1, item: code },
    ]);
  });

  it("reads response.incomplete, refusal deltas and custom tool input deltas", () => {
    const { reply } = assemble(
      sse([
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "msg_1", type: "message", role: "assistant", content: [] },
        },
        { type: "response.refusal.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "I can't " },
        { type: "response.refusal.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "do that." },
        {
          type: "response.output_item.added",
          output_index: 1,
          item: { id: "ct_1", type: "custom_tool_call", call_id: "call_c", name: "patch", input: "" },
        },
        { type: "response.custom_tool_call_input.delta", item_id: "ct_1", output_index: 1, delta: "*** Begin" },
        completed([], "incomplete", { incomplete_details: { reason: "max_output_tokens" } }),
      ]),
    );
    expect(reply.choices[0]).toMatchObject({
      refusal: "I can't do that.",
      finishReason: "length",
      toolCalls: [{ type: "custom", name: "patch", rawArguments: "*** Begin" }],
    });
  });
});
