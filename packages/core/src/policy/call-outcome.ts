/**
 * How an allowed call's run ended when the tool did not return (`call.outcome`):
 * - `failed`: the tool threw, its arguments no longer passed (its schema changed since the
 *   decision), its result could not be sent as JSON, or it was no longer registered;
 * - `timedOut`: it ran past its timeout;
 * - `cancelled`: the completion was aborted before it started or while it ran;
 * - `interrupted`: it was running when the conversation was stored; it is never run again.
 */
export type CallOutcomeStatus = "failed" | "timedOut" | "cancelled" | "interrupted";

/**
 * The run's outcome, beside the decision (`call.policyResult`, which stays `Allowed`). Absent while
 * the call has not run, and when the tool returned: its result (`call.result`) may still be an
 * error the tool returned itself (`toolError(…)`).
 */
export interface CallOutcome {
  /** How the run ended. */
  status: CallOutcomeStatus;
  /** Why, in words for the application (the model read the same in the call's error result). */
  message: string;
}

const statuses = new Set<unknown>(["failed", "timedOut", "cancelled", "interrupted"] satisfies CallOutcomeStatus[]);

/** True when `value` is one of the outcome statuses (for stored contexts, which arrive untyped). */
export function isCallOutcomeStatus(value: unknown): value is CallOutcomeStatus {
  return statuses.has(value);
}
