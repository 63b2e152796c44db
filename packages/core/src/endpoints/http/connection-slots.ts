// A bound on the requests one endpoint has in flight, so 1,000 concurrent completions do not
// open 1,000 sockets to a local server. undici's Pool `connections` caps sockets, but a request
// queued inside it neither times out nor stops at once when cancelled; waiting here does both.

/** Requests in flight per endpoint unless `maxConnections` says otherwise. */
export const DEFAULT_MAX_CONNECTIONS = 16;

/** Why a wait for a free slot ended without one (`size`: how many slots were all busy). */
export type SlotWaitFailure = { kind: "timeout"; size: number } | { kind: "aborted"; reason: unknown };

/** Thrown by `acquire` when the wait times out or is cancelled. */
export class SlotWaitError extends Error {
  constructor(readonly failure: SlotWaitFailure) {
    super(failure.kind === "timeout" ? "No connection became free in time." : "Cancelled while waiting.");
  }
}

interface Waiter {
  grant(): void;
}

/** Up to `size` holders at once; others wait in arrival order. */
export class ConnectionSlots {
  readonly #size: number;
  #held = 0;
  readonly #waiting: Waiter[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** Requests holding a slot now. */
  get held(): number {
    return this.#held;
  }

  /**
   * A free slot at once (the function that gives it back), or undefined when none is free or
   * `signal` already fired: then `acquire` waits (or refuses) as usual. Spares the common case a
   * promise and a turn of the microtask queue before the request is sent.
   */
  tryAcquire(signal: AbortSignal | undefined): (() => void) | undefined {
    if (signal?.aborted || this.#held >= this.#size) return undefined;
    this.#held++;
    return this.#releaser();
  }

  /**
   * Waits for a free slot and returns the function that gives it back (call it exactly once).
   * Rejects with `SlotWaitError` after `timeoutMs` without a slot, or as soon as `signal` fires.
   */
  acquire(timeoutMs: number, signal: AbortSignal | undefined): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new SlotWaitError({ kind: "aborted", reason: signal.reason }));
    if (this.#held < this.#size) {
      this.#held++;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const leave = (failure: SlotWaitFailure): void => {
        const at = this.#waiting.indexOf(waiter);
        if (at >= 0) this.#waiting.splice(at, 1);
        cleanup();
        reject(new SlotWaitError(failure));
      };
      const onAbort = (): void => leave({ kind: "aborted", reason: signal!.reason });
      const timer = Number.isFinite(timeoutMs)
        ? setTimeout(() => leave({ kind: "timeout", size: this.#size }), timeoutMs)
        : undefined;
      const cleanup = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        grant: () => {
          cleanup();
          resolve(this.#releaser()); // the slot passes straight from the releaser to this waiter
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next !== undefined) next.grant();
      else this.#held--;
    };
  }
}
