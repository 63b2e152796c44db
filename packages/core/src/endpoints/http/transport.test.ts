// The transport's body reading against a plain HTTP server on loopback that sends chunked
// bodies (no content-length), split where a test needs it: the size cap counted while reading,
// UTF-8 decoded in one piece, a byte order mark dropped, a body cut short, pieces handed to a
// reader as they arrive (what it throws, a cancellation mid-body).
import type { ServerResponse } from "node:http";
import { EndpointError } from "../../errors/endpoint-error.js";
import type { RetryInfo } from "./retry-policy.js";
import type { HttpTransport, PostOptions } from "./transport.js";
import { abortedFailure, endpointFailure } from "../fixtures/endpoint-setup.js";
import { loopbackServer } from "../fixtures/loopback-server.js";

type Handler = (res: ServerResponse) => void;
let handler: Handler;
const { transport } = loopbackServer((_req, res) => handler(res), {
  timeoutMs: 10_000, // only a stalled test ends on it: room for a busy machine
  retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
  maxResponseBytes: 1 << 20,
});

/** Sends `pieces` as a chunked body, one write each, without a content-length. */
function chunked(pieces: readonly (string | Buffer)[], end = true): Handler {
  return (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    for (const piece of pieces) res.write(piece);
    if (end) res.end();
    else setTimeout(() => res.destroy(), 10);
  };
}

const readText = (t: HttpTransport) =>
  t.post("/chat/completions", "{}", { accept: "application/json", retryDuringBody: true }, (response) =>
    response.text(),
  );

describe("HttpTransport: reading a whole body", () => {
  it("decodes UTF-8 split across pieces in one piece, dropping a leading byte order mark", async () => {
    const text = JSON.stringify({ city: "Zürich", note: "😀 ok" });
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const cuts = [2, 14, 15, bytes.indexOf(0xf0) + 1, bytes.indexOf(0xf0) + 3];
    handler = chunked(
      cuts.map((cut, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], cut)).concat(bytes.subarray(cuts.at(-1))),
    );
    expect(await readText(transport())).toBe(text);
  });

  it("refuses a chunked body past maxResponseBytes while reading it, without retrying", async () => {
    let requests = 0;
    handler = (res) => {
      requests++;
      chunked(Array.from({ length: 20 }, () => "x".repeat(100)))(res);
    };
    const error = await endpointFailure(
      readText(
        transport({ maxResponseBytes: 1000, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } }),
      ),
    );
    expect([error.status, error.retryable]).toEqual([200, false]);
    expect(error.message).toMatch(/larger than maxResponseBytes \(1000 bytes\)/);
    expect(requests).toBe(1);
  });

  it("reads a body of exactly maxResponseBytes", async () => {
    handler = chunked(["a".repeat(600), "b".repeat(400)]);
    expect(await readText(transport({ maxResponseBytes: 1000 }))).toBe("a".repeat(600) + "b".repeat(400));
  });

  it("reports a body cut short as a retryable failure, and succeeds on the next try", async () => {
    let requests = 0;
    handler = (res) => (++requests === 1 ? chunked(['{"choices":'], false)(res) : chunked(['{"ok":', "true}"])(res));
    const retries: EndpointError[] = [];
    const t = transport({
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
      onRetry: (info) => retries.push(info.error),
    });
    expect(await readText(t)).toBe('{"ok":true}');
    expect(retries.map((error) => error.retryable)).toEqual([true]);
  });

  it("times out a body that stops coming", async () => {
    handler = (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"partial":');
    };
    const error = await endpointFailure(readText(transport({ timeoutMs: 100 })));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/timed out after 100 ms/);
  });

  it("hands a body over piece by piece under the same cap", async () => {
    handler = chunked(["one", "two", "three"]);
    const pieces = await transport().post(
      "/chat/completions",
      "{}",
      { accept: "text/event-stream", retryDuringBody: false },
      async (response) => {
        const seen: string[] = [];
        await response.each((piece) => seen.push(Buffer.from(piece).toString()));
        return seen.join("");
      },
    );
    expect(pieces).toBe("onetwothree");
  });

  it("makes its pool at the first request, and refuses to send once closed, even before any request", async () => {
    handler = chunked(["{}"]);
    const used = transport();
    expect(await readText(used)).toBe("{}");
    await used.close();
    expect((await endpointFailure(readText(used))).message).toMatch(/POST .*\/v1\/chat\/completions/);
    const unused = transport();
    await unused.close();
    expect((await endpointFailure(readText(unused))).message).toMatch(/POST .*\/v1\/chat\/completions/);
  });

  it("can be closed again, or twice at once: every close resolves (a shutdown hook may run twice)", async () => {
    handler = chunked(["{}"]);
    const used = transport();
    expect(await readText(used)).toBe("{}");
    await expect(Promise.all([used.close(), used.close()])).resolves.toEqual([undefined, undefined]);
    await expect(used.close()).resolves.toBeUndefined();
    expect((await endpointFailure(readText(used))).message).toMatch(/POST .*\/v1\/chat\/completions/);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("HttpTransport: handing a body's pieces to a reader", () => {
  const stream = { accept: "text/event-stream", retryDuringBody: false } as const;
  const retrying = { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };

  it("hands every piece over in order, those that came before the reader started first", async () => {
    handler = chunked(["one", "two", "three"]);
    const seen = await transport().post("/chat/completions", "{}", stream, async (response) => {
      await sleep(50); // the whole body is here before the reader takes it
      const pieces: string[] = [];
      await response.each((piece) => pieces.push(Buffer.from(piece).toString()));
      return pieces.join("");
    });
    expect(seen).toBe("onetwothree");
  });

  it("fails with what the reader threw, also when the body had already ended, and does not retry", async () => {
    for (const wait of [0, 50]) {
      let requests = 0;
      handler = (res) => {
        requests++;
        chunked(["one", "two", "three"])(res);
      };
      const thrown = new Error("not a chunk");
      const failed = await transport({ retry: retrying })
        .post("/chat/completions", "{}", stream, async (response) => {
          await sleep(wait);
          await response.each(() => {
            throw thrown;
          });
        })
        .catch((error: unknown) => error);
      expect(failed).toBe(thrown);
      expect(requests).toBe(1);
    }
  });

  it("cancels mid-body when the caller's signal aborts: AbortedError with the signal's reason, not retried, the connection given up", async () => {
    let requests = 0;
    let closed: Promise<void> | undefined;
    handler = (res) => {
      requests++;
      closed = new Promise((resolve) => res.on("close", resolve));
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("first");
    };
    const controller = new AbortController();
    const reason = new Error("user pressed stop");
    const error = await abortedFailure(
      transport({ retry: retrying }).post(
        "/chat/completions",
        "{}",
        { ...stream, signal: controller.signal },
        (response) => response.each(() => controller.abort(reason)),
      ),
    );
    expect(requests).toBe(1);
    expect(error.message).toMatch(
      /^The request to POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions was cancelled\.$/,
    );
    expect(error.cause).toBe(reason);
    await closed; // the server sees its response closed: the socket was not kept for a body nobody reads
  });

  it("refuses a body past maxResponseBytes piece by piece, after handing over what fitted", async () => {
    handler = chunked(Array.from({ length: 20 }, () => "x".repeat(100)));
    let bytes = 0;
    const error = await endpointFailure(
      transport({ maxResponseBytes: 1000 }).post("/chat/completions", "{}", stream, (response) =>
        response.each((piece) => (bytes += piece.byteLength)),
      ),
    );
    expect(error.message).toMatch(/larger than maxResponseBytes \(1000 bytes\)/);
    expect(bytes).toBeLessThanOrEqual(1000);
  });
});

describe("HttpTransport: the wait a server asks for rides on the error", () => {
  const json = { accept: "application/json", retryDuringBody: true } as const;
  const retry = { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1000 };
  // Google's APIs say it in the body: `error.details[].retryDelay` of a RetryInfo.
  const retryInfo = (delay: string) =>
    JSON.stringify({ error: { code: 429, message: "Quota exceeded", details: [{ retryDelay: delay }] } });
  const fromBody = (body: string) => {
    const delay = /"retryDelay":"(\d+)s"/.exec(body)?.[1];
    return delay === undefined ? undefined : Number(delay) * 1000;
  };

  /** Answers 429 with `body` (and `headers`) first, then `{}`. */
  function rateLimitedOnce(body: string, headers: Record<string, string> = {}): void {
    let requests = 0;
    handler = (res) => {
      if (++requests > 1) return chunked(["{}"])(res);
      res.writeHead(429, { "content-type": "application/json", ...headers });
      res.end(body);
    };
  }

  function retried(options: Partial<PostOptions>, max = retry.maxRetryAfterMs) {
    const retries: RetryInfo[] = [];
    const t = transport({ retry: { ...retry, maxRetryAfterMs: max }, onRetry: (info) => retries.push(info) });
    const sent = t.post("/chat/completions", "{}", { ...json, ...options }, (response) => response.text());
    return { sent, retries };
  }

  it("takes the wait a provider reads from the error body when the headers name none", async () => {
    rateLimitedOnce(retryInfo("0s"));
    const { sent, retries } = retried({ retryAfterFromBody: fromBody });
    expect(await sent).toBe("{}");
    expect(retries.map((r) => [r.error.status, r.error.retryAfterMs, r.delayMs])).toEqual([[429, 0, 0]]);
  });

  it("prefers the Retry-After header to the body", async () => {
    rateLimitedOnce(retryInfo("30s"), { "retry-after-ms": "2" });
    const { sent, retries } = retried({ retryAfterFromBody: fromBody });
    expect(await sent).toBe("{}");
    expect(retries.map((r) => r.error.retryAfterMs)).toEqual([2]);
  });

  it("gives up at once when the body asks for longer than maxRetryAfterMs", async () => {
    rateLimitedOnce(retryInfo("30s"));
    const { sent, retries } = retried({ retryAfterFromBody: fromBody });
    const error = await endpointFailure(sent);
    expect([error.status, error.retryAfterMs, retries]).toEqual([429, 30_000, []]);
    expect(error.message).toMatch(/HTTP 429 from POST .*: Quota exceeded/);
  });

  it("has no wait without the provider's reading (the body alone says nothing to the transport)", async () => {
    rateLimitedOnce(retryInfo("30s"));
    const { sent, retries } = retried({});
    expect(await sent).toBe("{}");
    expect(retries.map((r) => r.error.retryAfterMs)).toEqual([undefined]);
  });

  it("honours the wait on an error a reader throws itself (a stream's error event)", async () => {
    handler = chunked(["{}"]);
    const retries: RetryInfo[] = [];
    let reads = 0;
    const t = transport({ retry: { ...retry, maxRetryAfterMs: 10 }, onRetry: (info) => retries.push(info) });
    const error = await endpointFailure(
      t.post("/chat/completions", "{}", json, async () => {
        reads++;
        throw new EndpointError("The server reported an error mid-stream: overloaded", {
          retryable: true,
          retryAfterMs: reads === 1 ? 3 : 60_000,
        });
      }),
    );
    expect(retries.map((r) => r.delayMs)).toEqual([3]);
    expect([reads, error.retryAfterMs]).toEqual([2, 60_000]);
  });
});
