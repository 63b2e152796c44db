/** How a guarded run ended. */
export type DeadlineOutcome =
  | { kind: "returned"; value: unknown }
  | { kind: "thrown"; error: unknown }
  | { kind: "timeout" }
  | { kind: "aborted"; reason: unknown };

/**
 * Runs `start` with a signal that fires when the caller's `signal` does or `timeoutMs` passes,
 * and settles as soon as either happens, even when `start` ignores its signal (its late result
 * is dropped). Nothing runs when `signal` is already aborted. `start` gets the signal as a
 * function: most tools never read it, so its AbortController is made only when asked for.
 * With neither a signal nor a timeout, a function that returns a plain value gives its outcome
 * at once, not a promise (the loop then answers its call synchronously).
 */
export function runWithDeadline(
  start: (signalOf: () => AbortSignal) => unknown,
  options: { signal?: AbortSignal; timeoutMs?: number },
): DeadlineOutcome | Promise<DeadlineOutcome> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return { kind: "aborted", reason: signal.reason };
  const limited = timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0;
  return signal === undefined && !limited
    ? runUnbounded(start)
    : runGuarded(start, signal, limited ? timeoutMs : undefined);
}

// A timeout or a caller's signal: one promise, settled by the function, the timer or the signal,
// whichever comes first; the signal's controller only if the function asks for it.
async function runGuarded(
  start: (signalOf: () => AbortSignal) => unknown,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): Promise<DeadlineOutcome> {
  let controller: AbortController | undefined;
  let stop: { outcome: DeadlineOutcome; reason: unknown } | undefined;
  let settle!: (outcome: DeadlineOutcome) => void;
  const settled = new Promise<DeadlineOutcome>((resolve) => (settle = resolve));
  const halt = (outcome: DeadlineOutcome, reason: unknown): void => {
    if (stop !== undefined) return;
    stop = { outcome, reason };
    settle(outcome);
    controller?.abort(reason);
  };
  const signalOf = (): AbortSignal => {
    if (controller === undefined) {
      controller = new AbortController();
      if (stop !== undefined) controller.abort(stop.reason);
    }
    return controller.signal;
  };
  const onCallerAbort = (): void => halt({ kind: "aborted", reason: signal!.reason }, signal!.reason);
  signal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer =
    timeoutMs !== undefined
      ? setTimeout(() => halt({ kind: "timeout" }, new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
      : undefined;
  try {
    let running: Promise<unknown>;
    try {
      running = Promise.resolve(start(signalOf));
    } catch (error) {
      running = Promise.reject(error);
    }
    // A rejection after the deadline (the function gave up on its signal) still counts as the deadline.
    running.then(
      (value) => settle({ kind: "returned", value }),
      (error: unknown) => settle(stop?.outcome ?? { kind: "thrown", error }),
    );
    return await settled;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }
}

// Neither a timeout nor a caller's signal: nothing can stop the call, so no listener, no timer
// and no race; a signal (that never fires) only for a tool that reads it. A function that returns
// a plain value is done when it returns: its outcome is known without a promise.
function runUnbounded(start: (signalOf: () => AbortSignal) => unknown): DeadlineOutcome | Promise<DeadlineOutcome> {
  let controller: AbortController | undefined;
  let value: unknown;
  try {
    value = start(() => (controller ??= new AbortController()).signal);
    if (!isThenable(value)) return { kind: "returned", value };
  } catch (error) {
    return { kind: "thrown", error };
  }
  return Promise.resolve(value).then(
    (settled): DeadlineOutcome => ({ kind: "returned", value: settled }),
    (error: unknown): DeadlineOutcome => ({ kind: "thrown", error }),
  );
}

// What `await` would wait for: an object or function with a `then` method (reading `then` may throw).
function isThenable(value: unknown): boolean {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
