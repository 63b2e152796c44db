/** The outcome of asking a policy about one tool call. */
export enum ToolPolicyStatus {
  /** The call may run (it ran: it succeeded or errored). */
  Allowed = "allowed",
  /** The policy refused it; the model is told, nothing ran. */
  Denied = "denied",
  /** Waiting for the application (an approval); nothing ran yet. */
  Pending = "pending",
  /** It could not run: unknown tool, invalid arguments, conversion failure, thrown error, timeout. */
  Failed = "failed",
  /** The policy has no opinion (no rule, no evaluator): the loop reports it as Pending. */
  None = "none",
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
