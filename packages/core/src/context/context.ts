import { ToolPolicy } from "../policy/tool-policy.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { ToolResult } from "../tools/tool-result.js";
import { ApprovalError, ContextError } from "./context-errors.js";
import { grantContextAccess } from "./context-internals.js";
import type { ContextOptions, RestoreOptions, ToJSONOptions, ToolCallInit } from "./context-options.js";
import { readStoredContext, writeStoredContext, type StoredContext } from "./stored-context.js";
import { CHANGED_MESSAGE, errorResult, failCall, failRun, INTERRUPTED_MESSAGE } from "./error-result.js";
import type { AssistantMessage, Message } from "./message.js";
import { newToolCall } from "./new-tool-call.js";
import { callBinding, type ContextSecret } from "./signing.js";
import type { ToolCall } from "../policy/tool-call.js";

const waiting = new Set<ToolPolicyStatus | undefined>([ToolPolicyStatus.Pending, undefined]);

/**
 * A conversation: its messages (every round, tool calls with their decisions and results), the
 * policy that decides which calls run, and the approvals the application gives. Append-only:
 * a message, once added, is never replaced. Save it with `JSON.stringify(ctx)` (or
 * `ctx.toJSON({ secret })`) and resume it elsewhere with `Context.fromJSON(value, options)`.
 */
export class Context {
  /** Which calls may run. Code, never serialised: set it again after `fromJSON`. */
  toolPolicy: ToolPolicy;
  readonly #messages: Message[] = [];
  readonly #open: ToolCall[] = [];
  readonly #secret: ContextSecret | undefined;
  #busy = false;

  static {
    grantContextAccess<Context>({
      isContext: (value) => #messages in value,
      messages: (context) => context.#messages,
      open: (context) => context.#open,
      busy: (context) => context.#busy,
      setBusy: (context, value) => (context.#busy = value),
      appendAssistant: (context, message) => context.#appendAssistant(message),
      answer: (context, call, result) => context.#answer(call, result),
    });
  }

  constructor(options: ContextOptions = {}) {
    this.toolPolicy = options.toolPolicy ?? new ToolPolicy();
    this.#secret = options.secret;
  }

  /** Every message so far, oldest first. Read-only: add with the appenders. */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /** Adds instructions for the model. */
  system(content: string): this {
    this.#beforeMessage("system");
    this.#messages.push({ role: "system", content: text(content, "system") });
    return this;
  }

  /** Adds what the user said. */
  user(content: string): this {
    this.#beforeMessage("user");
    this.#messages.push({ role: "user", content: text(content, "user") });
    return this;
  }

  /**
   * Adds what the model said, when building a history by hand. Calls given here have no decision
   * yet: the next completion evaluates them like a fresh batch (or answer them with `tool`).
   */
  assistant(content: string | null, toolCalls: readonly ToolCallInit[] = []): this {
    this.#beforeMessage("assistant");
    const calls = toolCalls.map((init): ToolCall => {
      const args = init.arguments;
      if (typeof init.id !== "string" || init.id === "") throw new TypeError("Every tool call needs a non-empty id.");
      if (typeof init.name !== "string" || init.name === "") throw new TypeError("Every tool call needs a tool name.");
      if (typeof args !== "object" || args === null || Array.isArray(args))
        throw new TypeError(`The arguments of call "${init.id}" must be an object.`);
      return newToolCall(init.id, init.type ?? "function", init.name, args, JSON.stringify(args));
    });
    const message: AssistantMessage = {
      role: "assistant",
      content: content === null ? null : text(content, "assistant"),
    };
    if (calls.length > 0) message.toolCalls = calls;
    this.#appendAssistant(message);
    return this;
  }

  /**
   * Answers a waiting call with a result the application produced itself (manual execution).
   * `output` is what the model reads; `isError` marks it as an error result.
   */
  tool(callId: string, output: string, options: { isError?: boolean } = {}): this {
    this.#notBusy();
    const call = this.#open.find((open) => open.id === callId);
    if (call === undefined)
      throw new ContextError(
        `No call with id "${callId}" is waiting for an answer: ctx.tool(...) answers a call of the last assistant message once.`,
      );
    if (call.started) throw new ContextError(`Call "${callId}" (${call.name}) is already running.`);
    if (call.policyResult?.status !== ToolPolicyStatus.Allowed) {
      call.policyResult = { status: ToolPolicyStatus.Allowed, message: "Answered by the application." };
      call.binding = callBinding(call);
    }
    this.#answer(call, { output: text(output, "tool"), isError: options.isError === true });
    return this;
  }

  /** The calls waiting for the application's decision (Pending, or not decided yet), in the model's order. */
  pending(): ToolCall[] {
    return this.#open.filter((call) => !call.started && waiting.has(call.policyResult?.status));
  }

  /** Every call of the last assistant message that has no result yet (pending, approved, denied, …). */
  unanswered(): ToolCall[] {
    return this.#open.slice();
  }

  /**
   * Lets a waiting call run at the next completion. Takes a Pending call, or a Denied one as a
   * deliberate override. Throws `ApprovalError` for any other id (unknown, answered, running),
   * and for a call changed since its decision was recorded (it is then answered as Failed).
   */
  approve(callId: string): ToolCall {
    const call = this.#decidable(callId, "approve");
    const status = call.policyResult?.status;
    if (!waiting.has(status) && status !== ToolPolicyStatus.Denied) {
      throw new ApprovalError(
        callId,
        `Call "${callId}" (${call.name}) is not waiting for approval: its status is ${status}.`,
      );
    }
    const overriding = status === ToolPolicyStatus.Denied ? ` overriding: ${call.policyResult!.message}` : "";
    call.policyResult = { status: ToolPolicyStatus.Allowed, message: `Approved by the application${overriding}.` };
    call.binding ??= callBinding(call); // a recorded binding was just checked by #decidable: it still matches
    return call;
  }

  /** Refuses a Pending call: the model is told it was rejected (with `reason`), nothing runs. */
  reject(callId: string, reason?: string): ToolCall {
    const call = this.#decidable(callId, "reject");
    const status = call.policyResult?.status;
    if (!waiting.has(status)) {
      throw new ApprovalError(
        callId,
        `Call "${callId}" (${call.name}) is not pending: its status is ${status}. Only a pending call can be rejected.`,
      );
    }
    const why = reason === undefined || reason === "" ? "" : `: ${String(reason)}`;
    call.policyResult = { status: ToolPolicyStatus.Denied, message: `Rejected by the application${why}` };
    call.binding ??= callBinding(call); // a recorded binding was just checked by #decidable: it still matches
    return call;
  }

  /**
   * The context as plain JSON (format `tooltype.context`, version 1): messages, calls, decisions,
   * results and provider data; never the policy, a function or a secret. With a secret (given
   * here or to the constructor) the stored context carries an HMAC-SHA256 signature. `JSON.stringify(ctx)` calls it.
   */
  toJSON(options?: ToJSONOptions | string): StoredContext {
    const secret =
      typeof options === "object" && options !== null && options.secret !== undefined ? options.secret : this.#secret;
    return writeStoredContext(this.#messages, secret);
  }

  /**
   * Restores a stored context (the parsed JSON value, or its text). The value is untrusted: its
   * shape is checked (`ContextJSONError` names the place), and with `secret` a stored context that is
   * unsigned or altered is refused. Calls that were running when it was stored are answered with
   * the outcome `interrupted`, and calls changed since their decision as Failed: neither ever runs.
   */
  static fromJSON(value: unknown, options: RestoreOptions = {}): Context {
    const { messages, open } = readStoredContext(value, options.secret);
    const context = new Context(options);
    context.#messages.push(...messages);
    context.#open.push(...open);
    context.#failBroken();
    return context;
  }

  #decidable(callId: string, verb: string): ToolCall {
    this.#notBusy();
    const call = this.#open.find((open) => open.id === callId);
    if (call === undefined) {
      throw new ApprovalError(
        callId,
        `Cannot ${verb} "${callId}": no call with that id is waiting (unknown id, or already answered).`,
      );
    }
    if (call.started)
      throw new ApprovalError(callId, `Cannot ${verb} "${callId}" (${call.name}): it has already started.`);
    if (call.binding !== undefined && call.binding !== callBinding(call)) {
      this.#failChanged(call);
      throw new ApprovalError(
        callId,
        `Cannot ${verb} "${callId}": its name or arguments changed after the decision was recorded, so it was answered as Failed.`,
      );
    }
    return call;
  }

  // Restored calls that were running, or changed after their decision, are answered now.
  #failBroken(): void {
    for (const call of this.#open.slice()) {
      if (call.started) this.#answer(call, failRun(call, "interrupted", INTERRUPTED_MESSAGE));
      // A Failed call never runs (the loop answers it with its own message) and has no binding to check.
      else if (
        call.policyResult !== undefined &&
        call.policyResult.status !== ToolPolicyStatus.Failed &&
        call.binding !== callBinding(call)
      )
        this.#failChanged(call);
    }
  }

  #failChanged(call: ToolCall): void {
    this.#answer(call, failCall(call, CHANGED_MESSAGE));
  }

  #notBusy(): void {
    if (this.#busy)
      throw new ContextError("A completion is running on this context: wait for it before changing the conversation.");
  }

  // A new message may follow calls only once they are answered. Denied calls are answered now
  // (the model reads the denial); calls still waiting or approved must be settled first.
  #beforeMessage(role: string): void {
    this.#notBusy();
    const unsettled = this.#open.filter((call) => call.policyResult?.status !== ToolPolicyStatus.Denied);
    if (unsettled.length > 0) {
      const list = unsettled
        .map((call) => `"${call.id}" (${call.name}, ${call.policyResult?.status ?? "undecided"})`)
        .join(", ");
      throw new ContextError(
        `Cannot add a ${role} message while tool calls wait for an answer: ${list}. Approve or reject them and run the completion again, or answer them with ctx.tool(callId, output).`,
      );
    }
    for (const call of this.#open.slice())
      this.#answer(call, errorResult(`The call was not run: ${call.policyResult!.message}`));
  }

  #appendAssistant(message: AssistantMessage): void {
    if (this.#open.length > 0)
      throw new ContextError("Cannot add an assistant message while tool calls of the last one wait for an answer.");
    const ids = new Set<string>();
    for (const call of message.toolCalls ?? []) {
      if (ids.has(call.id))
        throw new ContextError(`Two tool calls in one assistant message share the id "${call.id}".`);
      ids.add(call.id);
    }
    this.#messages.push(message);
    for (const call of message.toolCalls ?? []) if (call.result === undefined) this.#open.push(call);
  }

  #answer(call: ToolCall, result: ToolResult): void {
    const at = this.#open.indexOf(call);
    if (at < 0) throw new ContextError(`Call "${call.id}" (${call.name}) is not waiting for an answer.`);
    call.result = result;
    this.#open.splice(at, 1);
    this.#messages.push({
      role: "tool",
      callId: call.id,
      name: call.name,
      content: result.output,
      isError: result.isError,
    });
  }
}

function text(value: unknown, role: string): string {
  if (typeof value !== "string")
    throw new TypeError(
      `The content of a ${role} message must be a string, got ${value === null ? "null" : typeof value}.`,
    );
  return value;
}
