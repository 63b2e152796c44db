import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { CallOutcomeStatus } from "../policy/call-outcome.js";
import { CANCELLED_BEFORE_RUN_MESSAGE, INTERRUPTED_MESSAGE } from "./error-result.js";
import type { ToolCall } from "../policy/tool-call.js";

// Contexts stored before `call.outcome` existed (same format version) recorded a failed run as the
// decision: `policyResult` Failed over the Allowed one. Read back, such a call gets today's shape.

/** The decision of a call read from such a context: its own message was not kept. */
export const ALLOWED_BEFORE_OUTCOMES =
  "Allowed (stored by a version that kept how the run ended in policyResult; see outcome).";

const timedOut = /^Tool \S+ timed out after \d+ ms\.$/;
const cancelled = /^Tool \S+ was cancelled\.$/;
const unregistered = /^No tool named ".*" is registered any more\.$/s;

/** How the run ended, when a Failed decision stored this way was really a run's end. */
function runEnd(call: ToolCall, message: string): CallOutcomeStatus | undefined {
  if (message === INTERRUPTED_MESSAGE) return "interrupted";
  if (message === CANCELLED_BEFORE_RUN_MESSAGE) return "cancelled";
  if (!call.started) return unregistered.test(message) ? "failed" : undefined; // else a decision that failed
  if (timedOut.test(message)) return "timedOut";
  if (cancelled.test(message)) return "cancelled";
  return "failed"; // marked started before it ran: the tool threw, or its result could not be converted
}

/** Moves a run's end recorded as a Failed decision (an earlier version's stored context) into `outcome`. */
export function separateEarlierRunFailure(call: ToolCall): void {
  const decided = call.policyResult;
  if (call.outcome !== undefined || decided?.status !== ToolPolicyStatus.Failed) return;
  const status = runEnd(call, decided.message);
  if (status === undefined) return;
  call.outcome = { status, message: decided.message };
  call.policyResult = { status: ToolPolicyStatus.Allowed, message: ALLOWED_BEFORE_OUTCOMES };
}
