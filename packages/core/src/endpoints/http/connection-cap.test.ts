// One endpoint never floods a server: a documented default cap of requests (and sockets) in
// flight, configurable; requests waiting their turn still time out and stop when cancelled.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import { AbortedError } from "../../errors/aborted-error.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { Anthropic } from "../anthropic/anthropic.js";
import { OpenAI } from "../openai/openai.js";
import { endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { DEFAULT_MAX_CONNECTIONS } from "./connection-slots.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

/**
 * How many requests the server had open at once, at most, while `run` ran. Each request is held
 * until `cap` were open together (or ten seconds passed), then a moment more, so requests over the
 * cap would show up, however slowly a busy machine opens its sockets.
 */
async function peakOpen(cap: number, run: () => Promise<unknown>): Promise<number> {
  let open = 0;
  let peak = 0;
  let full!: () => void;
  const reachedCap = new Promise<void>((resolve) => (full = resolve));
  const stop = server.onRequest(async () => {
    peak = Math.max(peak, ++open);
    if (peak >= cap) full();
    await Promise.race([reachedCap, delay(10_000)]);
    await delay(30);
    open--;
    return turn.text("ok");
  });
  try {
    await run();
  } finally {
    stop();
  }
  return peak;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

it(`by default at most ${DEFAULT_MAX_CONNECTIONS} requests are in flight, over as many sockets`, async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 0 }));
  const peak = await peakOpen(DEFAULT_MAX_CONNECTIONS, () =>
    Promise.all(Array.from({ length: 60 }, () => ep.send(endpointRequest()))),
  );
  expect(peak).toBe(DEFAULT_MAX_CONNECTIONS);
  expect(server.requests).toHaveLength(60);
  expect(new Set(server.requests.map((r) => r.connection)).size).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
});

it("maxConnections sets the cap", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 0, maxConnections: 2 }));
  const peak = await peakOpen(2, () => Promise.all(Array.from({ length: 10 }, () => ep.send(endpointRequest()))));
  expect(peak).toBe(2);
  expect(new Set(server.requests.map((r) => r.connection)).size).toBeLessThanOrEqual(2);
  expect(() => new OpenAI({ baseURL: server.url, maxConnections: 0 })).toThrow(/maxConnections must be an integer ≥ 1/);
});

it("the Anthropic endpoint takes the same maxConnections", async () => {
  const ep = track(new Anthropic({ baseURL: server.origin, retries: 0, maxConnections: 3 }));
  const peak = await peakOpen(3, () => Promise.all(Array.from({ length: 10 }, () => ep.send(endpointRequest()))));
  expect(peak).toBe(3);
  expect(server.requests.every((request) => request.path === "/v1/messages")).toBe(true);
  expect(() => new Anthropic({ maxConnections: 0 })).toThrow(/maxConnections must be an integer ≥ 1/);
});

/**
 * A streamed reply that holds its connection for about three seconds, silent for a tenth of a
 * second at a time: three times the waiting request's timeout, a tenth of the silence it allows.
 */
const slowText = "abcdefghijklmnopqrstuvwxyz0123";
const slowStream = turn.text(slowText, { deltaSize: 1, chunkDelayMs: 100 });

/** Whether `promise` has settled, read at any time. */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

it("a request waiting for a free connection times out after timeoutMs", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 0, maxConnections: 1, timeoutMs: 1_000 }));
  server.enqueue(slowStream);
  server.enqueue(slowStream);
  const holder = ep.send(endpointRequest({ stream: true }));
  const holderDone = settledFlag(holder);
  const error = await ep.send(endpointRequest()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(EndpointError.isInstance(error) && error.message).toMatch(
    /timed out after 1000 ms waiting for a free connection \(all 1 of maxConnections were busy\)/,
  );
  expect(holderDone()).toBe(false); // it gave up while the connection was still busy, not after
  expect((await holder).choices[0]!.text).toBe(slowText);
  expect(server.requests).toHaveLength(1);
});

it("a request waiting for a free connection stops at once when cancelled", async () => {
  const ep = track(new OpenAI({ baseURL: server.url, retries: 0, maxConnections: 1 }));
  server.enqueue(slowStream);
  const holder = ep.send(endpointRequest({ stream: true }));
  const controller = new AbortController();
  const cancelled = ep.send(endpointRequest({ signal: controller.signal })).then(
    () => undefined,
    (e: unknown) => e,
  );
  const holderDone = settledFlag(holder);
  setTimeout(() => controller.abort(), 50);
  const error = await cancelled;
  expect(AbortedError.isInstance(error) && error.message).toMatch(/was cancelled/);
  expect(holderDone()).toBe(false); // at once, while the connection was still busy
  await holder;
  expect(server.requests).toHaveLength(1);
});
