import { errorResult } from "../context/error-result.js";
import { callBinding } from "../context/signing.js";
import type { ToolCall } from "../context/tool-call.js";
import type { JSONObject } from "../json.js";
import type { ToolPolicy } from "../policy/tool-policy.js";
import { ToolPolicyStatus, type PolicyResult } from "../policy/tool-policy-status.js";
import { formatArgumentIssues } from "../schema/argument-issues.js";
import { repairArguments } from "../schema/repair.js";
import { restoreOmittedArguments } from "../schema/strict-schema-nulls.js";
import { toStrictSchema } from "../schema/strict-schema.js";
import type { Tool } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ToolResult } from "../tools/tool-result.js";
import type { LoopEventListener } from "./loop-event.js";

/** What deciding a batch needs. */
export interface DecisionScope {
  registry: ToolRegistry;
  /** Names offered this time, when `options.tools` restricted them. */
  offered: ReadonlySet<string> | undefined;
  policy: ToolPolicy;
  repair: boolean;
  maxToolInput: number;
  /** Whether the model config sends tools strict (tools may override). */
  strict: boolean;
  /** Manual mode (`maxToolRounds` 0): no evaluation, every call comes back Pending. */
  manual: boolean;
  round: number;
  emit: LoopEventListener;
}

/** What deciding a batch found. */
export interface Decisions {
  /** The calls that failed before running, with the error results to answer them with. */
  failures: Map<ToolCall, ToolResult>;
  /**
   * Every call decided here. Its binding was just recorded from these objects in this process,
   * so running it in the same round needs no second hash; a call decided earlier (approved,
   * restored from a store) is checked against its binding before it runs.
   */
  decided: Set<ToolCall>;
}

/** A call that failed before the policy saw it: recorded, with the result to answer it with. */
function failed(call: ToolCall, message: string): ToolResult {
  call.policyResult = { status: ToolPolicyStatus.Failed, message };
  return errorResult(message);
}

/**
 * Decides every call of a batch (in the model's order; async evaluators run one after another,
 * so an evaluator sees decisions in order). Sets `policyResult` and the binding on each call, and
 * returns the calls that failed before running, with their error results (answered by the caller).
 */
export async function decideCalls(calls: readonly ToolCall[], scope: DecisionScope): Promise<Decisions> {
  const failures = new Map<ToolCall, ToolResult>();
  const decided = new Set<ToolCall>();
  for (const call of calls) {
    const failure = scope.manual ? manual(call) : await decide(call, scope);
    call.binding = callBinding(call);
    decided.add(call);
    if (failure !== undefined) failures.set(call, failure);
    scope.emit({ type: "decision", round: scope.round, call });
  }
  return { failures, decided };
}

function manual(call: ToolCall): undefined {
  call.policyResult = { status: ToolPolicyStatus.Pending, message: "Manual mode (maxToolRounds 0): approve the call to run it, or answer it with ctx.tool(callId, output)." };
  return undefined;
}

async function decide(call: ToolCall, scope: DecisionScope): Promise<ToolResult | undefined> {
  const tool = scope.registry.find(call.name);
  if (tool === undefined || (scope.offered !== undefined && !scope.offered.has(call.name))) {
    const result = await scope.policy.evaluate(undefined, call);
    const names = scope.offered !== undefined ? [...scope.offered] : scope.registry.list().map((t) => t.name);
    return failed(call, `${result.message} Available tools: ${names.length > 0 ? names.join(", ") : "none"}.`);
  }
  if ((call.type === "custom") !== tool.custom) {
    return failed(call, tool.custom ? `${tool.name} takes free text, not JSON arguments.` : `${tool.name} takes JSON arguments, not free text.`);
  }
  const problem = tool.custom ? textProblem(tool, call) : argumentProblem(tool, call, scope);
  if (problem !== undefined) return failed(call, problem);
  const decision: PolicyResult = await scope.policy.evaluate(tool, call);
  call.policyResult = decision.status === ToolPolicyStatus.None ? { status: ToolPolicyStatus.Pending, message: decision.message } : decision;
  return call.policyResult.status === ToolPolicyStatus.Failed ? errorResult(call.policyResult.message) : undefined;
}

function textProblem(tool: Tool, call: ToolCall): string | undefined {
  const issues = tool.validate(call.rawArguments);
  return issues.length === 0 ? undefined : formatArgumentIssues(tool.name, issues);
}

/** Why the arguments cannot be used (after repair, when asked), or undefined when they can. */
function argumentProblem(tool: Tool, call: ToolCall, scope: DecisionScope): string | undefined {
  const issues = call.arguments === null ? undefined : tool.validate(call.arguments);
  if (issues !== undefined && issues.length === 0) return undefined;
  if (scope.repair) {
    const strict = (tool.strict ?? scope.strict) ? toStrictSchema(tool.schema) : undefined;
    const prepare = (args: JSONObject) => (strict?.strict ? restoreOmittedArguments(args, strict) : args);
    const repaired = repairArguments(call, tool.schema, (args) => tool.validate(prepare(args)).length === 0, scope.maxToolInput);
    if (repaired !== undefined) {
      call.arguments = prepare(repaired.arguments);
      call.repaired = repaired.repaired;
      delete call.argumentError;
      return undefined;
    }
  }
  if (issues === undefined) return call.argumentError ?? `The arguments of ${tool.name} could not be read. Send one JSON object.`;
  return formatArgumentIssues(tool.name, issues);
}
