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
