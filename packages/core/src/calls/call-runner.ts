import {
  CANCELLED_BEFORE_RUN_MESSAGE,
  CHANGED_MESSAGE,
  errorResult,
  failCall,
  failRun,
  INTERRUPTED_MESSAGE,
} from "../context/error-result.js";
import { callBinding } from "../context/signing.js";
import type { ToolCall } from "../policy/tool-call.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { Tool } from "../tools/tool.js";
import type { ToolResult } from "../tools/tool-result.js";
import { decideCall } from "./decide-call.js";
import { newCallOf } from "./new-call.js";
import { endOfRun, isSettled, startTool } from "./run-tool.js";
import { resolveRunnerOptions, type CallRunnerOptions, type RunnerSettings } from "./runner-settings.js";
import { limitToolOutput } from "./tool-output-limit.js";

/**
 * Decides and runs tool calls the way a completion does, for the loop and for anything else that
 * receives calls (`@tooltype/mcp` serves a registry with it): finds each call's tool, checks its
 * arguments under the limits (repairing them when asked), asks the policy, records the decision
 * and its binding, runs the allowed calls under the timeout, the signal and the hooks, and
 * answers each call with a result cut to `maxToolOutput`.
 *
 * ```ts
 * const runner = new CallRunner({ registry, policy, repair: true, hooks });
 * const call = runner.newCall("job_1", "getWeather", { city: "Oslo" });
 * await runner.decide([call]);
 * await runner.run([call]); // call.policyResult, call.outcome and call.result say what happened
 * ```
 *
 * `decide` and `run` settle without a promise when nothing had to wait (the policy's rules
 * decided; the tools returned plain values): a round whose calls all do so goes from the reply to
 * the next request without one (`bench/side-by-side.mjs rounds`: 1.14× the floor, against 1.23×
 * when every round went through promises). `await` them either way.
 */
export class CallRunner {
  readonly #settings: RunnerSettings;
  /** Calls decided here and not answered yet: their binding was just recorded from these very objects. */
  readonly #decided = new Set<ToolCall>();

  /** Checks `options` at once (a RangeError or TypeError names a wrong one). */
  constructor(options: CallRunnerOptions) {
    this.#settings = resolveRunnerOptions(options);
  }

  /**
   * A new call of the tool `name` whose input arrived as data rather than in a model's reply (an
   * MCP `tools/call`, a queued job), with no decision yet: `decide` it, then `run` it. A string
   * is a free-text tool's input; an object is a tool's arguments, read under `maxToolInput` and
   * `maxDepth` as an endpoint reads a reply's (too large, too deep, not a JSON object or holding
   * a value JSON cannot carry: `call.argumentError` says why, and `decide` fails the call).
   */
  newCall(id: string, name: string, input: string | Readonly<Record<string, unknown>> | undefined): ToolCall {
    return newCallOf(id, name, input, this.#settings);
  }

  /**
   * Decides each call, in order (an evaluator sees the decisions before its call's), and records
   * on it the decision (`policyResult`) and its binding, with a `decision` event. `round` is
   * reported with the events; `strict` says whether the model was sent the tools strict (repair
   * then restores omitted optionals). Nothing is answered or run here.
   */
  decide(calls: readonly ToolCall[], round = 0, strict = false): Promise<void> | undefined {
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const deciding = decideCall(call, this.#settings, strict);
      if (deciding !== undefined) return this.#decideFrom(calls, i, deciding, round, strict);
      this.#recordDecision(call, round);
    }
    return undefined;
  }

  // From the first call an evaluator decides (its decision pending as `deciding`) to the end, in order.
  async #decideFrom(
    calls: readonly ToolCall[],
    from: number,
    deciding: Promise<void>,
    round: number,
    strict: boolean,
  ): Promise<void> {
    await deciding;
    this.#recordDecision(calls[from]!, round);
    for (let i = from + 1; i < calls.length; i++) {
      const call = calls[i]!;
      await decideCall(call, this.#settings, strict);
      this.#recordDecision(call, round);
    }
  }

  #recordDecision(call: ToolCall, round: number): void {
    // A call that failed here is answered as Failed and never runs: there is no decision to bind
    // it to, and hashing arguments refused for their size would scan them once more.
    if (call.policyResult?.status !== ToolPolicyStatus.Failed) call.binding = callBinding(call);
    this.#decided.add(call);
    this.#settings.emit?.({ type: "decision", round, call });
  }

  /**
   * Answers the calls in order: an Allowed one runs (up to `concurrency` at once, started in
   * order, each answered as it finishes), a Failed one gets its error, a call that was running
   * when its conversation was stored is answered as `interrupted`, and with `answerDenied` a
   * Denied one is told it was not run. Pending and undecided calls, and calls with a result, are
   * left alone. Before it runs, a call decided elsewhere (approved later, restored) is checked
   * against its binding (changed since: it fails), and marked started. Once the signal fires,
   * allowed calls not started yet are answered as cancelled.
   */
  run(calls: readonly ToolCall[], round = 0, answerDenied = false): Promise<void> | undefined {
    let next = 0;
    const workers = Math.min(this.#settings.concurrency, calls.length);
    if (workers <= 1) {
      // Calls from `next` on, until one runs in the background: its promise goes on from there.
      const runFromNext = (): Promise<void> | undefined => {
        while (next < calls.length) {
          const call = calls[next++]!;
          const running = this.#readyToRun(call, round, answerDenied) ? this.#runOne(call, round, false) : undefined;
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
        if (this.#readyToRun(call, round, answerDenied)) await this.#runOne(call, round, true);
      }
    };
    return Promise.all(Array.from({ length: workers }, worker)).then(() => undefined);
  }

  // Answers a call that is settled without running; true when it is Allowed and runs now.
  #readyToRun(call: ToolCall, round: number, answerDenied: boolean): boolean {
    const status = call.policyResult?.status;
    if (call.result !== undefined) return false;
    if (call.started) this.#answer(call, failRun(call, "interrupted", INTERRUPTED_MESSAGE), round);
    else if (status === ToolPolicyStatus.Failed) this.#answer(call, errorResult(call.policyResult!.message), round);
    else if (status === ToolPolicyStatus.Denied && answerDenied)
      this.#answer(call, errorResult(`The call was not run: ${call.policyResult!.message}`), round);
    else if (status !== ToolPolicyStatus.Allowed) return false;
    else if (this.#settings.signal?.aborted)
      this.#answer(call, failRun(call, "cancelled", CANCELLED_BEFORE_RUN_MESSAGE), round);
    else return true;
    return false;
  }

  // `alwaysAsync`: answer even a tool that returned a plain value through a promise, so other workers start first.
  #runOne(call: ToolCall, round: number, alwaysAsync: boolean): Promise<void> | undefined {
    const tool = this.#settings.registry.find(call.name);
    if (!this.#decided.has(call) && call.binding !== callBinding(call))
      this.#answer(call, failCall(call, CHANGED_MESSAGE), round);
    else if (tool === undefined)
      this.#answer(call, failRun(call, "failed", `No tool named "${call.name}" is registered any more.`), round);
    else return this.#startInHooks(call, tool, round, alwaysAsync);
    return undefined;
  }

  #startInHooks(call: ToolCall, tool: Tool, round: number, alwaysAsync: boolean): Promise<void> | undefined {
    const hooks = this.#settings.hooks;
    // A hook's wrapper is awaited whatever it returns.
    if (hooks?.tool)
      return Promise.resolve(hooks.tool(call, async () => this.#runTool(call, tool, round, alwaysAsync)));
    return this.#runTool(call, tool, round, alwaysAsync);
  }

  // From the call's `tool-start` to its `tool-result`: the part a hook may run inside its own scope.
  #runTool(call: ToolCall, tool: Tool, round: number, alwaysAsync: boolean): Promise<void> | undefined {
    const outcome = startTool(call, tool, this.#settings, round);
    if (alwaysAsync || !isSettled(outcome))
      return Promise.resolve(outcome).then((settled) => this.#answer(call, endOfRun(call, tool, settled), round));
    this.#answer(call, endOfRun(call, tool, outcome), round);
    return undefined;
  }

  #answer(call: ToolCall, result: ToolResult, round: number): void {
    this.#decided.delete(call);
    this.#settings.answer(call, limitToolOutput(result, this.#settings.maxToolOutput));
    this.#settings.emit?.({ type: "tool-result", round, call });
  }
}
