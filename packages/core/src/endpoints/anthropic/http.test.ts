import { turn, type RecordedRequest, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { completions } from "../../completions.js";
import { ToolPolicyStatus } from "../../policy/tool-policy-status.js";
import { Anthropic } from "./anthropic.js";
import type { AnthropicOptions } from "./options.js";
import { scriptedServerHooks, weatherTool } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
let runs: string[] = [];
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (runs = []),
);

function endpoint(options: AnthropicOptions = {}): Anthropic {
  const ep = new Anthropic({ baseURL: server.origin, retryDelays: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
  ep.tools.define(weatherTool(runs));
  ep.tools.define({
    name: "pay",
    description: "Pay an amount.",
    schema: { type: "object", properties: { amount: { type: "number" } } },
    impl: () => runs.push("pay"),
  });
  return track(ep);
}

type Body = {
  system?: string;
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
  tools?: Array<{ name: string }>;
  tool_choice?: unknown;
  max_tokens: number;
};
const bodyOf = (request: RecordedRequest | undefined) => request!.body as Body;

describe("Anthropic endpoint over HTTP", () => {
  it("posts to /v1/messages with x-api-key, anthropic-version and max_tokens; a URL with no path gets /v1", async () => {
    const ep = endpoint({ apiKey: "sk-ant-test" });
    expect(ep.baseURL).toBe(`${server.origin}/v1`);
    const unsent = [track(new Anthropic()), track(new Anthropic({ baseURL: `${server.origin}/proxy/anthropic/` }))];
    expect(unsent.map((e) => e.baseURL)).toEqual(["https://api.anthropic.com/v1", `${server.origin}/proxy/anthropic`]);
    server.enqueue(turn.text("Hello!"));
    const completion = await ep.completions("claude-test", new Context().user("Hi"));
    expect(completion).toMatchObject({ text: "Hello!", stopped: "done", rounds: 1 });
    const request = server.lastRequest!;
    expect(request.path).toBe("/v1/messages");
    expect(request.headers).toMatchObject({
      "x-api-key": "sk-ant-test",
      "anthropic-version": "2023-06-01",
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(request.headers.authorization).toBeUndefined();
    expect(bodyOf(request)).toMatchObject({ model: "claude-test", max_tokens: 4096 });
    expect(server.problems).toEqual([]);
  });

  it("lets headers replace anthropic-version and add beta flags, whatever their case", async () => {
    server.enqueue(turn.text("ok"));
    await endpoint({ headers: { "Anthropic-Version": "2099-01-01", "anthropic-beta": "feature-x" } }).completions(
      "claude-test",
      "Hi",
    );
    expect(server.lastRequest!.headers).toMatchObject({
      "anthropic-version": "2099-01-01",
      "anthropic-beta": "feature-x",
    });
  });

  it("refuses bad options with a clear message", () => {
    expect(() => new Anthropic({ baseURL: "not a url" })).toThrow(/baseURL is not a URL/);
    expect(() => new Anthropic({ baseURL: "ftp://x" })).toThrow(/http or https/);
    expect(() => new Anthropic({ maxTokens: 0 })).toThrow(/maxTokens must be an integer ≥ 1/);
    expect(() => new Anthropic({ timeoutMs: -1 })).toThrow(RangeError);
  });

  it("runs a tool round trip through the loop: tool_use → policy → tool_result, on the recorded bodies", async () => {
    const ep = endpoint();
    ep.config("claude-test").maxTokens = 512;
    server.enqueue(
      turn.toolCalls([{ id: "toolu_1", name: "getWeather", arguments: { city: "Paris" } }], { text: "Let me check." }),
      turn.text("It is 18 °C in Paris."),
    );
    const ctx = new Context().system("You answer weather questions.").user("Weather in Paris?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await ep.completions("claude-test", ctx);

    expect(completion).toMatchObject({ stopped: "done", text: "It is 18 °C in Paris.", rounds: 2 });
    expect(runs).toEqual(["getWeather Paris"]);
    const [first, second] = server.requests.map(bodyOf);
    expect(first).toMatchObject({
      system: "You answer weather questions.",
      max_tokens: 512,
      messages: [{ role: "user", content: [{ type: "text", text: "Weather in Paris?" }] }],
    });
    expect(first!.tools).toEqual([
      {
        name: "getWeather",
        description: "Get the weather for a city.",
        input_schema: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
          additionalProperties: false,
        },
      },
      {
        name: "pay",
        description: "Pay an amount.",
        input_schema: { type: "object", properties: { amount: { type: "number" } } },
      },
    ]);
    expect(second!.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me check." },
          { type: "tool_use", id: "toolu_1", name: "getWeather", input: { city: "Paris" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "18 °C in Paris" }] },
    ]);
  });

  it("stops for a denied call, then answers it with is_error: true and never runs it", async () => {
    const ep = endpoint();
    server.enqueue(
      turn.toolCalls([
        { id: "toolu_a", name: "getWeather", arguments: { city: "Oslo" } },
        { id: "toolu_b", name: "pay", arguments: { amount: 9 } },
      ]),
      turn.text("I could not pay."),
    );
    const ctx = new Context().user("Weather, then pay 9.");
    ctx.toolPolicy.allow("getWeather").deny("pay");
    const first = await ep.completions("claude-test", ctx);
    expect(first.stopped).toBe("attention");
    expect(first.toolCalls.map((c) => c.policyResult?.status)).toEqual([
      ToolPolicyStatus.Allowed,
      ToolPolicyStatus.Denied,
    ]);
    const second = await ep.completions("claude-test", ctx);
    expect(second).toMatchObject({ stopped: "done", text: "I could not pay." });
    expect(runs).toEqual(["getWeather Oslo"]);
    const results = bodyOf(server.requests[1]).messages.at(-1)!;
    expect(results).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_a", content: "18 °C in Oslo" },
        { type: "tool_result", tool_use_id: "toolu_b", content: expect.stringContaining("not run"), is_error: true },
      ],
    });
  });

  it("sends thinking blocks back unchanged, signature included, before the text and calls", async () => {
    const ep = endpoint();
    server.enqueue(
      turn.toolCalls([{ id: "toolu_t", name: "getWeather", arguments: { city: "Rome" } }], {
        reasoning: "The user wants Rome.",
        text: "Checking.",
      }),
      turn.text("Warm."),
    );
    const ctx = new Context().user("Rome?");
    ctx.toolPolicy.allow("*");
    const completion = await ep.completions("claude-test", ctx);
    expect(completion.text).toBe("Warm.");
    expect(ctx.messages[1]).toMatchObject({ role: "assistant", content: "Checking." });
    const assistant = bodyOf(server.requests[1]).messages[1]!;
    expect(assistant.content).toEqual([
      { type: "thinking", thinking: "The user wants Rome.", signature: "scripted-signature" },
      { type: "text", text: "Checking." },
      { type: "tool_use", id: "toolu_t", name: "getWeather", input: { city: "Rome" } },
    ]);
    // The context keeps them through storage too.
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx.toJSON())));
    expect(restored.messages[1]).toMatchObject({
      providerData: { anthropic: { thinking: [{ after: 0, block: { signature: "scripted-signature" } }] } },
    });
  });

  it('ends with stopped "length" on max_tokens, answering the cut call without running it', async () => {
    const ep = endpoint();
    server.enqueue(
      turn.toolCalls([{ id: "toolu_c", name: "getWeather", arguments: '{"city": "Par' }], { finishReason: "length" }),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await ep.completions("claude-test", ctx);
    expect(completion.stopped).toBe("length");
    expect(completion.toolCalls[0]).toMatchObject({ arguments: null, result: { isError: true } });
    expect(runs).toEqual([]);
  });

  it('ends with stopped "refusal" when the model refuses', async () => {
    server.enqueue(turn.text("I can't help with that.", { finishReason: "refusal" }));
    const completion = await endpoint().completions("claude-test", new Context().user("…"));
    expect(completion).toMatchObject({ stopped: "refusal", choice: { refusal: "I can't help with that." } });
  });

  it("returns a prompt's calls without running them, and sends a raw Messages body as it is", async () => {
    const ep = endpoint();
    server.enqueue(turn.toolCall("pay", { amount: 5 }), turn.text("raw ok"));
    const prompted = await ep.completions("claude-test", "Pay 5.");
    expect(prompted.toolCalls.map((c) => [c.name, c.arguments, c.policyResult?.status])).toEqual([
      ["pay", { amount: 5 }, ToolPolicyStatus.Pending],
    ]);
    const raw = { messages: [{ role: "user", content: "Hi" }], system: "terse", temperature: 0 };
    const completion = await completions(ep, "claude-test", raw);
    expect(completion.text).toBe("raw ok");
    expect(server.lastRequest!.body).toEqual({ ...raw, model: "claude-test", max_tokens: 4096 });
    expect(runs).toEqual([]);
  });

  it("retries 529 overloaded and a reset connection, and not a 401, whose message says to check the key", async () => {
    server.enqueue(turn.error(529, { message: "Overloaded" }), turn.reset("before-response"), turn.text("finally"));
    expect((await endpoint().completions("claude-test", "Hi")).text).toBe("finally");
    expect(server.requests).toHaveLength(3);

    server.reset();
    server.enqueue(turn.error(401, { message: "invalid x-api-key" }), turn.text("never"));
    const error = await endpoint()
      .completions("claude-test", "Hi")
      .catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && [error.status, error.retryable]).toEqual([401, false]);
    expect((error as Error).message).toMatch(/HTTP 401 .*invalid x-api-key.*Check the API key/);
    expect(server.requests).toHaveLength(1);
  });

  it("leaves the context exactly as it was when a request fails", async () => {
    const ctx = new Context().user("Hi");
    ctx.toolPolicy.allow("*");
    server.enqueue(
      turn.raw("<html><title>502 Bad Gateway</title></html>", { contentType: "text/html" }),
      turn.raw('{"type":"error","error":{"type":"api_error","message":"boom"}}'),
    );
    const ep = endpoint({ retries: 0 });
    await expect(ep.completions("claude-test", ctx)).rejects.toThrow(ProtocolError);
    await expect(ep.completions("claude-test", ctx)).rejects.toThrow(/api_error.*boom/);
    expect(ctx.messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("caps the size of a reply", async () => {
    server.enqueue(turn.text("x".repeat(20_000)));
    await expect(endpoint({ maxResponseBytes: 4096 }).completions("claude-test", "Hi")).rejects.toThrow(
      /maxResponseBytes \(4096 bytes\)/,
    );
  });
});
