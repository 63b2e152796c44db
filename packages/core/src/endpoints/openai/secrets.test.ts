import { inspect } from "node:util";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import type { RetryInfo } from "../http/retry-policy.js";
import { OpenAI } from "./openai.js";
import { endpointRequest, showsSecret } from "../fixtures/endpoint-setup.js";

const apiKey = "sk-test-SECRET-0123456789";
let server: ScriptedModelServer;

beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterAll(() => server.close());

/** Shows the key, or the URL credentials `u:<key>` as sent in a Basic header. */
const leaks = (value: unknown) => showsSecret(value, [Buffer.from(`u:${apiKey}`).toString("base64")]);

describe("the API key stays private", () => {
  it("(the leak detector itself finds a key that is there)", () => {
    expect(leaks({ headers: { authorization: `Bearer ${apiKey}` } })).toBe(true);
    expect(leaks(new Error("failed", { cause: { key: apiKey } }))).toBe(true);
  });

  it("is sent as a bearer token, and never shows in toJSON, util.inspect, errors or what a logger sees", async () => {
    const retries: RetryInfo[] = [];
    const ep = new OpenAI({
      baseURL: server.url,
      apiKey,
      retries: 1,
      retryDelays: { baseDelayMs: 1 },
      onRetry: (info) => retries.push(info),
    });
    try {
      server.enqueue(
        turn.error(500, { message: "upstream failed" }),
        turn.error(401, { message: "Incorrect API key provided" }),
      );
      const error = await ep.send(endpointRequest()).catch((e: unknown) => e);
      expect(server.lastRequest?.headers.authorization).toBe(`Bearer ${apiKey}`);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/HTTP 401 .*Check the API key/);
      expect(leaks(error)).toBe(false);
      expect(retries).toHaveLength(1);
      expect(leaks(retries)).toBe(false);
      expect(leaks(ep)).toBe(false);
      expect(JSON.stringify(ep)).toBe(JSON.stringify({ type: "OpenAI", baseURL: server.url }));
      expect(JSON.stringify({ ...ep })).not.toContain("SECRET");
      expect(inspect(ep)).toBe(`OpenAI { baseURL: ${JSON.stringify(server.url)} }`);
    } finally {
      await ep.close();
    }
  });

  it("moves credentials written into the URL into a header, out of baseURL", async () => {
    const url = new URL(server.url);
    url.username = "u";
    url.password = apiKey;
    const ep = new OpenAI(url.toString());
    try {
      expect(ep.baseURL).toBe(server.url);
      server.enqueue(turn.text("ok"));
      await ep.send(endpointRequest({ messages: [] }));
      expect(server.lastRequest?.headers.authorization).toBe(`Basic ${Buffer.from(`u:${apiKey}`).toString("base64")}`);
      expect(leaks(ep)).toBe(false);
    } finally {
      await ep.close();
    }
  });

  it("keeps a connection failure's message free of the key", async () => {
    const gone = await ScriptedModelServer.start();
    await gone.close();
    const ep = new OpenAI({ baseURL: gone.url, apiKey, retries: 0 });
    try {
      const error = await ep.send(endpointRequest({ messages: [], stream: true })).catch((e: unknown) => e);
      expect(leaks(error)).toBe(false);
    } finally {
      await ep.close();
    }
  });

  it("keeps a key written into the base URL's query (Azure, Gemini) out of errors, while still sending it", async () => {
    const ep = new OpenAI({ baseURL: `${server.url}?key=${apiKey}`, retries: 0 });
    try {
      server.enqueue(turn.error(401, { message: "Bad key" }));
      const error = await ep.send(endpointRequest()).catch((e: unknown) => e);
      expect(server.lastRequest?.url).toContain(`key=${apiKey}`);
      expect((error as Error).message).toMatch(/HTTP 401 from POST .*\/chat\/completions/);
      expect(leaks(error)).toBe(false);
      expect(leaks(ep)).toBe(false);
    } finally {
      await ep.close();
    }
  });
});
