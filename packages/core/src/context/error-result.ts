import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { errorOutput } from "../tools/result-conversion.js";
import type { ToolResult } from "../tools/tool-result.js";
import type { CallOutcomeStatus } from "../policy/call-outcome.js";
import type { ToolCall } from "../policy/tool-call.js";

/** An error result the model can read: `{"error": message}` (the same shape a throwing tool gives). */
export function errorResult(message: string): ToolResult {
  return { output: errorOutput(message), isError: true };
}

/** Records `Failed` with `message` as the decision on a call that cannot run, and returns the error result to answer it with. */
export function failCall(call: ToolCall, message: string): ToolResult {
  call.policyResult = { status: ToolPolicyStatus.Failed, message };
  return errorResult(message);
}

/** Records how an allowed call's run ended (its decision stays), and returns the error result to answer it with. */
export function failRun(call: ToolCall, status: CallOutcomeStatus, message: string): ToolResult {
  call.outcome = { status, message };
  return errorResult(message);
}

/** Why a call marked started but never answered (stored while it ran) is not run again. */
export const INTERRUPTED_MESSAGE =
  "Interrupted: the call was running when the conversation was stored; it is not run again.";

/** Why a call whose binding no longer matches is not run. */
export const CHANGED_MESSAGE = "The call's name or arguments changed after the decision was recorded; it was not run.";

/** Why an allowed call that had not started when the completion was aborted did not run. */
export const CANCELLED_BEFORE_RUN_MESSAGE = "Cancelled before it ran: the completion was aborted.";
