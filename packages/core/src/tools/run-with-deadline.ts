/** How a guarded run ended. */
export type DeadlineOutcome =
  | { kind: "returned"; value: unknown }
  | { kind: "thrown"; error: unknown }
  | { kind: "timeout" }
  | { kind: "aborted"; reason: unknown };

/**
 * Runs `start` with a signal that fires when the caller's `signal` does or `timeoutMs` passes,
 * and settles as soon as either happens, even when `start` ignores its signal (its late result
 * is dropped). Nothing runs when `signal` is already aborted.
 */
export async function runWithDeadline(
  start: (signal: AbortSignal) => unknown,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<DeadlineOutcome> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return { kind: "aborted", reason: signal.reason };
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer =
    timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`timed out after ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;
  const stopped = new Promise<DeadlineOutcome>((resolve) => {
    controller.signal.addEventListener("abort", () => resolve(timedOut ? { kind: "timeout" } : { kind: "aborted", reason: controller.signal.reason }), {
      once: true,
    });
  });
  let running: Promise<unknown>;
  try {
    running = Promise.resolve(start(controller.signal));
  } catch (error) {
    running = Promise.reject(error);
  }
  // A function that ignored the signal may still reject later: nobody is waiting for it then.
  running.catch(() => undefined);
  const finished = running.then(
    (value): DeadlineOutcome => ({ kind: "returned", value }),
    (error: unknown): DeadlineOutcome => ({ kind: "thrown", error }),
  );
  try {
    const outcome = await Promise.race([finished, stopped]);
    if (outcome.kind === "thrown" && controller.signal.aborted) {
      return timedOut ? { kind: "timeout" } : { kind: "aborted", reason: controller.signal.reason };
    }
    return outcome;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }
}
