import { inspect } from "node:util";
import { turn, type RecordedRequest, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { ToolPolicyStatus } from "../../policy/tool-policy-status.js";
import { endpointFailure, scriptedServerHooks, weatherTool } from "../fixtures/endpoint-setup.js";
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
  ep.tools.define(weatherTool(runs));
  ep.tools.define({
    name: "pay",
    description: "Pay an amount.",
    schema: { type: "object", properties: { amount: { type: "number" } } },
    impl: () => runs.push("pay"),
  });
  return track(ep);
}

type Body = { input: Array<Record<string, unknown>>; [key: string]: unknown };
const bodyOf = (request: RecordedRequest | undefined) => request!.body as Body;

describe("OpenAIResponses over HTTP", () => {
  it("posts to …/v1/responses with a bearer key; a URL with no path gets /v1, a query stays on the path", async () => {
    const ep = endpoint({ apiKey: "sk-SECRET", headers: { "OpenAI-Organization": "org-1" } });
    expect(ep.baseURL).toBe(`${server.origin}/v1`);
    expect(track(new OpenAIResponses()).baseURL).toBe("https://api.openai.com/v1");
    const azure = track(new OpenAIResponses(`${server.origin}/openai/v1?api-version=preview`));
    expect(azure.baseURL).toBe(`${server.origin}/openai/v1`);
    server.enqueue(turn.text("Hello!"), turn.text("Hi"));
    expect(await ep.completions("gpt-test", new Context().user("Hi"))).toMatchObject({
      text: "Hello!",
      stopped: "done",
    });
    const request = server.lastRequest!;
    expect([request.path, request.headers.authorization, request.headers["openai-organization"]]).toEqual([
      "/v1/responses",
      "Bearer sk-SECRET",
      "org-1",
    ]);
    await azure.completions("gpt-test", "Hi").catch(() => undefined);
    expect(server.lastRequest!.url).toBe("/openai/v1/responses?api-version=preview");
    expect([JSON.stringify(ep), inspect(ep)].join(" ")).not.toContain("SECRET");
    expect(() => new OpenAIResponses({ baseURL: "ftp://x" })).toThrow(
      /OpenAIResponses: baseURL must use http or https/,
    );
    expect(() => new OpenAIResponses({ timeoutMs: 0 })).toThrow(RangeError);
  });

  it("runs a tool round through the loop: function_call → policy → function_call_output with the same call_id", async () => {
    const ep = endpoint();
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    server.enqueue(
      turn.toolCalls([{ id: "call_1", name: "getWeather", arguments: '{"city":"Paris"}' }], {
        text: "Let me check.",
        usage,
      }),
      turn.text("It is 18 °C in Paris.", { usage }),
    );
    const ctx = new Context().system("You answer weather questions.").user("Weather in Paris?");
    ctx.toolPolicy.allow("getWeather");
    const replies: unknown[] = [];
    const onEvent = (event: LoopEvent) => event.type === "reply" && replies.push(event);
    const completion = await ep.completions("gpt-test", ctx, { maxToolRounds: 4, onEvent });
    expect(completion).toMatchObject({ stopped: "done", text: "It is 18 °C in Paris.", rounds: 2 });
    expect(replies[0]).toMatchObject({
      responseId: expect.stringMatching(/^resp_scripted_/),
      responseModel: "gpt-test",
    });
    expect(completion.usage).toEqual({
      promptTokens: 20,
      completionTokens: 10,
      totalTokens: 30,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
    expect(runs).toEqual(["getWeather Paris"]);
    const [first, second] = server.requests.map(bodyOf);
    expect(first).toMatchObject({ instructions: "You answer weather questions.", store: false, stream: false });
    expect(second!.input).toEqual([
      { type: "message", role: "user", content: "Weather in Paris?" },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Let me check.", annotations: [] }],
      },
      { type: "function_call", call_id: "call_1", name: "getWeather", arguments: '{"city":"Paris"}' },
      { type: "function_call_output", call_id: "call_1", output: "18 °C in Paris" },
    ]);
  });

  it("waits for approval, runs an approved call once, never runs a rejected one", async () => {
    const ep = endpoint();
    server.enqueue(
      turn.toolCalls([
        { id: "call_w", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "call_p", name: "pay", arguments: '{"amount":9}' },
      ]),
      turn.text("Paid, and it is 18 °C."),
      turn.toolCalls([{ id: "call_q", name: "pay", arguments: '{"amount":1}' }]),
      turn.text("Not paid."),
    );
    const ctx = new Context().user("Weather, then pay 9.");
    ctx.toolPolicy.allow("getWeather");
    const waiting = await ep.completions("gpt-test", ctx);
    expect(waiting.stopped).toBe("attention");
    expect(ctx.pending().map((call) => call.id)).toEqual(["call_p"]);
    ctx.approve("call_p");
    expect(await ep.completions("gpt-test", ctx)).toMatchObject({ stopped: "done", text: "Paid, and it is 18 °C." });
    ctx.user("Pay 1 more.");
    await ep.completions("gpt-test", ctx);
    ctx.reject("call_q", "not today");
    expect((await ep.completions("gpt-test", ctx)).text).toBe("Not paid.");
    expect(runs).toEqual(["getWeather Oslo", "pay"]);
    const rejected = bodyOf(server.lastRequest).input.at(-1);
    expect(rejected).toMatchObject({
      type: "function_call_output",
      call_id: "call_q",
      output: expect.stringContaining("not today"),
    });
    expect(ctx.messages.at(-2)).toMatchObject({ role: "tool", callId: "call_q" });
  });

  it("carries reasoning across rounds, without server state, through toJSON/fromJSON and a new endpoint", async () => {
    server.enqueue(
      turn.toolCalls([{ id: "call_1", name: "pay", arguments: '{"amount":5}' }], {
        reasoning: "Pay first.",
        text: "Paying.",
      }),
      turn.text("Done."),
    );
    const secret = "store-secret";
    const ctx = new Context({ secret }).user("Pay 5.");
    expect((await endpoint().completions("o-test", ctx)).stopped).toBe("attention");
    const n = Number(/enc_scripted_(\d+)/.exec(JSON.stringify(ctx.messages))![1]);
    const stored = JSON.parse(JSON.stringify(ctx.toJSON())) as unknown;
    // A later process: a new endpoint and the restored context.
    const restored = Context.fromJSON(stored, { secret });
    restored.approve("call_1");
    expect((await endpoint().completions("o-test", restored)).text).toBe("Done.");
    expect(runs).toEqual(["pay"]);
    expect(bodyOf(server.requests[0])).toMatchObject({ store: false, include: ["reasoning.encrypted_content"] });
    expect(bodyOf(server.requests[1]).input.slice(1)).toEqual([
      {
        id: `rs_scripted_${n}`,
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Pay first." }],
        encrypted_content: `enc_scripted_${n}`,
      },
      {
        id: `msg_scripted_${n}`,
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "Paying.", annotations: [], logprobs: [] }],
      },
      { type: "function_call", call_id: "call_1", name: "pay", arguments: '{"amount":5}', id: `fc_scripted_${n}_0` },
      { type: "function_call_output", call_id: "call_1", output: "1" },
    ]);
  });

  it("asks again without encrypted reasoning when the model refuses it, and from then on", async () => {
    const ep = endpoint();
    server.enqueue(
      turn.error(400, {
        message: "Encrypted content is not supported with this model.",
        type: "invalid_request_error",
      }),
      turn.text("Hi"),
      turn.text("Again"),
    );
    const ctx = new Context().user("Hi");
    expect((await ep.completions("gpt-4o", ctx)).text).toBe("Hi");
    await ep.completions("gpt-4o", ctx.user("More"));
    expect(server.requests.map((request) => bodyOf(request).include)).toEqual([
      ["reasoning.encrypted_content"],
      undefined,
      undefined,
    ]);
    expect(ep.config("gpt-4o").encryptedReasoning).toBe(false);
  });

  it("keeps server-side tools' items in the conversation and reports them, never running them or asking the policy", async () => {
    const ep = endpoint();
    ep.config("gpt-test").serverTools = [{ type: "web_search" }];
    const search = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "oslo weather" },
    };
    const reply = {
      id: "resp_s",
      object: "response",
      status: "completed",
      model: "gpt-test",
      output: [
        search,
        {
          id: "msg_s",
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "Sunny in Oslo.", annotations: [] }],
        },
      ],
    };
    server.enqueue(turn.raw(JSON.stringify(reply)), turn.text("You're welcome."));
    const ctx = new Context().user("Weather in Oslo?");
    const asked: string[] = [];
    ctx.toolPolicy.evaluator = (tool) => {
      asked.push(tool.name);
      return ToolPolicyStatus.Allowed;
    };
    const events: unknown[] = [];
    const completion = await ep.completions("gpt-test", ctx, { onEvent: (event) => events.push(event) });
    expect(completion).toMatchObject({ text: "Sunny in Oslo.", stopped: "done", calls: [] });
    expect(events).toContainEqual({ type: "server-item", round: 1, item: search });
    expect(bodyOf(server.lastRequest).tools).toContainEqual({ type: "web_search" });
    await ep.completions("gpt-test", ctx.user("Thanks"));
    expect(bodyOf(server.lastRequest).input.slice(1, 3)).toEqual(reply.output);
    expect([asked, runs]).toEqual([[], []]);
  });

  it("runs a custom tool with the model's raw text and answers it with custom_tool_call_output", async () => {
    const ep = endpoint();
    const patches: string[] = [];
    ep.tools.define({
      name: "applyPatch",
      description: "Apply a patch.",
      custom: true,
      impl: (text: string) => patches.push(text),
    });
    const call = {
      id: "ctc_1",
      type: "custom_tool_call",
      call_id: "call_c",
      name: "applyPatch",
      input: "*** Begin Patch\n+x",
    };
    server.enqueue(turn.raw(JSON.stringify({ id: "r", status: "completed", output: [call] })), turn.text("Applied."));
    const ctx = new Context().user("Patch it.");
    ctx.toolPolicy.allow("applyPatch");
    expect((await ep.completions("gpt-test", ctx)).text).toBe("Applied.");
    expect(patches).toEqual(["*** Begin Patch\n+x"]);
    expect(bodyOf(server.requests[0]).tools).toContainEqual({
      type: "custom",
      name: "applyPatch",
      description: "Apply a patch.",
    });
    expect(bodyOf(server.lastRequest).input.slice(1)).toEqual([
      { type: "custom_tool_call", call_id: "call_c", name: "applyPatch", input: "*** Begin Patch\n+x" },
      { type: "custom_tool_call_output", call_id: "call_c", output: "1" },
    ]);
  });

  it("with server state, sends store: true and continues from the last kept response with only new items", async () => {
    const ep = endpoint();
    ep.config("gpt-test").serverState = true;
    server.enqueue(
      turn.toolCalls([{ id: "call_1", name: "getWeather", arguments: '{"city":"Rome"}' }]),
      turn.text("Warm."),
    );
    const ctx = new Context().system("Be brief.").user("Rome?");
    ctx.toolPolicy.allow("*");
    await ep.completions("gpt-test", ctx);
    const [first, second] = server.requests.map(bodyOf);
    expect(first).toMatchObject({ store: true, instructions: "Be brief." });
    expect(first).not.toHaveProperty("include");
    expect(second).toMatchObject({
      store: true,
      instructions: "Be brief.",
      previous_response_id: expect.stringMatching(/^resp_scripted_/),
      input: [{ type: "function_call_output", call_id: "call_1", output: "18 °C in Rome" }],
    });
    // The context says which server keeps the conversation.
    expect(ctx.messages[2]).toMatchObject({
      providerData: { responses: { baseURL: ep.baseURL, responseId: second!.previous_response_id, stored: true } },
    });
  });

  it("ends on a refusal and on an incomplete response (length, content filter), answering a cut call without running it", async () => {
    const ep = endpoint();
    server.enqueue(
      { refusal: "I can't help with that." },
      turn.toolCalls([{ id: "call_x", name: "pay", arguments: '{"amount":' }], { finishReason: "length" }),
    );
    const ctx = new Context().user("Hi");
    ctx.toolPolicy.allow("*");
    expect(await ep.completions("gpt-test", ctx)).toMatchObject({
      stopped: "refusal",
      choice: { refusal: "I can't help with that." },
    });
    const cut = await ep.completions("gpt-test", ctx.user("Pay"));
    expect(cut.stopped).toBe("length");
    expect(runs).toEqual([]);
    expect(ctx.messages.at(-1)).toMatchObject({ role: "tool", callId: "call_x", isError: true });
    server.enqueue({ text: "Partial", finishReason: "content_filter" });
    expect((await ep.completions("gpt-test", ctx.user("Again"))).stopped).toBe("contentFilter");
  });

  it("retries a 500 and a reported server_error, fails on a 400 with the server's message (a string error too), leaving the context as it was", async () => {
    const ep = endpoint();
    const failed = { id: "r", status: "failed", error: { code: "server_error", message: "try again" }, output: [] };
    server.enqueue(turn.error(500), turn.raw(JSON.stringify(failed)), turn.text("Recovered."));
    expect((await ep.completions("gpt-test", "Hi")).text).toBe("Recovered.");
    expect(server.requests).toHaveLength(3);
    server.enqueue(turn.error(400, { body: { error: "model 'nope' not found" } }));
    const ctx = new Context().user("Hi");
    const before = JSON.stringify(ctx.toJSON());
    const error = await endpointFailure(ep.completions("nope", ctx));
    expect([error.status, error.retryable]).toEqual([400, false]);
    expect(error.message).toContain("model 'nope' not found");
    expect(JSON.stringify(ctx.toJSON())).toBe(before);
    server.enqueue(turn.raw(JSON.stringify({ error: { code: "invalid_prompt", message: "Flagged" }, output: [] })));
    expect(EndpointError.isInstance(await ep.completions("gpt-test", "Hi").catch((e: unknown) => e))).toBe(true);
    expect(server.problems).toEqual([]);
  });

  it("sends the registry's tools with strict where the schema allows, and maps strict nulls back", async () => {
    const ep = endpoint();
    ep.config("gpt-test").strict = true;
    ep.tools.define({
      name: "book",
      description: "Book a room.",
      schema: {
        type: "object",
        properties: { room: { type: "string" }, note: { type: "string" } },
        required: ["room"],
        additionalProperties: false,
      },
      impl: (args: Record<string, unknown>) => runs.push(JSON.stringify(args)),
    });
    server.enqueue(turn.toolCall("book", { room: "A", note: null }), turn.text("Booked."));
    const ctx = new Context().user("Book A.");
    ctx.toolPolicy.allow("book");
    await ep.completions("gpt-test", ctx);
    expect(runs).toEqual(['{"room":"A"}']);
    const book = (bodyOf(server.requests[0]).tools as Array<Record<string, unknown>>).find(
      (tool) => tool.name === "book",
    );
    expect(book).toMatchObject({ strict: true, parameters: { required: ["room", "note"] } });
  });

  it("repairs almost-JSON arguments with repair: true, runs the call once and sends the repaired arguments back", async () => {
    const ep = endpoint();
    server.enqueue(turn.toolCall("getWeather", "```json\n{'city': 'Lima',}\n```"), turn.text("Sunny."));
    const ctx = new Context().user("Lima?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await ep.completions("gpt-test", ctx, { repair: true });
    expect(completion.text).toBe("Sunny.");
    expect(runs).toEqual(["getWeather Lima"]);
    expect(completion.calls[0]!.repaired?.map((record) => record.code)).toEqual(
      expect.arrayContaining(["fence", "single-quotes", "trailing-comma"]),
    );
    const sent = bodyOf(server.lastRequest).input.find((item) => item.type === "function_call");
    expect(sent).toMatchObject({ arguments: '{"city":"Lima"}' });
  });
});
