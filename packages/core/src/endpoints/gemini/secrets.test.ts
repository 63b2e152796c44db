import { inspect } from "node:util";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import type { RetryInfo } from "../http/retry-policy.js";
import { endpointRequest, showsSecret as leaks } from "../fixtures/endpoint-setup.js";
import { Gemini } from "./gemini.js";

const apiKey = "AIzaSyTest-SECRET-0123456789abcdefghijklm";
let server: ScriptedModelServer;

beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe("the Gemini API key stays private", () => {
  it("is sent as x-goog-api-key, never in the URL, and never shows in toJSON, util.inspect, errors, retries or loop events", async () => {
    const retries: RetryInfo[] = [];
    const events: LoopEvent[] = [];
    const ep = new Gemini({
      baseURL: server.origin,
      apiKey,
      retries: 1,
      retryDelays: { baseDelayMs: 1 },
      onRetry: (info) => retries.push(info),
    });
    try {
      // The server echoes the key back, as Google's API does for an invalid one.
      server.enqueue(
        turn.error(503, { message: "The model is overloaded." }),
        turn.error(400, { message: `API key not valid. Please pass a valid API key. (key ${apiKey})` }),
      );
      const error = await ep
        .completions("gemini-test", new Context().user("Hi"), { onEvent: (e) => events.push(e) })
        .catch((e: unknown) => e);
      expect(server.requests.map((r) => [r.url, r.headers["x-goog-api-key"]])).toEqual([
        ["/v1beta/models/gemini-test:generateContent", apiKey],
        ["/v1beta/models/gemini-test:generateContent", apiKey],
      ]);
      expect((error as Error).message).toMatch(/HTTP 400 .*API key not valid/);
      expect(leaks(error)).toBe(false);
      expect(retries).toHaveLength(1);
      expect(leaks(retries)).toBe(false);
      expect(events.length).toBeGreaterThan(0);
      expect(leaks(events)).toBe(false);
      expect(leaks(ep)).toBe(false);
      expect(JSON.stringify(ep)).toBe(JSON.stringify({ type: "Gemini", baseURL: `${server.origin}/v1beta` }));
      expect(JSON.stringify({ ...ep })).not.toContain("SECRET");
      expect(inspect(ep)).toBe(`Gemini { baseURL: ${JSON.stringify(`${server.origin}/v1beta`)} }`);
    } finally {
      await ep.close();
    }
  });

  it("keeps an error mid-stream, a Vertex token and a connection failure free of the secret", async () => {
    const ep = new Gemini({ baseURL: server.origin, apiKey, retries: 0 });
    try {
      server.enqueue(
        turn.chunks([{ error: { code: 500, message: `Internal error for ${apiKey}`, status: "INTERNAL" } }]),
      );
      const streamError = await ep
        .send(endpointRequest({ model: "gemini-test", stream: true }))
        .catch((e: unknown) => e);
      expect((streamError as Error).message).toMatch(/INTERNAL/);
      expect(leaks(streamError)).toBe(false);
    } finally {
      await ep.close();
    }
    const token = "ya29.SECRET-token-0123456789";
    const vertex = new Gemini({
      baseURL: server.origin,
      vertex: { project: "p", location: "us-central1" },
      accessToken: token,
      retries: 0,
    });
    try {
      server.enqueue(turn.error(401, { message: `Request had invalid authentication credentials: Bearer ${token}` }));
      const error = await vertex.send(endpointRequest({ model: "gemini-test" })).catch((e: unknown) => e);
      expect(server.lastRequest?.headers.authorization).toBe(`Bearer ${token}`);
      expect((error as Error).message).toMatch(/HTTP 401 .*Check the API key/);
      expect(leaks(error, [token])).toBe(false);
      expect(leaks(vertex, [token])).toBe(false);
    } finally {
      await vertex.close();
    }
    const gone = await ScriptedModelServer.start();
    await gone.close();
    const closed = new Gemini({ baseURL: gone.origin, apiKey, retries: 0 });
    try {
      const error = await closed.send(endpointRequest({ model: "gemini-test", stream: true })).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/Connection to .* failed/);
      expect(leaks(error)).toBe(false);
    } finally {
      await closed.close();
    }
  });

  it("redacts a Google API key a server echoes even when it is not the configured one", async () => {
    const ep = new Gemini({ baseURL: server.origin, apiKey: "AIzaConfigured", retries: 0 });
    try {
      const other = "AIzaSyOTHERkey0123456789abcdefghijklmnop";
      server.enqueue(turn.error(403, { message: `Key ${other} is for another project.` }));
      const error = await ep.send(endpointRequest({ model: "gemini-test" })).catch((e: unknown) => e);
      expect((error as Error).message).toContain("AIza[redacted]");
      expect(leaks(error, [other])).toBe(false);
    } finally {
      await ep.close();
    }
  });
});
