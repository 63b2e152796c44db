import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { assemble, completed, created, sse } from "../fixtures/responses-stream.js";

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
