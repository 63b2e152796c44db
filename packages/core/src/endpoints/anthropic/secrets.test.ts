import { inspect } from "node:util";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { Anthropic } from "./anthropic.js";
import type { RetryInfo } from "../http/retry-policy.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { endpointRequest, showsSecret as leaks } from "../fixtures/endpoint-setup.js";

const apiKey = "sk-ant-test-SECRET-0123456789";
let server: ScriptedModelServer;

beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const request = (stream = false): EndpointRequest => endpointRequest({ model: "claude-test", stream });

describe("the Anthropic API key stays private", () => {
  it("(the leak detector itself finds a key that is there)", () => {
    expect(leaks({ headers: { "x-api-key": apiKey } })).toBe(true);
    expect(leaks(new Error("failed", { cause: { key: apiKey } }))).toBe(true);
  });

  it("is sent as x-api-key, and never shows in toJSON, util.inspect, errors, retries or loop events", async () => {
    const retries: RetryInfo[] = [];
    const events: LoopEvent[] = [];
    const ep = new Anthropic({
      baseURL: server.origin,
      apiKey,
      retries: 1,
      retryDelays: { baseDelayMs: 1 },
      onRetry: (info) => retries.push(info),
    });
    try {
      server.enqueue(turn.error(529, { message: "Overloaded" }), turn.error(401, { message: "invalid x-api-key" }));
      const error = await ep
        .completions("claude-test", new Context().user("Hi"), { onEvent: (e) => events.push(e) })
        .catch((e: unknown) => e);
      expect(server.lastRequest?.headers["x-api-key"]).toBe(apiKey);
      expect((error as Error).message).toMatch(/HTTP 401 .*Check the API key/);
      expect(leaks(error)).toBe(false);
      expect(retries).toHaveLength(1);
      expect(leaks(retries)).toBe(false);
      expect(events.length).toBeGreaterThan(0);
      expect(leaks(events)).toBe(false);
      expect(leaks(ep)).toBe(false);
      expect(JSON.stringify(ep)).toBe(JSON.stringify({ type: "Anthropic", baseURL: `${server.origin}/v1` }));
      expect(JSON.stringify({ ...ep })).not.toContain("SECRET");
      expect(inspect(ep)).toBe(`Anthropic { baseURL: ${JSON.stringify(`${server.origin}/v1`)} }`);
    } finally {
      await ep.close();
    }
  });

  it("keeps an error event mid-stream and a connection failure free of the key", async () => {
    const ep = new Anthropic({ baseURL: server.origin, apiKey, retries: 0 });
    try {
      server.enqueue(turn.chunks([{ type: "error", error: { type: "api_error", message: "Internal" } }]));
      const streamError = await ep.send(request(true)).catch((e: unknown) => e);
      expect((streamError as Error).message).toMatch(/Internal/);
      expect(leaks(streamError)).toBe(false);
    } finally {
      await ep.close();
    }
    const gone = await ScriptedModelServer.start();
    await gone.close();
    const closed = new Anthropic({ baseURL: gone.origin, apiKey, retries: 0 });
    try {
      const error = await closed.send(request(true)).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/Connection to .* failed/);
      expect(leaks(error)).toBe(false);
    } finally {
      await closed.close();
    }
  });

  it("moves credentials written into the URL into a header, out of baseURL", async () => {
    const url = new URL(server.origin);
    url.username = "proxy";
    url.password = apiKey;
    const ep = new Anthropic({ baseURL: url.toString() });
    try {
      expect(ep.baseURL).toBe(`${server.origin}/v1`);
      server.enqueue(turn.text("ok"));
      await ep.send(request());
      expect(server.lastRequest?.headers.authorization).toBe(
        `Basic ${Buffer.from(`proxy:${apiKey}`).toString("base64")}`,
      );
      expect(leaks(ep)).toBe(false);
    } finally {
      await ep.close();
    }
  });
});
