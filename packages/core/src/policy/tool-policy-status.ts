/**
 * The decision on one tool call (`call.policyResult.status`). How an allowed call's run ended
 * (thrown, timed out, cancelled, interrupted) is not a decision: it is `call.outcome`.
 */
export enum ToolPolicyStatus {
  /** The call may run (allowed by a rule, the evaluator or the application); see `call.outcome` for how its run went. */
  Allowed = "allowed",
  /** The policy or the application refused it; the model is told, nothing ran. */
  Denied = "denied",
  /** Waiting for the application (an approval), also when no rule and no evaluator covers the call; nothing ran yet. */
  Pending = "pending",
  /** It cannot run at all: unknown tool, unusable arguments, failed by the evaluator, changed after its decision, part of a cut reply. */
  Failed = "failed",
}

/** The decision recorded on a call (`call.policyResult`). */
export interface PolicyResult {
  /** What was decided. */
  status: ToolPolicyStatus;
  /** Why, in words for the application and the model. */
  message: string;
}

const statuses = new Set<unknown>(Object.values(ToolPolicyStatus));

/** True when `value` is one of the statuses (for decisions and stored contexts that arrive untyped). */
export function isToolPolicyStatus(value: unknown): value is ToolPolicyStatus {
  return statuses.has(value);
}
