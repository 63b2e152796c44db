import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A request to a model server that failed: network, HTTP status, timeout, cancellation. */
export class EndpointError extends TooltypeError {
  /** HTTP status, or undefined when no response arrived (connection error, timeout, abort). */
  readonly status: number | undefined;
  /** Whether trying again may succeed (429, 5xx, 408, 409, connection errors). */
  readonly retryable: boolean;
  /** The server's request id (`x-request-id`, `request-id`), when it sent one. */
  readonly requestId: string | undefined;

  constructor(message: string, options: { status?: number; retryable: boolean; requestId?: string; cause?: unknown }) {
    super("ENDPOINT", message, { cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable;
    this.requestId = options.requestId;
  }

  /** True for any `EndpointError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is EndpointError {
    return isTooltypeErrorWithCode(value, "ENDPOINT");
  }
}
