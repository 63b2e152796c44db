import type { ToolResult } from "../tools/tool-result.js";
import type { AssistantMessage, Message } from "./message.js";
import type { ToolCall } from "../policy/tool-call.js";

/** What the loop may do to a context that users may not: module-internal, not exported from the package. */
export interface ContextInternals {
  readonly messages: Message[];
  /** Unanswered calls of the last assistant message, in the model's order. */
  readonly open: ToolCall[];
  busy: boolean;
  /** Appends the assistant message object itself (its identity is the endpoint's cache key). */
  appendAssistant(message: AssistantMessage): void;
  /** Records the result on the call and appends the tool message answering it. */
  answer(call: ToolCall, result: ToolResult): void;
  /** Appends a user message while the loop runs (a typed answer's issues, sent back to the model). */
  appendUser(content: string): void;
}

/**
 * The private state of a context, reached by the loop through a view made per completion: a
 * context itself carries no closures or side tables (a conversation is often created per request).
 * Generic over the context class, which grants it, so this file does not import that class.
 */
export interface ContextAccess<C extends object> {
  isContext(value: object): boolean;
  messages(context: C): Message[];
  open(context: C): ToolCall[];
  busy(context: C): boolean;
  setBusy(context: C, value: boolean): void;
  appendAssistant(context: C, message: AssistantMessage): void;
  answer(context: C, call: ToolCall, result: ToolResult): void;
}

let access: ContextAccess<object> | undefined;

/** Called once, by the Context class as it is defined: how the loop reaches a context's private state. */
export function grantContextAccess<C extends object>(granted: ContextAccess<C>): void {
  access = granted as unknown as ContextAccess<object>;
}

class ContextView<C extends object> implements ContextInternals {
  readonly messages: Message[];
  readonly open: ToolCall[];

  constructor(
    private readonly context: C,
    private readonly state: ContextAccess<C>,
  ) {
    this.messages = state.messages(context);
    this.open = state.open(context);
  }

  get busy(): boolean {
    return this.state.busy(this.context);
  }

  set busy(value: boolean) {
    this.state.setBusy(this.context, value);
  }

  appendAssistant(message: AssistantMessage): void {
    this.state.appendAssistant(this.context, message);
  }

  answer(call: ToolCall, result: ToolResult): void {
    this.state.answer(this.context, call, result);
  }

  appendUser(content: string): void {
    this.messages.push({ role: "user", content });
  }
}

/** The loop's access to a context (not part of the public API). */
export function contextInternals<C extends object>(context: C): ContextInternals {
  if (access === undefined || typeof context !== "object" || context === null || !access.isContext(context))
    throw new TypeError("Not a Context created by this copy of @tooltype/core.");
  return new ContextView(context, access);
}
