import { callBinding } from "../context/signing.js";
import type { ToolCall } from "../policy/tool-call.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { LoopEventListener } from "./loop-event.js";

const MANUAL_MESSAGE =
  "Manual mode (maxToolRounds 0): approve the call to run it, or answer it with ctx.tool(callId, output).";

/**
 * Manual mode (`maxToolRounds` 0): every call comes back Pending, nothing looked up or evaluated
 * (docs/manual-execution.md). The binding is recorded as for any decision, so an approval later
 * is bound to these arguments.
 */
export function decideManually(
  calls: readonly ToolCall[],
  round: number,
  emit: LoopEventListener | undefined,
): undefined {
  for (const call of calls) {
    call.policyResult = { status: ToolPolicyStatus.Pending, message: MANUAL_MESSAGE };
    call.binding = callBinding(call);
    emit?.({ type: "decision", round, call });
  }
  return undefined;
}
