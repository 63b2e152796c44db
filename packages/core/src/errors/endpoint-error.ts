import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/**
 * A request to a model server that failed: network, HTTP status, timeout, a reply over its size
 * limit, an error the server reported. (A request cancelled by its signal is an `AbortedError`.)
 */
export class EndpointError extends TooltypeError {
  /** HTTP status, or undefined when no response arrived (connection error, timeout). */
  readonly status: number | undefined;
  /** Whether trying again may succeed (429, 5xx, 408, 409, connection errors). */
  readonly retryable: boolean;
  /** The server's request id (`x-request-id`, `request-id`), when it sent one. */
  readonly requestId: string | undefined;
  /**
   * How long the server asked to wait before trying again, in milliseconds, when it said: its
   * `retry-after-ms` or `Retry-After` header, or a provider's own field in the error body
   * (Google's `RetryInfo`). The endpoint waits that long before its next try instead of its
   * backoff, and gives up at once when it is over `retryDelays.maxRetryAfterMs`.
   */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: { status?: number; retryable: boolean; requestId?: string; retryAfterMs?: number; cause?: unknown },
  ) {
    super("ENDPOINT", message, { cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable;
    this.requestId = options.requestId;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True for any `EndpointError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is EndpointError {
    return isTooltypeErrorWithCode(value, "ENDPOINT");
  }
}
