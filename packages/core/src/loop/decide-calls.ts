import { errorResult, failCall as failed } from "../context/error-result.js";
import { callBinding } from "../context/signing.js";
import type { ToolCall } from "../context/tool-call.js";
import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import type { JSONObject } from "../json.js";
import { decideByRules, type ToolPolicy } from "../policy/tool-policy.js";
import { ToolPolicyStatus, type PolicyResult } from "../policy/tool-policy-status.js";
import { formatArgumentIssues } from "../schema/argument-issues.js";
import { repairArguments } from "../schema/repair.js";
import { restoreOmittedArguments } from "../schema/strict-schema-nulls.js";
import { toStrictSchema } from "../schema/strict-schema.js";
import { prepareArguments } from "../tools/prepare-arguments.js";
import { Tool } from "../tools/tool.js";
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
  /** Input limits of the run: arguments are prepared under them once, here, for the decision and the run. */
  maxToolInput: number;
  maxDepth: number;
  /** Whether the model config sends tools strict (tools may override). */
  strict: boolean;
  /** Manual mode (`maxToolRounds` 0): no evaluation, every call comes back Pending. */
  manual: boolean;
  round: number;
  emit: LoopEventListener | undefined;
}

/** Arguments a tool accepted at the decision (checked, copied, converted), kept to run the call with. */
export interface PreparedCall {
  tool: Tool;
  /** The tool's revision then: a tool replaced or changed since gets the arguments prepared again. */
  revision: number;
  value: JSONObject | string;
}

/** What deciding a batch found. */
export interface Decisions {
  /** The calls that failed before running, with the error results to answer them with. */
  failures: Map<ToolCall, ToolResult>;
  /**
   * Every call decided here, with its prepared arguments when they were accepted as they are.
   * Its binding was just recorded from these objects in this process, so running it in the same
   * round needs no second hash; a call decided earlier (approved, restored from a stored context) is
   * checked against its binding before it runs.
   */
  decided: Map<ToolCall, PreparedCall | undefined>;
}

/**
 * Decides every call of a batch (in the model's order; async evaluators run one after another,
 * so an evaluator sees decisions in order). Sets `policyResult` on each call and the binding on each
 * one that may run or wait (Allowed, Pending, Denied), and
 * returns the calls that failed before running, with their error results (answered by the caller).
 * A batch the policy's rules decide (no evaluator asked) is decided without a promise.
 */
export function decideCalls(calls: readonly ToolCall[], scope: DecisionScope): Decisions | Promise<Decisions> {
  const decisions: Decisions = { failures: new Map(), decided: new Map() };
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const deciding = startDecision(call, scope, decisions);
    if (deciding instanceof Promise) return decideRest(calls, i, deciding, scope, decisions);
    recordDecision(call, deciding, scope, decisions);
  }
  return decisions;
}

// From the first call an evaluator decides (its decision pending as `deciding`) to the end, in order.
async function decideRest(
  calls: readonly ToolCall[],
  from: number,
  deciding: Promise<ToolResult | undefined>,
  scope: DecisionScope,
  decisions: Decisions,
): Promise<Decisions> {
  recordDecision(calls[from]!, await deciding, scope, decisions);
  for (let i = from + 1; i < calls.length; i++) {
    const call = calls[i]!;
    const next = startDecision(call, scope, decisions);
    recordDecision(call, next instanceof Promise ? await next : next, scope, decisions);
  }
  return decisions;
}

function startDecision(
  call: ToolCall,
  scope: DecisionScope,
  decisions: Decisions,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  decisions.decided.set(call, undefined);
  return scope.manual ? manual(call) : decide(call, scope, decisions.decided);
}

function recordDecision(
  call: ToolCall,
  failure: ToolResult | undefined,
  scope: DecisionScope,
  decisions: Decisions,
): void {
  // A call that failed here is answered as Failed and never runs: there is no decision to bind
  // it to, and hashing arguments refused for their size would scan them once more.
  if (failure !== undefined) decisions.failures.set(call, failure);
  else call.binding = callBinding(call);
  scope.emit?.({ type: "decision", round: scope.round, call });
}

function manual(call: ToolCall): undefined {
  call.policyResult = {
    status: ToolPolicyStatus.Pending,
    message: "Manual mode (maxToolRounds 0): approve the call to run it, or answer it with ctx.tool(callId, output).",
  };
  return undefined;
}

function decide(
  call: ToolCall,
  scope: DecisionScope,
  decided: Map<ToolCall, PreparedCall | undefined>,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  const tool = scope.registry.find(call.name);
  if (tool === undefined || (scope.offered !== undefined && !scope.offered.has(call.name)))
    return unknownTool(call, scope);
  // The same text, but the registry's copy: a long conversation keeps one name string per tool, not one per call.
  if (tool.name === call.name) call.name = tool.name;
  if ((call.type === "custom") !== tool.custom) {
    return failed(
      call,
      tool.custom
        ? `${tool.name} takes free text, not JSON arguments.`
        : `${tool.name} takes JSON arguments, not free text.`,
    );
  }
  const checked = tool.custom ? checkText(tool, call, scope) : checkArguments(tool, call, scope);
  if (typeof checked === "string") return failed(call, checked);
  if (checked !== undefined) decided.set(call, checked);
  const ruled = decideByRules(scope.policy, call);
  return ruled !== undefined ? record(call, ruled) : scope.policy.evaluate(tool, call).then((d) => record(call, d));
}

async function unknownTool(call: ToolCall, scope: DecisionScope): Promise<ToolResult> {
  const result = await scope.policy.evaluate(undefined, call);
  const names = scope.offered !== undefined ? [...scope.offered] : scope.registry.list().map((t) => t.name);
  return failed(call, `${result.message} Available tools: ${names.length > 0 ? names.join(", ") : "none"}.`);
}

function record(call: ToolCall, decision: PolicyResult): ToolResult | undefined {
  call.policyResult =
    decision.status === ToolPolicyStatus.None
      ? { status: ToolPolicyStatus.Pending, message: decision.message }
      : decision;
  return call.policyResult.status === ToolPolicyStatus.Failed ? errorResult(call.policyResult.message) : undefined;
}

// A subclass that overrides validate or execute keeps being asked: nothing is prepared for it here.
const preparesOwnArguments = (tool: Tool) =>
  tool.validate === Tool.prototype.validate && tool.execute === Tool.prototype.execute;

/** The prepared text of a free-text call, or why it cannot be used. */
function checkText(tool: Tool, call: ToolCall, scope: DecisionScope): PreparedCall | string | undefined {
  if (!preparesOwnArguments(tool)) {
    const issues = tool.validate(call.rawArguments);
    return issues.length === 0 ? undefined : formatArgumentIssues(tool.name, issues);
  }
  const prepared = prepareArguments(tool, call.rawArguments, scope);
  return prepared.ok
    ? { tool, revision: tool.revision, value: prepared.value }
    : formatArgumentIssues(tool.name, prepared.issues);
}

/**
 * The prepared arguments (when accepted as they are), or why they cannot be used; undefined when
 * they are usable but must be prepared at the run (repaired, or a tool that prepares its own).
 */
function checkArguments(tool: Tool, call: ToolCall, scope: DecisionScope): PreparedCall | string | undefined {
  let issues: ArgumentIssue[] | undefined;
  if (call.arguments !== null) {
    if (preparesOwnArguments(tool)) {
      const prepared = prepareArguments(tool, call.arguments, scope);
      if (prepared.ok) return { tool, revision: tool.revision, value: prepared.value };
      issues = prepared.issues;
    } else {
      issues = tool.validate(call.arguments);
      if (issues.length === 0) return undefined;
    }
  }
  if (scope.repair) {
    const strict = (tool.strict ?? scope.strict) ? toStrictSchema(tool.schema) : undefined;
    const prepare = (args: JSONObject) => (strict?.strict ? restoreOmittedArguments(args, strict) : args);
    const repaired = repairArguments(call, tool.schema, (args) => tool.validate(prepare(args)).length === 0, {
      toolName: tool.name,
      maxInputBytes: scope.maxToolInput,
      maxDepth: scope.maxDepth,
    });
    if (repaired !== undefined) {
      call.arguments = prepare(repaired.arguments);
      call.repaired = repaired.repaired;
      delete call.argumentError;
      return undefined;
    }
  }
  if (issues === undefined)
    return call.argumentError ?? `The arguments of ${tool.name} could not be read. Send one JSON object.`;
  return formatArgumentIssues(tool.name, issues);
}
