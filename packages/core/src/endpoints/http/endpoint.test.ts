// What a provider gets from HttpEndpoint.post, through a provider of the test's own on the
// scripted server: the readers it passes decide how the reply (and an error body's asked wait) is read.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { abortedFailure, endpointFailure, endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { HttpEndpoint } from "./endpoint.js";
import type { RetryInfo } from "./retry-policy.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

/** Reads a reply's text as the one choice's; reads the wait from `{"retry_in_ms": N}` in an error body. */
class Echo extends HttpEndpoint<"Echo"> {
  readonly retries: RetryInfo[] = [];

  constructor(baseURL: string) {
    const retries: RetryInfo[] = [];
    super(
      "Echo",
      {
        baseURL,
        headers: {},
        timeoutMs: 5000,
        retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1000 },
        maxResponseBytes: 1 << 20,
        maxConnections: 4,
      },
      { onRetry: (info) => retries.push(info) },
    );
    this.retries = retries;
  }

  send(request: EndpointRequest): Promise<EndpointReply> {
    return this.post("/chat/completions", "{}", request, {
      json: async (response) => {
        const text = await response.text();
        const choice = { index: 0, text, toolCalls: [], finishReason: "stop", refusal: null, reasoning: null };
        return { choices: [choice], usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, raw: text };
      },
      stream: () => Promise.reject(new Error("not streamed")),
      retryAfterFromBody: (body) => (JSON.parse(body) as { retry_in_ms?: number }).retry_in_ms,
    });
  }
}

describe("HttpEndpoint.post", () => {
  it("waits as long as the provider's reading of the error body says, and the error carries it", async () => {
    const ep = track(new Echo(server.url));
    server.enqueue(
      turn.raw('{"retry_in_ms": 7}', { status: 503 }),
      turn.raw("fine", { contentType: "application/json" }),
    );
    expect((await ep.send(endpointRequest())).choices[0]!.text).toBe("fine");
    expect(ep.retries.map((r) => [r.error.status, r.error.retryAfterMs, r.delayMs])).toEqual([[503, 7, 7]]);
  });

  it("fails at once when that wait is over maxRetryAfterMs", async () => {
    const ep = track(new Echo(server.url));
    server.enqueue(turn.raw('{"retry_in_ms": 5000}', { status: 429 }), turn.raw("never"));
    const error = await endpointFailure(ep.send(endpointRequest()));
    expect([error.status, error.retryAfterMs, ep.retries]).toEqual([429, 5000, []]);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects with AbortedError when the request's signal cancels it", async () => {
    const ep = track(new Echo(server.url));
    server.enqueue(turn.stall(), turn.raw("never"));
    const controller = new AbortController();
    server.onRequest(() => {
      controller.abort("stop");
      return undefined;
    });
    const error = await abortedFailure(ep.send(endpointRequest({ signal: controller.signal })));
    expect([error.code, error.cause]).toEqual(["ABORTED", "stop"]);
    expect(error.message).toMatch(
      /^The request to POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions was cancelled\.$/,
    );
  });
});
