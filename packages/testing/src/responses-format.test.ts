// The same turns rendered as OpenAI Responses API responses, JSON and streamed. Every expected
// body and event is typed with the `openai` package's own Responses types, so the compiler checks
// the shapes the server produces against the SDK's.
import { afterAll, beforeAll, beforeEach, expect, it } from "@jest/globals";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { post } from "./fixtures/http.js";
import { postStream } from "./fixtures/sse.js";

// `output_text` is the SDK's own convenience (not on the wire); `access_programs` is an account
// setting the API echoes, which a scripted server has none of.
type WireResponse = Omit<Response, "output_text" | "access_programs">;

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const responses = () => `${server.url}/responses`;
const usage = { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 };
const wireUsage = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
  output_tokens: 4,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 14,
};
/** The number the server gave this reply (its ids end with it). */
const replyNumber = (response: { id: string }) => response.id.replace("resp_scripted_", "");

const echoed = {
  error: null,
  instructions: null,
  metadata: {},
  parallel_tool_calls: true,
  temperature: null,
  tool_choice: "auto" as const,
  tools: [],
  top_p: null,
};

it("renders reasoning, text and calls as output items of a response", async () => {
  server.enqueue({
    reasoning: "Check the weather first.",
    text: "Let me check.",
    toolCalls: [{ id: "call_1", name: "getWeather", arguments: '{"city":"Paris"}' }],
    usage,
  });
  const reply = await post(responses(), { model: "gpt-test", input: "Hi" });
  expect(reply.status).toBe(200);
  const body = JSON.parse(reply.text) as WireResponse;
  const n = replyNumber(body);
  const expected: WireResponse = {
    id: `resp_scripted_${n}`,
    object: "response",
    created_at: expect.any(Number) as unknown as number,
    status: "completed",
    incomplete_details: null,
    model: "gpt-test",
    output: [
      {
        id: `rs_scripted_${n}`,
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Check the weather first." }],
        encrypted_content: `enc_scripted_${n}`,
      },
      {
        id: `msg_scripted_${n}`,
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "Let me check.", annotations: [], logprobs: [] }],
      },
      {
        id: `fc_scripted_${n}_0`,
        type: "function_call",
        status: "completed",
        call_id: "call_1",
        name: "getWeather",
        arguments: '{"city":"Paris"}',
      },
    ],
    usage: wireUsage,
    ...echoed,
  };
  expect(body).toEqual(expected);
});

it("renders a length finish as an incomplete response and a refusal as a refusal part", async () => {
  server.enqueue({ text: "Cut", finishReason: "length", usage }, { refusal: "I can't help with that.", usage });
  const cut = JSON.parse((await post(responses(), { model: "m", input: "Hi" })).text) as WireResponse;
  expect([cut.status, cut.incomplete_details]).toEqual(["incomplete", { reason: "max_output_tokens" }]);
  const refused = JSON.parse((await post(responses(), { model: "m", input: "Hi" })).text) as WireResponse;
  expect(refused.output).toEqual([
    {
      id: `msg_scripted_${replyNumber(refused)}`,
      type: "message",
      status: "completed",
      role: "assistant",
      content: [{ type: "refusal", refusal: "I can't help with that." }],
    },
  ]);
});

it("echoes the request's instructions, tools and tool choice, as the API does", async () => {
  const tools = [{ type: "function", name: "f", parameters: { type: "object" }, strict: false }];
  server.enqueue(turn.text("ok"));
  const body = { model: "m", instructions: "Be brief.", input: "Hi", tools, tool_choice: "required" };
  const reply = JSON.parse((await post(responses(), body)).text) as WireResponse;
  expect([reply.instructions, reply.tools, reply.tool_choice]).toEqual(["Be brief.", tools, "required"]);
});

it("streams named, numbered events: items added, their deltas and done events, then response.completed", async () => {
  server.enqueue({
    reasoning: "Hm.",
    text: "Hi there",
    toolCalls: [{ id: "call_1", name: "f", arguments: '{"a":1}' }],
    deltaSize: 4,
    usage,
  });
  const reply = await postStream(responses(), { model: "m", input: "Hi" });
  expect(reply.headers["content-type"]).toMatch(/^text\/event-stream/);
  expect(reply.events.every((event, i) => event.event === (reply.data[i] as { type: string }).type)).toBe(true);
  const data = reply.data as ResponseStreamEvent[];
  expect(data.map((event) => event.sequence_number)).toEqual(data.map((_, i) => i));
  const n = data[0]!.type === "response.created" ? replyNumber(data[0]!.response) : "";
  const expected: ResponseStreamEvent[] = [
    {
      type: "response.output_item.added",
      output_index: 0,
      item: { id: `rs_scripted_${n}`, type: "reasoning", summary: [] },
      sequence_number: 2,
    },
    {
      type: "response.reasoning_summary_part.added",
      item_id: `rs_scripted_${n}`,
      output_index: 0,
      summary_index: 0,
      part: { type: "summary_text", text: "" },
      sequence_number: 3,
    },
    {
      type: "response.reasoning_summary_text.delta",
      item_id: `rs_scripted_${n}`,
      output_index: 0,
      summary_index: 0,
      delta: "Hm.",
      sequence_number: 4,
    },
    {
      type: "response.reasoning_summary_text.done",
      item_id: `rs_scripted_${n}`,
      output_index: 0,
      summary_index: 0,
      text: "Hm.",
      sequence_number: 5,
    },
    {
      type: "response.reasoning_summary_part.done",
      item_id: `rs_scripted_${n}`,
      output_index: 0,
      summary_index: 0,
      part: { type: "summary_text", text: "Hm." },
      sequence_number: 6,
    },
    {
      type: "response.output_item.done",
      output_index: 0,
      item: {
        id: `rs_scripted_${n}`,
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Hm." }],
        encrypted_content: `enc_scripted_${n}`,
      },
      sequence_number: 7,
    },
    {
      type: "response.output_item.added",
      output_index: 1,
      item: { id: `msg_scripted_${n}`, type: "message", status: "in_progress", role: "assistant", content: [] },
      sequence_number: 8,
    },
    {
      type: "response.content_part.added",
      item_id: `msg_scripted_${n}`,
      output_index: 1,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
      sequence_number: 9,
    },
    {
      type: "response.output_text.delta",
      item_id: `msg_scripted_${n}`,
      output_index: 1,
      content_index: 0,
      delta: "Hi t",
      logprobs: [],
      sequence_number: 10,
    },
    {
      type: "response.output_text.delta",
      item_id: `msg_scripted_${n}`,
      output_index: 1,
      content_index: 0,
      delta: "here",
      logprobs: [],
      sequence_number: 11,
    },
    {
      type: "response.output_text.done",
      item_id: `msg_scripted_${n}`,
      output_index: 1,
      content_index: 0,
      text: "Hi there",
      logprobs: [],
      sequence_number: 12,
    },
    {
      type: "response.content_part.done",
      item_id: `msg_scripted_${n}`,
      output_index: 1,
      content_index: 0,
      part: { type: "output_text", text: "Hi there", annotations: [], logprobs: [] },
      sequence_number: 13,
    },
    {
      type: "response.output_item.done",
      output_index: 1,
      item: {
        id: `msg_scripted_${n}`,
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "Hi there", annotations: [], logprobs: [] }],
      },
      sequence_number: 14,
    },
    {
      type: "response.output_item.added",
      output_index: 2,
      item: {
        id: `fc_scripted_${n}_0`,
        type: "function_call",
        status: "in_progress",
        call_id: "call_1",
        name: "f",
        arguments: "",
      },
      sequence_number: 15,
    },
    {
      type: "response.function_call_arguments.delta",
      item_id: `fc_scripted_${n}_0`,
      output_index: 2,
      delta: '{"a"',
      sequence_number: 16,
    },
    {
      type: "response.function_call_arguments.delta",
      item_id: `fc_scripted_${n}_0`,
      output_index: 2,
      delta: ":1}",
      sequence_number: 17,
    },
    {
      type: "response.function_call_arguments.done",
      item_id: `fc_scripted_${n}_0`,
      output_index: 2,
      arguments: '{"a":1}',
      sequence_number: 18,
    },
    {
      type: "response.output_item.done",
      output_index: 2,
      item: {
        id: `fc_scripted_${n}_0`,
        type: "function_call",
        status: "completed",
        call_id: "call_1",
        name: "f",
        arguments: '{"a":1}',
      },
      sequence_number: 19,
    },
  ];
  expect(data.slice(2, -1)).toEqual(expected);
  const [created, inProgress, completed] = [data[0]!, data[1]!, data.at(-1)!];
  expect([created.type, inProgress.type, completed.type]).toEqual([
    "response.created",
    "response.in_progress",
    "response.completed",
  ]);
  if (completed.type !== "response.completed") throw new Error("expected response.completed");
  expect(completed.response.output).toHaveLength(3);
  expect(completed.response.usage).toEqual(wireUsage);
  expect(reply.bytes.toString()).not.toContain("[DONE]");
});

it("ends an incomplete stream with response.incomplete, and names explicit chunks after their type", async () => {
  server.enqueue({ text: "Cut", finishReason: "length" });
  const cut = (await postStream(responses(), { model: "m", input: "Hi" })).data as ResponseStreamEvent[];
  const last = cut.at(-1)!;
  expect(last.type).toBe("response.incomplete");
  if (last.type === "response.incomplete")
    expect(last.response.incomplete_details).toEqual({ reason: "max_output_tokens" });
  const keepalive = { type: "keepalive", sequence_number: 0 };
  server.enqueue(turn.chunks([keepalive, ": comment", "data: [DONE]"], { omitDone: true }));
  const explicit = await postStream(responses(), { model: "m", input: "Hi" });
  expect(explicit.events.map((event) => event.event)).toEqual(["keepalive", undefined]);
  expect(explicit.comments).toEqual(["comment"]);
});

it("answers faults in the OpenAI error shape: a status, a cut stream", async () => {
  server.enqueue(turn.rateLimited(2), { ...turn.text("Hello there"), cutAfter: 3 });
  const limited = await post(responses(), { model: "m", input: "Hi" });
  expect([limited.status, limited.headers["retry-after"]]).toEqual([429, "2"]);
  expect(JSON.parse(limited.text)).toEqual({
    error: {
      message: "Rate limit reached (scripted)",
      type: "rate_limit_error",
      param: null,
      code: "rate_limit_exceeded",
    },
  });
  const cut = await postStream(responses(), { model: "m", input: "Hi" });
  expect((cut.data as ResponseStreamEvent[]).map((event) => event.type)).toEqual([
    "response.created",
    "response.in_progress",
    "response.output_item.added",
  ]);
});
