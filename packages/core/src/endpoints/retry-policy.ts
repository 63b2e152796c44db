import type { IncomingHttpHeaders } from "node:http";

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

/** The defaults of `RetryPolicy`. */
export const defaultRetryPolicy: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/** Statuses worth trying again: timeouts, conflicts, rate limits, server errors. Other 4xx will fail the same way. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How long the server asked us to wait, in milliseconds: `retry-after-ms`, or `retry-after` as
 * seconds or as an HTTP date (a date in the past is 0). Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number = Date.now()): number | undefined {
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Number(ms);
  const value = header(headers, "retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter for try number `attempt` (0 = the first retry): between half and all of base·2^attempt, capped. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
  return Math.round(full / 2 + (random() * full) / 2);
}
