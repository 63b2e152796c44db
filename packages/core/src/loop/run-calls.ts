import type { Context } from "../context/context.js";
import type { ContextInternals } from "../context/context-internals.js";
import { CHANGED_MESSAGE, failCall } from "../context/error-result.js";
import { callBinding } from "../context/signing.js";
import type { ToolCall } from "../context/tool-call.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ToolResult } from "../tools/tool-result.js";
import { runPreparedCall, type Tool } from "../tools/tool.js";
import type { ToolExecuteOptions, ToolOutcome } from "../tools/tool-types.js";
import type { ResolvedOptions } from "./completion-options.js";
import type { PreparedCall } from "./decide-calls.js";
import type { LoopEventListener } from "./loop-event.js";
import { limitToolOutput } from "./tool-output-limit.js";

/** What running calls needs. */
export interface RunScope {
  context: Context;
  inside: ContextInternals;
  registry: ToolRegistry;
  options: ResolvedOptions;
  round: number;
  emit: LoopEventListener | undefined;
  /** Calls decided in this batch, moments ago (their binding needs no second hash), with their prepared arguments. */
  decided: ReadonlyMap<ToolCall, PreparedCall | undefined>;
}

/** Records a failure on a call and answers it. */
function answerFailed(scope: RunScope, call: ToolCall, message: string): void {
  answer(scope, call, failCall(call, message));
}

function answer(scope: RunScope, call: ToolCall, result: ToolResult): void {
  scope.inside.answer(call, limitToolOutput(result, scope.options.maxToolOutput));
  scope.emit?.({ type: "tool-result", round: scope.round, call });
}

/**
 * Answers a batch in the model's order: a call with a ready answer in `answers` (failed before
 * running, denied) gets it, an Allowed call runs, any other (Pending) is left waiting. Up to
 * `options.concurrency` tools run at once, started in order, each answered as it finishes. A call
 * decided earlier (approved, restored) is checked against its binding (changed since its
 * decision: it fails); every call is marked started before it runs. Once the signal fires,
 * calls not started yet are answered as Failed ("cancelled"). One at a time, a batch whose tools
 * return plain values is answered without a promise (undefined).
 */
export function answerCalls(
  calls: readonly ToolCall[],
  answers: ReadonlyMap<ToolCall, ToolResult>,
  scope: RunScope,
): Promise<void> | undefined {
  let next = 0;
  const workers = Math.min(scope.options.concurrency, calls.length);
  if (workers <= 0) return undefined;
  if (workers === 1) {
    // Calls from `next` on, until one runs in the background: its promise goes on from there.
    const runFromNext = (): Promise<void> | undefined => {
      while (next < calls.length) {
        const call = calls[next++]!;
        const running = readyToRun(call, answers, scope) ? runOne(call, scope, false) : undefined;
        if (running !== undefined) return running.then(runFromNext);
      }
      return undefined;
    };
    return runFromNext();
  }
  // Several at once: a worker yields (a microtask) after starting each tool, so the next worker starts its own.
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const call = calls[next++]!;
      if (readyToRun(call, answers, scope)) await runOne(call, scope, true);
    }
  };
  return Promise.all(Array.from({ length: workers }, worker)).then(() => undefined);
}

// Answers a call that has its answer (ready, or cancelled); true when it is Allowed and runs now.
function readyToRun(call: ToolCall, answers: ReadonlyMap<ToolCall, ToolResult>, scope: RunScope): boolean {
  const ready = answers.get(call);
  if (call.result !== undefined) return false;
  if (ready !== undefined) answer(scope, call, ready);
  else if (call.policyResult?.status !== ToolPolicyStatus.Allowed) return false;
  else if (scope.options.signal?.aborted)
    answerFailed(scope, call, "Cancelled before it ran: the completion was aborted.");
  else return true;
  return false;
}

// `alwaysAsync`: answer even a tool that returned a plain value through a promise, so other workers start first.
function runOne(call: ToolCall, scope: RunScope, alwaysAsync: boolean): Promise<void> | undefined {
  if (!scope.decided.has(call) && call.binding !== callBinding(call)) {
    answerFailed(scope, call, CHANGED_MESSAGE);
    return undefined;
  }
  const tool = scope.registry.find(call.name);
  if (tool === undefined) {
    answerFailed(scope, call, `No tool named "${call.name}" is registered any more.`);
    return undefined;
  }
  const hooks = scope.options.hooks;
  // A hook's wrapper is awaited whatever it returns, as before.
  if (hooks?.tool) return Promise.resolve(hooks.tool(call, async () => runTool(call, tool, scope, alwaysAsync)));
  return runTool(call, tool, scope, alwaysAsync);
}

// From the call's `tool-start` to its `tool-result`: the part a hook may run inside its own scope.
function runTool(call: ToolCall, tool: Tool, scope: RunScope, alwaysAsync: boolean): Promise<void> | undefined {
  const { options } = scope;
  call.started = true;
  scope.emit?.({ type: "tool-start", round: scope.round, call });
  // An absent signal or timeout is the same as an undefined one to execute: no spreads needed.
  const execution: ToolExecuteOptions = {
    callId: call.id,
    signal: options.signal,
    timeoutMs: options.toolTimeoutMs,
    toolContext: options.toolContext,
    context: scope.context,
    maxToolInput: options.maxToolInput,
    maxDepth: options.maxDepth,
  };
  // Arguments prepared at the decision, for this very tool, run as they are: no second preparation.
  const prepared = scope.decided.get(call);
  const outcome =
    prepared !== undefined && prepared.tool === tool && prepared.revision === tool.revision
      ? runPreparedCall(tool, prepared.value, execution)
      : tool.execute(call.type === "custom" ? call.rawArguments : call.arguments, execution);
  // A subclass's `execute`/`executePrepared` may hand back another promise-like: only a known outcome is finished here.
  if (!alwaysAsync && !(outcome instanceof Promise) && typeof (outcome as { then?: unknown }).then !== "function")
    return finish(call, tool, scope, outcome as ToolOutcome);
  return Promise.resolve(outcome).then((settled) => finish(call, tool, scope, settled));
}

function finish(call: ToolCall, tool: Tool, scope: RunScope, outcome: ToolOutcome): undefined {
  if (outcome.failure !== undefined) {
    call.policyResult = {
      status: ToolPolicyStatus.Failed,
      message: outcome.message ?? `${tool.name} failed (${outcome.failure}).`,
    };
  }
  answer(scope, call, outcome.result);
  return undefined;
}
