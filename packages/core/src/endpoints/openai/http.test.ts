import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Agent } from "undici";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { EndpointRequest } from "../model-endpoint.js";
import type { RetryInfo } from "../http/retry-policy.js";
import { OpenAI } from "./openai.js";
import type { OpenAIOptions } from "./options.js";
import type { StreamEvent } from "../stream-event.js";
import { abortedFailure, endpointFailure, endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

/** An endpoint on the scripted server with fast backoff, recording its retries. */
function endpoint(options: OpenAIOptions = {}): { ep: OpenAI; retries: RetryInfo[] } {
  const retries: RetryInfo[] = [];
  const ep = new OpenAI({
    baseURL: server.url,
    retryDelays: { baseDelayMs: 1, maxDelayMs: 5 },
    onRetry: (info) => retries.push(info),
    ...options,
  });
  return { ep: track(ep), retries };
}

function request(overrides: Partial<EndpointRequest> = {}): EndpointRequest {
  return endpointRequest({ model: "test-model", ...overrides });
}

describe("OpenAI endpoint over HTTP", () => {
  it("posts the body to /v1/chat/completions and parses the reply", async () => {
    const { ep } = endpoint();
    server.enqueue(
      turn.toolCall(
        "getWeather",
        { location: "Paris" },
        { text: "Checking.", usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } },
      ),
    );
    const reply = await ep.send(request());
    expect(server.lastRequest).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      body: { model: "test-model", messages: [{ role: "user", content: "Hi" }], stream: false },
    });
    expect(reply.choices[0]).toMatchObject({
      text: "Checking.",
      finishReason: "tool_calls",
      toolCalls: [{ name: "getWeather", arguments: { location: "Paris" } }],
    });
    expect(reply.usage).toEqual({ promptTokens: 9, completionTokens: 4, totalTokens: 13 });
  });

  it("adds /v1 to a URL without a path, and keeps one config object per model", () => {
    const ep = track(new OpenAI(server.origin));
    expect(ep.baseURL).toBe(server.url);
    expect(new OpenAI(`${server.origin}/custom/api/`).baseURL).toBe(`${server.origin}/custom/api`);
    const config = ep.config("m");
    config.temperature = 0.5;
    expect(ep.config("m")).toBe(config);
    expect(ep.config("other")).not.toBe(config);
  });

  it("sends through a dispatcher given in options, and leaves it open on close()", async () => {
    const agent = new Agent({ keepAliveTimeout: 1000 });
    let dispatched = 0;
    const counting = agent.compose((dispatch) => (options, handler) => (dispatched++, dispatch(options, handler)));
    try {
      server.enqueue(turn.text("one"), turn.text("two"));
      const first = new OpenAI({ baseURL: server.url, dispatcher: counting, headers: { "x-team": "blue" } });
      expect((await first.send(request())).choices[0]!.text).toBe("one");
      await first.close();
      const second = new OpenAI({ baseURL: server.url, dispatcher: counting });
      expect((await second.send(request())).choices[0]!.text).toBe("two");
      await second.close();
      expect(dispatched).toBe(2);
      expect(server.requests[0]!.headers["x-team"]).toBe("blue");
    } finally {
      await agent.close();
    }
  });

  it("sends through the agent of Node's own fetch (its bundled undici 6), as an application's global dispatcher may be", async () => {
    // Node 20's fetch runs on its bundled undici 6, whose Agent becomes the shared global
    // dispatcher on first use: what `getGlobalDispatcher()` hands an application after a fetch.
    await fetch("http://127.0.0.1:1/").catch(() => undefined); // refused; the agent is made all the same
    const nodes = (globalThis as Record<symbol, { dispatch: (options: object, handler: object) => boolean }>)[
      Symbol.for("undici.globalDispatcher.1")
    ]!;
    expect(typeof nodes.dispatch).toBe("function");
    server.enqueue(turn.error(503, { message: "busy" }), turn.text("through Node's own agent"));
    const ep = new OpenAI({ baseURL: server.url, dispatcher: nodes, retryDelays: { baseDelayMs: 1 } });
    expect((await ep.send(request())).choices[0]!.text).toBe("through Node's own agent");
    server.enqueue(turn.toolCalls([{ id: "c", name: "getWeather", arguments: '{"city":"Oslo"}' }]));
    const streamed = await ep.send({ ...request(), stream: true });
    expect(streamed.choices[0]!.toolCalls[0]!.arguments).toEqual({ city: "Oslo" });
    await ep.close();
  });

  it("keeps one keep-alive pool per endpoint: its requests share sockets, another endpoint opens its own", async () => {
    const { ep } = endpoint();
    const { ep: other } = endpoint();
    server.enqueue(...["a", "b", "c", "d", "e"].map((text) => turn.text(text)));
    for (let i = 0; i < 4; i++) await ep.send(request());
    await other.send(request());
    const connections = server.requests.map((r) => r.connection);
    const own = new Set(connections.slice(0, 4));
    expect(own.size).toBeLessThan(4); // without keep-alive every request would open a socket
    expect(own.has(connections[4]!)).toBe(false);
  });

  it("retries twice by default, then throws the last error", async () => {
    const { ep, retries } = endpoint();
    server.enqueue(
      turn.error(503, { message: "one" }),
      turn.error(503, { message: "two" }),
      turn.error(503, { message: "three" }),
      turn.text("never"),
    );
    const error = await endpointFailure(ep.send(request()));
    expect(error.message).toContain("three");
    expect(retries).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
  });

  it("sends the model's config and applies changes made between requests", async () => {
    const { ep } = endpoint();
    server.enqueue(turn.text("a"), turn.text("b"));
    ep.config("test-model").temperature = 0.1;
    await ep.send(request());
    ep.config("test-model").temperature = 0.9;
    ep.config("test-model").maxTokens = 64;
    await ep.send(request());
    expect(server.requests.map((r) => r.body)).toMatchObject([
      { temperature: 0.1 },
      { temperature: 0.9, max_tokens: 64 },
    ]);
  });

  it("retries 500, 502 and 503, then returns the success", async () => {
    const { ep, retries } = endpoint({ retries: 3 });
    server.enqueue(turn.error(500), turn.error(502), turn.error(503), turn.text("finally"));
    const reply = await ep.send(request());
    expect(reply.choices[0]!.text).toBe("finally");
    expect(retries.map((r) => r.error.status)).toEqual([500, 502, 503]);
    expect(server.requests).toHaveLength(4);
  });

  it("throws the last error once the retries are spent", async () => {
    const { ep } = endpoint({ retries: 1 });
    server.enqueue(turn.error(503, { message: "first" }), turn.error(500, { message: "second" }));
    const error = await endpointFailure(ep.send(request()));
    expect([error.status, error.retryable]).toEqual([500, true]);
    expect(error.message).toContain("second");
    expect(server.requests).toHaveLength(2);
  });

  it("honours Retry-After in seconds", async () => {
    const { ep, retries } = endpoint();
    server.enqueue(turn.rateLimited(1), turn.text("ok"));
    expect((await ep.send(request())).choices[0]!.text).toBe("ok");
    expect(retries.map((r) => [r.error.status, r.delayMs, r.error.retryAfterMs])).toEqual([[429, 1000, 1000]]);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const { ep, retries } = endpoint();
    server.enqueue(
      // Whole seconds: 1.5 to 2.5 s from now, so a busy machine's second on the way still leaves a wait.
      turn.error(429, { headers: { "retry-after": new Date(Date.now() + 2500).toUTCString() } }),
      turn.text("ok"),
    );
    expect((await ep.send(request())).choices[0]!.text).toBe("ok");
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delayMs).toBeGreaterThan(0);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(2500);
  });

  it("does not wait for a Retry-After beyond the cap: the error is thrown at once", async () => {
    const { ep, retries } = endpoint();
    server.enqueue(turn.rateLimited(3600), turn.text("never"));
    const error = await endpointFailure(ep.send(request()));
    expect([error.status, error.retryAfterMs]).toEqual([429, 3_600_000]);
    expect(retries).toEqual([]);
  });

  it("does not retry a 400, and reports the server's message and request id", async () => {
    const { ep } = endpoint();
    server.enqueue(
      turn.error(400, { message: "Invalid 'messages[0].role'", headers: { "x-request-id": "req_abc" } }),
      turn.text("never"),
    );
    const error = await endpointFailure(ep.send(request()));
    expect([error.status, error.retryable, error.requestId]).toEqual([400, false, "req_abc"]);
    expect(error.message).toMatch(
      /HTTP 400 from POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: Invalid 'messages\[0\]\.role' \(request id req_abc\)/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("retries 408 and 409, not 401, 404 or 422", async () => {
    const { ep } = endpoint();
    server.enqueue(turn.error(408), turn.error(409), turn.text("ok"));
    expect((await ep.send(request())).choices[0]!.text).toBe("ok");
    for (const status of [401, 404, 422]) {
      server.reset();
      server.enqueue(turn.error(status), turn.text("never"));
      expect((await endpointFailure(ep.send(request()))).status).toBe(status);
      expect(server.requests).toHaveLength(1);
    }
  });

  it("quotes a short excerpt of an HTML error page", async () => {
    const { ep } = endpoint({ retries: 0 });
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head><body><h1>502 Bad Gateway</h1><p>${"upstream ".repeat(200)}</p></body></html>`;
    server.enqueue(turn.raw(page, { status: 502, contentType: "text/html" }));
    const error = await endpointFailure(ep.send(request()));
    expect(error.message).toContain("502 Bad Gateway");
    expect(error.message).not.toContain("<");
    expect(error.message).not.toContain("color:red");
    expect(error.message.length).toBeLessThan(500);
  });

  it("retries a connection reset mid-body, and before the response", async () => {
    const { ep, retries } = endpoint();
    server.enqueue(
      turn.reset("mid-body", turn.text("lost ".repeat(100))),
      turn.reset("before-response"),
      turn.text("ok"),
    );
    expect((await ep.send(request())).choices[0]!.text).toBe("ok");
    expect(retries.map((r) => [r.error.status, r.error.retryable])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  it("reports a server that is not listening as a retryable connection error", async () => {
    const gone = await ScriptedModelServer.start();
    await gone.close();
    const { ep, retries } = endpoint({ baseURL: gone.url, retries: 1 });
    const error = await endpointFailure(ep.send(request()));
    expect([error.status, error.retryable]).toEqual([undefined, true]);
    expect(error.message).toMatch(/Connection to POST .* failed: .*ECONNREFUSED/);
    expect(retries).toHaveLength(1);
  });

  it("throws ProtocolError for a body that is not JSON, truncated JSON, or not a chat completion, without retrying", async () => {
    const { ep } = endpoint();
    for (const body of [
      "<html>hello</html>",
      '{"choices": [{"index": 0, "message": {"content": "Hel',
      '{"object": "list", "data": []}',
    ]) {
      server.reset();
      server.enqueue(turn.raw(body, { contentType: "application/json" }), turn.text("never"));
      await expect(ep.send(request())).rejects.toThrow(ProtocolError);
      expect(server.requests).toHaveLength(1);
    }
  });

  it("times out a stalled server (headers sent, body never comes)", async () => {
    const { ep } = endpoint({ timeoutMs: 200, retries: 0 });
    server.enqueue(turn.stall());
    const error = await endpointFailure(ep.send(request()));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/timed out after 200 ms/);
  });

  it("times out a server that never answers, and retries it", async () => {
    // The retry must answer within the timeout too: a second, not a tenth, on a busy machine.
    const { ep, retries } = endpoint({ timeoutMs: 1_000, retries: 1 });
    server.enqueue({ ...turn.text("late"), delayMs: 60_000 }, turn.text("on time"));
    expect((await ep.send(request())).choices[0]!.text).toBe("on time");
    expect(retries[0]!.error.message).toMatch(/timed out .* response headers/);
  });

  it("refuses a body over maxResponseBytes with a typed error, without retrying", async () => {
    const { ep } = endpoint({ maxResponseBytes: 1000 });
    server.enqueue(turn.text("x".repeat(5000)), turn.text("never"));
    const error = await endpointFailure(ep.send(request()));
    expect([error.status, error.retryable]).toEqual([200, false]);
    expect(error.message).toMatch(/larger than maxResponseBytes \(1000 bytes\)/);
    expect(server.requests).toHaveLength(1);
  });

  it("cancels through the signal: the request rejects at once and is not retried", async () => {
    const { ep } = endpoint();
    const controller = new AbortController();
    server.onRequest(() => {
      controller.abort(new Error("user pressed stop"));
      return undefined;
    });
    server.enqueue(turn.stall(), turn.text("never"));
    const error = await abortedFailure(ep.send(request({ signal: controller.signal })));
    expect(error.message).toMatch(/^The request to POST .*\/v1\/chat\/completions was cancelled\.$/);
    expect(error.cause).toEqual(new Error("user pressed stop"));
    expect(server.requests).toHaveLength(1);
  });

  it("cancels during the wait between tries", async () => {
    const controller = new AbortController();
    const { ep } = endpoint({ retryDelays: { baseDelayMs: 60_000 }, onRetry: () => controller.abort() });
    server.enqueue(turn.error(503), turn.text("never"));
    const error = await abortedFailure(ep.send(request({ signal: controller.signal })));
    expect(error.message).toMatch(/was cancelled/);
    expect(server.requests).toHaveLength(1);
  });

  it("sends strict tools, maps the nulls it added back to absent, and warns about a tool that cannot be strict", async () => {
    const { ep } = endpoint();
    ep.config("test-model").strict = true;
    ep.tools.define({
      name: "getWeather",
      description: "Weather.",
      schema: {
        type: "object",
        properties: { city: { type: "string" }, unit: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
      impl: () => "sunny",
    });
    ep.tools.define({
      name: "tag",
      description: "Tag.",
      schema: {
        type: "object",
        properties: { labels: { type: "object", additionalProperties: true } },
        required: ["labels"],
      },
      impl: () => "ok",
    });
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo", unit: null }));
    const events: StreamEvent[] = [];
    const reply = await ep.send(request({ tools: ep.tools.list(), onEvent: (e) => events.push(e) }));
    const sentTools = (server.lastRequest?.body as { tools: { function: { strict?: boolean } }[] }).tools;
    expect(sentTools.map((t) => t.function.strict)).toEqual([true, undefined]);
    expect(reply.choices[0]!.toolCalls[0]).toMatchObject({
      arguments: { city: "Oslo" },
      rawArguments: '{"city":"Oslo","unit":null}',
    });
    expect(events).toEqual([
      { type: "warning", round: 1, message: expect.stringContaining('"tag" is sent without strict mode') },
    ]);
  });

  it("sends a raw body as it is, with the request's model and stream setting", async () => {
    const { ep } = endpoint();
    server.enqueue(turn.text("raw ok"));
    const reply = await ep.sendRaw(
      { model: "ignored", messages: [{ role: "developer", content: "Terse." }], top_k: 5 },
      request(),
    );
    expect(server.lastRequest?.body).toEqual({
      model: "test-model",
      messages: [{ role: "developer", content: "Terse." }],
      top_k: 5,
      stream: false,
    });
    expect(reply.choices[0]!.text).toBe("raw ok");
    await expect(ep.sendRaw({ messages: [], n: 2 }, request())).rejects.toThrow(/n is 2/);
  });

  it("refuses n other than 1 before sending anything", async () => {
    const { ep } = endpoint();
    ep.config("test-model").extra = { n: 2 };
    await expect(ep.send(request())).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});
