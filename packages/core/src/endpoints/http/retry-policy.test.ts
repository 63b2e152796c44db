import fc from "fast-check";
import { retryAfterMs, serverMessageOf } from "./errors.js";
import { backoffMs, defaultRetryPolicy, isRetryableStatus } from "./retry-policy.js";

describe("retry timing", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");

  it("reads Retry-After as seconds, as an HTTP date, and retry-after-ms", () => {
    expect(retryAfterMs({ "retry-after": "2" }, now)).toBe(2000);
    expect(retryAfterMs({ "retry-after": "0.5" }, now)).toBe(500);
    expect(retryAfterMs({ "retry-after": new Date(now + 3000).toUTCString() }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": new Date(now - 3000).toUTCString() }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after-ms": "250", "retry-after": "9" }, now)).toBe(250);
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
  });

  it("backs off exponentially with jitter, between half and all of the step, capped", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const full = Math.min(defaultRetryPolicy.baseDelayMs * 2 ** attempt, defaultRetryPolicy.maxDelayMs);
          const delay = backoffMs(attempt, defaultRetryPolicy, () => r);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(full / 2));
          expect(delay).toBeLessThanOrEqual(full);
        },
      ),
    );
  });

  it("retries 408, 409, 429 and 5xx only", () => {
    expect([400, 401, 403, 404, 408, 409, 422, 429, 500, 503, 529].filter(isRetryableStatus)).toEqual([
      408, 409, 429, 500, 503, 529,
    ]);
  });

  it("reads the server's message from the usual error bodies", () => {
    expect(serverMessageOf('{"error":{"message":"bad model","type":"invalid_request_error"}}')).toBe("bad model");
    expect(serverMessageOf('{"error":"model not found"}')).toBe("model not found");
    expect(serverMessageOf('{"detail":"Not Found"}')).toBe("Not Found");
    expect(serverMessageOf("upstream connect error")).toBe("upstream connect error");
    expect(serverMessageOf("")).toBeUndefined();
  });
});
