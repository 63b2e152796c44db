import type { CallOutcomeStatus } from "../policy/call-outcome.js";
import type { ToolCall } from "../policy/tool-call.js";
import { executeNow, type Tool } from "../tools/tool.js";
import type { ToolResult } from "../tools/tool-result.js";
import type { ToolExecuteOptions, ToolFailure, ToolOutcome } from "../tools/tool-types.js";
import type { RunnerSettings } from "./runner-settings.js";

/**
 * Starts an allowed call's tool: marks the call started, reports `tool-start`, and runs the tool
 * under the settings' signal, timeout and limits. The outcome comes without a promise when the
 * tool returned a plain value (a subclass's own `execute` may hand back any promise-like).
 */
export function startTool(
  call: ToolCall,
  tool: Tool,
  settings: RunnerSettings,
  round: number,
): ToolOutcome | PromiseLike<ToolOutcome> {
  call.started = true;
  settings.emit?.({ type: "tool-start", round, call });
  // An absent signal or timeout is the same as an undefined one to execute: no spreads needed.
  const execution: ToolExecuteOptions = {
    callId: call.id,
    signal: settings.signal,
    timeoutMs: settings.toolTimeoutMs,
    toolContext: settings.toolContext,
    context: settings.context,
    maxToolInput: settings.maxToolInput,
    maxDepth: settings.maxDepth,
  };
  return executeNow(tool, call.type === "custom" ? call.rawArguments : call.arguments, execution);
}

/** True when `outcome` is the outcome itself, not a promise of it. */
export function isSettled(outcome: ToolOutcome | PromiseLike<ToolOutcome>): outcome is ToolOutcome {
  return !(outcome instanceof Promise) && typeof (outcome as { then?: unknown }).then !== "function";
}

const outcomeStatus: Record<ToolFailure, CallOutcomeStatus> = {
  arguments: "failed",
  input: "failed",
  conversion: "failed",
  thrown: "failed",
  timeout: "timedOut",
  aborted: "cancelled",
};

/** Records how the run ended when the tool did not return (`call.outcome`; the decision stays), and gives the result to answer with. */
export function endOfRun(call: ToolCall, tool: Tool, outcome: ToolOutcome): ToolResult {
  if (outcome.failure !== undefined) {
    const message = outcome.message ?? `${tool.name} failed (${outcome.failure}).`;
    call.outcome = { status: outcomeStatus[outcome.failure], message };
  }
  return outcome.result;
}
