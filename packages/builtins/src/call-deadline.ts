import { Refusal } from "./refusal.js";

/**
 * A builtin's own time bound joined with the call's signal (the loop's cancellation, the tool
 * timeout): `signal` fires on either. `check()` between steps, and `failure(error)` for an error a
 * stopped step raised, say why the call stopped: the caller's reason as it is when the call was
 * cancelled, a `Refusal` with `message()` (asked when it is needed) when the bound passed.
 */
export class CallDeadline {
  /** Fires when the call is cancelled or the bound passes. */
  readonly signal: AbortSignal;
  readonly #caller: AbortSignal;
  readonly #bound: AbortSignal;
  readonly #message: () => string;

  constructor(caller: AbortSignal, timeoutMs: number, message: () => string) {
    this.#caller = caller;
    this.#bound = AbortSignal.timeout(timeoutMs);
    this.signal = AbortSignal.any([caller, this.#bound]);
    this.#message = message;
  }

  /** Throws once the call was cancelled or the bound passed; returns otherwise. */
  check(): void {
    if (this.signal.aborted) throw this.failure(undefined);
  }

  /** What to throw instead of `error` when the call stopped; `error` itself when it did not. */
  failure(error: unknown): unknown {
    if (this.#caller.aborted) return this.#caller.reason ?? error;
    if (this.#bound.aborted) return new Refusal(this.#message());
    return error;
  }
}

/**
 * The `timeoutMs` a builtin's tool carries for its own bound `boundMs`: a second more, so the
 * builtin stops itself first with a message that names its bound, and the tool's timeout only
 * answers a call whose step never returns (a hung file system, say).
 */
export function toolTimeoutMs(boundMs: number): number {
  return boundMs + 1_000;
}
