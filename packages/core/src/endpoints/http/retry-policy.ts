// When a failed request is tried again, and after how long: the policy, the backoff or the wait
// the server asked for (carried on the error as `EndpointError.retryAfterMs`), and the wait
// itself, which the caller's signal ends.
import type { EndpointError } from "../../errors/endpoint-error.js";

/** When and how long to wait before trying a failed request again. */
export interface RetryPolicy {
  /** Tries after the first (default 2). */
  retries: number;
  /** First backoff in milliseconds, doubled on each try (default 500). */
  baseDelayMs: number;
  /** Longest backoff in milliseconds (default 8000). */
  maxDelayMs: number;
  /** Longest `Retry-After` honoured, in milliseconds (default 60 s); a server asking for longer gets the error thrown at once. */
  maxRetryAfterMs: number;
}

/** One retry about to happen. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the transport waits first (what the server asked for, `error.retryAfterMs`, when it said). */
  delayMs: number;
  /** What failed. */
  error: EndpointError;
}

/** The defaults of `RetryPolicy`. */
export const defaultRetryPolicy: RetryPolicy = {
  retries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

/** Statuses worth trying again: timeouts, conflicts, rate limits, server errors. Other 4xx will fail the same way. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Exponential backoff with jitter for try number `attempt` (0 = the first retry): between half and all of base·2^attempt, capped. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * How long to wait before retrying `error` after try number `attempt` (0 = the first try), or
 * undefined when it is not tried again: not retryable, no retries left, or the server asked for a
 * wait over `maxRetryAfterMs` (waiting that long inside a call helps nobody).
 */
export function retryDelayMs(error: EndpointError, attempt: number, policy: RetryPolicy): number | undefined {
  if (!error.retryable || attempt >= policy.retries) return undefined;
  const asked = error.retryAfterMs;
  if (asked === undefined) return backoffMs(attempt, policy);
  return asked > policy.maxRetryAfterMs ? undefined : asked;
}

/** Resolves after `ms`; rejects (with nothing to report: the caller names the cancellation) as soon as `signal` fires. */
export function waitBeforeRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
