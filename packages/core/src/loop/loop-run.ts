import { CallRunner } from "../calls/call-runner.js";
import { ContextError } from "../context/context-errors.js";
import type { Context } from "../context/context.js";
import { contextInternals, type ContextInternals } from "../context/context-internals.js";
import { failCall } from "../context/error-result.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { CompletionChoice, EndpointReply, ModelEndpoint, Usage } from "../endpoints/model-endpoint.js";
import { AbortedError } from "../errors/aborted-error.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { assistantMessageOf } from "./assistant-message.js";
import type { Completion, StopReason } from "./completion.js";
import type { ResolvedOptions } from "./completion-options.js";
import { emitter, type LoopEventListener } from "./loop-event.js";
import { decideManually } from "./manual-mode.js";
import { checkOutput, choiceOutput, outputFailure, retryMessage } from "./output.js";
import { endMessages, endReason, lastAssistantChoice, uniqueIds } from "./reply-end.js";
import { RoundRequests } from "./round-request.js";
import { targetOf } from "./target.js";

type Stop = StopReason | undefined;

/**
 * One run of the tool loop over a context (docs/round-limits.md): answer what the application
 * decided since last time, then round after round send the conversation (`RoundRequests`), append
 * the reply, and let the `CallRunner` decide, run and answer its calls, until the model is done,
 * a call needs attention, or the round limit is reached.
 *
 * The rounds settle without a promise while nothing waits (the rules decide, the tools return
 * plain values): `#round` hands back the stop reason itself then. Making every round a promise
 * cost 1.14× → 1.23× the floor in `bench/side-by-side.mjs rounds` (6 passes, same run).
 */
export class LoopRun {
  readonly #inside: ContextInternals;
  readonly #emit: LoopEventListener | undefined;
  readonly #requests: RoundRequests;
  readonly #runner: CallRunner;
  #rounds = 0;
  #toolRounds = 0;
  readonly #calls: ToolCall[] = [];
  #lastCalls: ToolCall[] = [];
  #lastReply: EndpointReply | undefined;
  readonly #usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  /** The typed answer once validated; how many answers were asked for so far. */
  #output: { value: unknown } | undefined;
  #answers = 0;

  constructor(
    readonly endpoint: ModelEndpoint,
    readonly model: string,
    readonly context: Context,
    readonly options: ResolvedOptions,
    readonly stream: boolean,
  ) {
    const inside = contextInternals(context);
    this.#inside = inside;
    this.#emit = emitter(options.onEvent);
    this.#requests = new RoundRequests(endpoint, model, options, stream, this.#emit);
    this.#runner = new CallRunner({
      registry: endpoint.tools,
      policy: context.toolPolicy,
      tools: options.tools,
      repair: options.repair,
      maxToolInput: options.maxToolInput,
      maxDepth: options.maxDepth,
      maxToolOutput: options.maxToolOutput,
      toolTimeoutMs: options.toolTimeoutMs,
      concurrency: options.concurrency,
      signal: options.signal,
      toolContext: options.toolContext,
      context,
      onEvent: this.#emit,
      hooks: options.hooks,
      answer: (call, result) => inside.answer(call, result),
    });
  }

  /** Runs the loop to its end. The context is busy (no appends, approvals) meanwhile. */
  async run(): Promise<Completion> {
    if (this.#inside.busy)
      throw new ContextError(
        "A completion is already running on this context: wait for it (one conversation, one loop at a time).",
      );
    this.#inside.busy = true;
    try {
      const early = await this.#settle();
      if (early !== undefined) return this.#finish(early);
      for (;;) {
        this.#throwIfAborted();
        const reply = await this.#requests.send(this.#inside.messages, this.#rounds + 1);
        this.#rounds += 1;
        const round = this.#round(reply);
        const stop = round instanceof Promise ? await round : round;
        if (stop !== undefined) return this.#finish(stop);
      }
    } finally {
      this.#inside.busy = false;
    }
  }

  // Calls left from the last completion: decide the undecided, answer the denied, failed and
  // interrupted, run the approved. Still-pending calls stop here, before any request.
  async #settle(): Promise<Stop> {
    const open = this.#inside.open.slice();
    if (open.length === 0) return undefined;
    await this.#decide(
      open.filter((call) => call.policyResult === undefined),
      0,
    );
    await this.#runner.run(open, 0, true);
    this.#lastCalls = open;
    this.#calls.push(...open);
    this.#throwIfAborted();
    return this.#stopAfter(open);
  }

  // Manual mode (round limit 0) decides nothing; otherwise the runner decides, with the settings
  // the last reply was sent with (a router's answering target's, else the endpoint's).
  #decide(calls: readonly ToolCall[], round: number): Promise<void> | undefined {
    if (this.options.maxToolRounds === 0) return decideManually(calls, round, this.#emit);
    const config = this.#lastReply?.answeredBy?.config ?? this.endpoint.config(this.model);
    return this.#runner.decide(calls, round, config.strict === true);
  }

  // Appends the reply, then decides and answers its calls: without a promise while nothing waits.
  #round(reply: EndpointReply): Stop | Promise<Stop> {
    const round = this.#rounds;
    const choice = reply.choices[0]!; // checked as it arrived
    sumUsage(this.#usage, reply.usage);
    this.#lastReply = reply;
    const message = assistantMessageOf(choice);
    const calls = choice.toolCalls;
    uniqueIds(calls);
    this.#inside.appendAssistant(message);
    this.#lastCalls = calls;
    this.#calls.push(...calls);
    if (this.#emit) for (const call of calls) this.#emit({ type: "tool-call", round, call });
    const end = endReason(choice);
    if (calls.length === 0 || end !== undefined) {
      // A cut or refused reply's calls are answered with errors, never run; the usual last round has none.
      for (const call of calls) failCall(call, endMessages[end!]!);
      if (this.#emit) for (const call of calls) this.#emit({ type: "decision", round, call });
      const answering = this.#runner.run(calls, round);
      return answering
        ? answering.then(() => this.#lastRound(choice, round, end))
        : this.#lastRound(choice, round, end);
    }
    this.#toolRounds += 1;
    const deciding = this.#decide(calls, round);
    return deciding
      ? deciding.then(() => this.#answerRound(calls, choice, round))
      : this.#answerRound(calls, choice, round);
  }

  #answerRound(calls: readonly ToolCall[], choice: CompletionChoice, round: number): Stop | Promise<Stop> {
    const answering = this.#runner.run(calls, round);
    return answering
      ? answering.then(() => this.#roundEnd(calls, choice, round))
      : this.#roundEnd(calls, choice, round);
  }

  #roundEnd(calls: readonly ToolCall[], choice: CompletionChoice, round: number): Stop {
    this.#throwIfAborted();
    this.#emit?.({ type: "round-end", round, finishReason: choice.finishReason });
    return this.#stopAfter(calls) ?? (this.#toolRounds >= this.options.maxToolRounds ? "maxToolRounds" : undefined);
  }

  // The end of a round without calls to run: done, cut, or a typed answer to check.
  #lastRound(choice: CompletionChoice, round: number, end: Stop): Stop {
    this.#emit?.({ type: "round-end", round, finishReason: choice.finishReason });
    if (end !== undefined || this.options.output === undefined) return end ?? "done";
    return this.#answer(choice, round);
  }

  // The model's final answer when a typed one was asked for: "done" with the validated value, or
  // the issues sent back for another answer (undefined: go on), or OutputError once retries are spent.
  #answer(choice: CompletionChoice, round: number): Stop {
    const output = this.options.output!;
    const answer = choiceOutput(choice);
    const checked = checkOutput(
      answer,
      output.request.schema,
      this.options.maxDepth,
      this.options.repair,
      output.dates,
    );
    this.#answers += 1;
    if (checked.ok) {
      this.#output = { value: checked.value };
      this.#emit?.({ type: "output", round, output: checked.value });
      return "done";
    }
    this.#emit?.({ type: "output-issues", round, issues: checked.issues, text: answer.text });
    if (this.#answers > output.retries) throw outputFailure(output, checked.issues, answer.text, this.#answers);
    this.#inside.appendUser(retryMessage(checked.issues));
    return undefined;
  }

  // A call still waiting stops the loop; so does a failed one, with `returnOnFailure`.
  #stopAfter(calls: readonly ToolCall[]): Stop {
    if (this.#inside.open.length > 0) return "attention";
    const failed = calls.some(
      (call) => call.policyResult?.status === ToolPolicyStatus.Failed || call.outcome !== undefined,
    );
    return this.options.returnOnFailure && failed ? "attention" : undefined;
  }

  #throwIfAborted(): void {
    const signal = this.options.signal;
    if (signal?.aborted)
      throw new AbortedError(
        "The completion was aborted; the conversation holds everything up to the last answered call.",
        { cause: signal.reason },
      );
  }

  #finish(stopped: StopReason): Completion {
    const reply = this.#lastReply;
    const choice = reply?.choices[0] ?? lastAssistantChoice(this.#inside.messages);
    return {
      choices: reply?.choices ?? [choice],
      choice,
      text: choice.text,
      toolCalls: this.#lastCalls,
      stopped,
      rounds: this.#rounds,
      calls: this.#calls,
      usage: { ...this.#usage },
      target: targetOf(this.endpoint, this.model, reply),
      raw: reply?.raw ?? null,
      ...(this.#output !== undefined && stopped === "done" ? { output: this.#output.value } : {}),
    };
  }
}

function sumUsage(total: Usage, add: Usage): void {
  total.promptTokens += add.promptTokens;
  total.completionTokens += add.completionTokens;
  total.totalTokens += add.totalTokens;
  if (add.cachedTokens !== undefined) total.cachedTokens = (total.cachedTokens ?? 0) + add.cachedTokens;
  if (add.reasoningTokens !== undefined) total.reasoningTokens = (total.reasoningTokens ?? 0) + add.reasoningTokens;
}
