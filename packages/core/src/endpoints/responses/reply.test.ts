import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { limits } from "../fixtures/endpoint-setup.js";
import { parseResponsesReply } from "./reply.js";

const baseURL = "http://127.0.0.1:8080/v1";
const options = { ...limits, baseURL, stored: false };
const parse = (body: unknown, stored = false) => parseResponsesReply(body, { ...options, stored });
const response = (output: unknown[], extra: Record<string, unknown> = {}) => ({
  id: "resp_1",
  object: "response",
  status: "completed",
  model: "gpt-x",
  output,
  ...extra,
});
const message = (text: string, id = "msg_1") => ({
  id,
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations: [] }],
});
const functionCall = (callId: unknown, args: unknown, extra: Record<string, unknown> = {}) => ({
  id: "fc_1",
  type: "function_call",
  status: "completed",
  call_id: callId,
  name: "getWeather",
  arguments: args,
  ...extra,
});

describe("reading a Responses API reply", () => {
  it("reads message text and function calls in order; finish reason stop or tool_calls by the presence of calls", () => {
    const reply = parse(response([message("Let me check."), functionCall("call_1", '{"city":"Oslo"}')]));
    expect(reply.choices).toEqual([
      {
        index: 0,
        text: "Let me check.",
        toolCalls: [
          {
            id: "call_1",
            type: "function",
            name: "getWeather",
            arguments: { city: "Oslo" },
            rawArguments: '{"city":"Oslo"}',
          },
        ],
        finishReason: "tool_calls",
        refusal: null,
        reasoning: null,
      },
    ]);
    expect(parse(response([message("Done.")])).choices[0]).toMatchObject({ text: "Done.", finishReason: "stop" });
    expect(parse(response([message("  \n")])).choices[0]!.text).toBeNull();
    const shorthand = { type: "message", role: "assistant", content: "Plain string." };
    expect(parse(response([shorthand])).choices[0]).toMatchObject({ text: "Plain string.", refusal: null });
  });

  it("reads usage with cached and reasoning tokens, or the chat names some gateways send", () => {
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 60 },
      output_tokens: 40,
      output_tokens_details: { reasoning_tokens: 25 },
      total_tokens: 140,
    };
    expect(parse(response([], { usage })).usage).toEqual({
      promptTokens: 100,
      completionTokens: 40,
      totalTokens: 140,
      cachedTokens: 60,
      reasoningTokens: 25,
    });
    expect(parse(response([], { usage: { prompt_tokens: 3, completion_tokens: 2 } })).usage).toEqual({
      promptTokens: 3,
      completionTokens: 2,
      totalTokens: 5,
    });
    expect(parse(response([])).usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it("keeps reasoning out of the text, and records the output in order for the server that sent it", () => {
    const reasoning = {
      id: "rs_1",
      type: "reasoning",
      summary: [{ type: "summary_text", text: "Weather first." }],
      encrypted_content: "ENC",
    };
    const reply = parse(response([reasoning, message("Checking."), functionCall("call_1", "{}")]));
    const choice = reply.choices[0]!;
    expect([choice.text, choice.reasoning]).toEqual(["Checking.", "Weather first."]);
    expect(choice.providerData).toEqual({
      responses: {
        baseURL,
        output: [reasoning, message("Checking."), { type: "function_call", call_id: "call_1", id: "fc_1" }],
      },
    });
    // A reply the conversation's own fields say whole keeps nothing.
    expect(parse(response([message("Hi"), functionCall("call_1", "{}")])).choices[0]!.providerData).toBeUndefined();
  });

  it("reads reasoning as reasoning_text content (llama.cpp, vLLM) before summaries (OpenAI, Ollama)", () => {
    const llama = {
      id: "rs_1",
      type: "reasoning",
      summary: [],
      content: [{ type: "reasoning_text", text: "Thinking aloud." }],
      encrypted_content: "",
    };
    expect(parse(response([llama, message("Hi")])).choices[0]!.reasoning).toBe("Thinking aloud.");
    const summaries = [
      { type: "summary_text", text: "First." },
      { type: "summary_text", text: "Second." },
    ];
    const ollama = { id: "rs_2", type: "reasoning", summary: summaries, encrypted_content: "First. Second." };
    expect(parse(response([ollama])).choices[0]!.reasoning).toBe("First.\n\nSecond.");
  });

  it("keeps items of server-side tools and unknown types, ignores entries that are not items", () => {
    const search = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "oslo" },
    };
    const future = { id: "x_1", type: "hologram", data: [1, 2] };
    const reply = parse(response([search, 42, null, { no: "type" }, future, message("Found it.")]));
    expect(reply.choices[0]).toMatchObject({ text: "Found it.", toolCalls: [], finishReason: "stop" });
    expect(reply.choices[0]!.providerData).toEqual({
      responses: { baseURL, output: [search, future, message("Found it.")] },
    });
  });

  it("reads a refusal part as the refusal", () => {
    const refused = { ...message(""), content: [{ type: "refusal", refusal: "I can't help with that." }] };
    expect(parse(response([refused])).choices[0]).toMatchObject({ text: null, refusal: "I can't help with that." });
  });

  it("reads incomplete responses: max_output_tokens is length, content_filter stays, a call cut mid-way is unusable", () => {
    const incomplete = (reason: unknown, output: unknown[] = []) =>
      parse(response(output, { status: "incomplete", incomplete_details: reason === undefined ? null : { reason } }));
    expect(incomplete("max_output_tokens").choices[0]!.finishReason).toBe("length");
    expect(incomplete("content_filter").choices[0]!.finishReason).toBe("content_filter");
    expect(incomplete("max_messages").choices[0]!.finishReason).toBe("max_messages");
    expect(incomplete(undefined).choices[0]!.finishReason).toBe("incomplete");
    const cut = incomplete("max_output_tokens", [functionCall("call_1", '{"city": "Os', { status: "incomplete" })]);
    expect(cut.choices[0]!.toolCalls[0]).toMatchObject({
      arguments: null,
      argumentError: expect.stringContaining("cut off"),
    });
  });

  it("makes call ids usable: call_id, else the item id, else a synthetic one; never two alike", () => {
    const calls = parse(
      response([
        functionCall("call_1", "{}"),
        functionCall("call_1", "{}"),
        functionCall(undefined, "{}", { id: "fc_9" }),
        functionCall("", "{}", { id: undefined }),
      ]),
    ).choices[0]!.toolCalls.map((call) => call.id);
    expect(calls[0]).toBe("call_1");
    expect(calls[2]).toBe("fc_9");
    expect(new Set(calls).size).toBe(4);
  });

  it("reads arguments as every provider does: an object as is, broken JSON unusable", () => {
    const [object, broken] = parse(
      response([functionCall("call_1", { city: "Oslo" }), functionCall("call_2", '{"city": ')]),
    ).choices[0]!.toolCalls;
    expect(object).toMatchObject({ arguments: { city: "Oslo" }, rawArguments: '{"city":"Oslo"}' });
    expect(broken).toMatchObject({ arguments: null, argumentError: expect.stringContaining("not valid JSON") });
  });

  it("reads a custom tool's call as a custom call whose raw input is its text", () => {
    const custom = {
      id: "ctc_1",
      type: "custom_tool_call",
      call_id: "call_c",
      name: "applyPatch",
      input: "*** Begin Patch",
    };
    const reply = parse(response([custom]));
    expect(reply.choices[0]!.toolCalls).toEqual([
      { id: "call_c", type: "custom", name: "applyPatch", arguments: {}, rawArguments: "*** Begin Patch" },
    ]);
  });

  it("records the response id when the server keeps the response", () => {
    expect(parse(response([message("Hi")]), true).choices[0]!.providerData).toEqual({
      responses: { baseURL, responseId: "resp_1", stored: true },
    });
  });

  it("refuses what is not a finished response: an error (object or string), failed, cancelled, queued", () => {
    const failed = (body: unknown) => {
      try {
        parse(body);
      } catch (error) {
        return error;
      }
      throw new Error("expected a failure");
    };
    const server = failed(response([], { status: "failed", error: { code: "server_error", message: "boom" } }));
    expect(EndpointError.isInstance(server) && [server.retryable, server.status, server.message]).toEqual([
      true,
      500,
      "The server reported an error instead of a reply (server_error): boom",
    ]);
    const text = failed({ error: "model not loaded" });
    expect(EndpointError.isInstance(text) && [text.retryable, text.message]).toEqual([
      false,
      "The server reported an error instead of a reply: model not loaded",
    ]);
    expect(EndpointError.isInstance(failed(response([], { status: "cancelled" })))).toBe(true);
    expect(ProtocolError.isInstance(failed(response([], { status: "queued" })))).toBe(true);
    expect(ProtocolError.isInstance(failed({ choices: [] }))).toBe(true);
    expect(ProtocolError.isInstance(failed("text"))).toBe(true);
    expect(parse(response([message("fine")], { error: null })).choices[0]!.text).toBe("fine");
  });

  it("refuses a reply nested past the depth limit before reading any of it", () => {
    let deep: unknown = {};
    for (let i = 0; i < 600; i++) deep = [deep];
    const error = (() => {
      try {
        parse(response([{ id: "x", type: "unknown", deep }]));
      } catch (e) {
        return e;
      }
    })();
    expect(ProtocolError.isInstance(error)).toBe(true);
  });
});
