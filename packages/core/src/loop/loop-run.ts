import { ContextError } from "../context/context-errors.js";
import type { Context } from "../context/context.js";
import { contextInternals, type ContextInternals } from "../context/context-internals.js";
import { errorResult, failCall, INTERRUPTED_MESSAGE } from "../context/error-result.js";
import type { ToolCall } from "../context/tool-call.js";
import { toolChoiceForRound, type ModelConfig } from "../endpoints/model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import { AbortedError } from "../errors/aborted-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { CompletionChoice, Usage } from "../endpoints/model-endpoint.js";
import type { Completion, StopReason } from "./completion.js";
import type { ResolvedOptions } from "./completion-options.js";
import { decideCalls, type Decisions, type DecisionScope } from "./decide-calls.js";
import { emitter, replyEvent, type LoopEventListener } from "./loop-event.js";
import { endMessages, endReason, lastAssistantChoice, uniqueIds } from "./reply-end.js";
import { offeredTools } from "./offered-tools.js";
import { targetOf } from "./target.js";
import { answerCalls, type RunScope } from "./run-calls.js";
import { assistantMessageOf } from "./assistant-message.js";
import { checkOutput, choiceOutput, outputFailure, retryMessage } from "./output.js";
import { partialOutputListener } from "./partial-output.js";

function sumUsage(total: Usage, add: Usage): void {
  total.promptTokens += add.promptTokens;
  total.completionTokens += add.completionTokens;
  total.totalTokens += add.totalTokens;
}

const noCalls: Decisions["decided"] = new Map();

/**
 * One run of the tool loop over a context (docs/round-limits.md): answer what the application
 * decided since last time, then request, decide, run and answer, round after round, until the
 * model is done, a call needs attention, or the round limit is reached.
 */
export class LoopRun {
  readonly #inside: ContextInternals;
  readonly #emit: LoopEventListener | undefined;
  /** `options.tools` as a set, built once per run (every round's decisions look names up in it). */
  readonly #offered: ReadonlySet<string> | undefined;
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
    readonly maxToolRounds: number,
    readonly options: ResolvedOptions,
    readonly stream: boolean,
  ) {
    this.#inside = contextInternals(context);
    this.#emit = emitter(options.onEvent);
    this.#offered = options.tools === undefined ? undefined : new Set(options.tools);
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
        const reply = await this.#send();
        this.#rounds += 1;
        const round = this.#round(reply);
        const stop = round instanceof Promise ? await round : round;
        if (stop !== undefined) return this.#finish(stop);
      }
    } finally {
      this.#inside.busy = false;
    }
  }

  #decisionScope(round: number): DecisionScope {
    return {
      registry: this.endpoint.tools,
      offered: this.#offered,
      policy: this.context.toolPolicy,
      repair: this.options.repair,
      maxToolInput: this.options.maxToolInput,
      maxDepth: this.options.maxDepth,
      strict: this.#config().strict === true,
      manual: this.maxToolRounds === 0,
      round,
      emit: this.#emit,
    };
  }

  // The settings the last reply was sent with: a router's answering target's, else the endpoint's.
  #config(): ModelConfig {
    return this.#lastReply?.answeredBy?.config ?? this.endpoint.config(this.model);
  }

  #runScope(round: number, decided: Decisions["decided"] = noCalls): RunScope {
    return {
      context: this.context,
      inside: this.#inside,
      registry: this.endpoint.tools,
      options: this.options,
      round,
      emit: this.#emit,
      decided,
    };
  }

  // Calls left from the last completion: decide the undecided, answer the denied and failed,
  // run the approved. Still-pending calls stop here, before any request.
  async #settle(): Promise<StopReason | undefined> {
    const open = this.#inside.open.slice();
    if (open.length === 0) return undefined;
    const { failures: answers, decided } = await decideCalls(
      open.filter((call) => call.policyResult === undefined),
      this.#decisionScope(0),
    );
    for (const call of open) {
      const status = call.policyResult?.status;
      if (call.started) answers.set(call, failCall(call, INTERRUPTED_MESSAGE));
      else if (status === ToolPolicyStatus.Denied)
        answers.set(call, errorResult(`The call was not run: ${call.policyResult!.message}`));
      else if (status === ToolPolicyStatus.Failed && !answers.has(call))
        answers.set(call, errorResult(call.policyResult!.message));
    }
    await answerCalls(open, answers, this.#runScope(0, decided));
    this.#lastCalls = open;
    this.#calls.push(...open);
    this.#throwIfAborted();
    return this.#stopAfter(open);
  }

  // The next round's request (the caller counts the round once its reply is in).
  #send(): Promise<EndpointReply> {
    this.#throwIfAborted();
    const round = this.#rounds + 1;
    const tools = offeredTools(this.endpoint.tools, this.options.tools);
    const messages = this.#inside.messages;
    const configured = this.options.toolChoice ?? this.endpoint.config(this.model).toolChoice;
    const toolChoice = toolChoiceForRound(configured, messages);
    const request: EndpointRequest = {
      model: this.model,
      messages,
      tools,
      toolChoice,
      stream: this.stream,
      round,
      maxToolInput: this.options.maxToolInput,
      maxDepth: this.options.maxDepth,
    };
    if (this.options.signal) request.signal = this.options.signal;
    if (this.stream && this.options.backlog) request.backlog = this.options.backlog;
    const output = this.options.output;
    if (output !== undefined) request.output = output.request;
    // No listener: the endpoint builds no events either (and no partial answer is read).
    if (this.#emit)
      request.onEvent =
        output !== undefined && this.stream
          ? partialOutputListener(round, output, this.options.maxDepth, this.#emit)
          : this.#emit;
    const hooks = this.options.hooks;
    return hooks?.request
      ? hooks.request(request, () => this.#exchange(request, round))
      : this.#exchange(request, round);
  }

  /** One request, from its `request` event to its `reply` event (a cancelled one rejects with the endpoint's `AbortedError`). */
  async #exchange(request: EndpointRequest, round: number): Promise<EndpointReply> {
    this.#emit?.({
      type: "request",
      round,
      model: this.model,
      messages: request.messages.length,
      tools: request.tools.length,
      toolChoice: request.toolChoice,
      stream: this.stream,
    });
    const reply = await this.endpoint.send(request);
    const choice = reply.choices[0];
    if (choice === undefined)
      throw new ProtocolError("The reply holds no choice: nothing was added to the conversation.");
    this.#emit?.(replyEvent(round, reply, choice));
    return reply;
  }

  // Synchronous while nothing waits (rules decide, tools return plain values): a promise otherwise.
  #round(reply: EndpointReply): StopReason | undefined | Promise<StopReason | undefined> {
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
      // A cut or refused reply's calls are answered with errors; the usual last round has none.
      let answering: Promise<void> | undefined;
      if (calls.length > 0) {
        const answers = new Map(calls.map((call) => [call, failCall(call, endMessages[end!]!)] as const));
        if (this.#emit) for (const call of calls) this.#emit({ type: "decision", round, call });
        answering = answerCalls(calls, answers, this.#runScope(round));
      }
      return answering
        ? answering.then(() => this.#lastRound(choice, round, end))
        : this.#lastRound(choice, round, end);
    }
    this.#toolRounds += 1;
    const deciding = decideCalls(calls, this.#decisionScope(round));
    return deciding instanceof Promise
      ? deciding.then((decisions) => this.#runDecided(calls, decisions, choice, round))
      : this.#runDecided(calls, deciding, choice, round);
  }

  // The end of a round without calls to run: done, cut, or a typed answer to check.
  #lastRound(choice: CompletionChoice, round: number, end: StopReason | undefined): StopReason | undefined {
    this.#emit?.({ type: "round-end", round, finishReason: choice.finishReason });
    if (end !== undefined || this.options.output === undefined) return end ?? "done";
    return this.#answer(choice, round);
  }

  #runDecided(
    calls: readonly ToolCall[],
    { failures, decided }: Decisions,
    choice: CompletionChoice,
    round: number,
  ): StopReason | undefined | Promise<StopReason | undefined> {
    const answering = answerCalls(calls, failures, this.#runScope(round, decided));
    return answering
      ? answering.then(() => this.#roundEnd(calls, choice, round))
      : this.#roundEnd(calls, choice, round);
  }

  #roundEnd(calls: readonly ToolCall[], choice: CompletionChoice, round: number): StopReason | undefined {
    this.#throwIfAborted();
    this.#emit?.({ type: "round-end", round, finishReason: choice.finishReason });
    return this.#stopAfter(calls) ?? (this.#toolRounds >= this.maxToolRounds ? "maxToolRounds" : undefined);
  }

  // The model's final answer when a typed one was asked for: "done" with the validated value, or
  // the issues sent back for another answer (undefined: go on), or OutputError once retries are spent.
  #answer(choice: CompletionChoice, round: number): StopReason | undefined {
    const output = this.options.output!;
    const answer = choiceOutput(choice);
    const checked = checkOutput(answer, output.request.schema, this.options.maxDepth, this.options.repair);
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

  #stopAfter(calls: readonly ToolCall[]): StopReason | undefined {
    if (this.#inside.open.length > 0) return "attention";
    const failed = calls.some((call) => call.policyResult?.status === ToolPolicyStatus.Failed);
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
