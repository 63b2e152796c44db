import { safeListener } from "../calls/call-event.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { ToolChoice } from "../endpoints/model-config.js";
import type { EndpointReply } from "../endpoints/model-endpoint.js";
import type { StreamEvent } from "../endpoints/stream-event.js";
import type { CompletionChoice, Usage } from "../endpoints/model-endpoint.js";
import type { ArgumentIssue } from "../errors/tool-argument-error.js";

/**
 * Everything the loop reports through `options.onEvent` (and `endpoint.stream(...)` yields):
 * the endpoint's stream events (text and tool-call deltas, warnings), plus each request, reply,
 * decision, start of a tool, result and round end. `round` counts the requests of this completion
 * from 1; calls answered before the first request (a resumed approval) report round 0.
 */
export type LoopEvent =
  | StreamEvent
  /** A request is about to be sent. */
  | {
      type: "request";
      round: number;
      model: string;
      messages: number;
      tools: number;
      toolChoice: ToolChoice | undefined;
      stream: boolean;
    }
  /**
   * A reply arrived and was parsed (nothing is appended yet). `responseId` and `responseModel`:
   * the body's `id` and `model` (the model that answered), when it names them.
   */
  | {
      type: "reply";
      round: number;
      choice: CompletionChoice;
      choices: number;
      usage: Usage;
      responseId?: string;
      responseModel?: string;
    }
  /** The decision on one call (`call.policyResult`): Allowed, Denied, Pending or Failed. */
  | { type: "decision"; round: number; call: ToolCall }
  /**
   * A tool is about to run and its call is marked started: a snapshot of the context taken from
   * now until its `tool-result` resumes this call as Failed ("interrupted"), never runs it twice.
   */
  | { type: "tool-start"; round: number; call: ToolCall }
  /**
   * The typed answer read so far while it streams (`options.output`): each event its own snapshot,
   * the answer as it was when the event was emitted (parts complete then are shared between
   * events: do not change them). Not validated yet.
   */
  | { type: "partial-output"; round: number; partial: unknown }
  /** The typed answer did not match its schema: `issues` go back to the model, which answers again. */
  | { type: "output-issues"; round: number; issues: readonly ArgumentIssue[]; text: string }
  /** The typed answer, validated (what `completion.output` holds). */
  | { type: "output"; round: number; output: unknown };

/** Receives loop events. A throwing listener is ignored: it must not break the conversation. */
export type LoopEventListener = (event: LoopEvent) => void;

/**
 * Calls `listener` without letting it throw into the loop. Undefined without a listener: call
 * sites use `emit?.({...})`, so no event object is even built when nobody listens.
 */
export function emitter(listener: LoopEventListener | undefined): LoopEventListener | undefined {
  return safeListener(listener);
}

/** One listener that calls `first` then `second` (either may be absent); a throwing `first` does not silence `second`. */
export function bothListeners(
  first: LoopEventListener | undefined,
  second: LoopEventListener | undefined,
): LoopEventListener | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  const safeFirst = emitter(first)!;
  return (event) => {
    safeFirst(event);
    second(event);
  };
}

/** The `reply` event of `reply` (whose first choice is `choice`): the response's id and model when the body names them. */
export function replyEvent(round: number, reply: EndpointReply, choice: CompletionChoice): LoopEvent {
  const event: Extract<LoopEvent, { type: "reply" }> = {
    type: "reply",
    round,
    choice,
    choices: reply.choices.length,
    usage: reply.usage,
  };
  const raw = reply.raw;
  if (typeof raw === "object" && raw !== null) {
    // OpenAI's chat completion and Anthropic's message both name them at the top level.
    const { id, model } = raw as { id?: unknown; model?: unknown };
    if (typeof id === "string" && id !== "") event.responseId = id;
    if (typeof model === "string" && model !== "") event.responseModel = model;
  }
  if (reply.responseId !== undefined) event.responseId = reply.responseId;
  if (reply.responseModel !== undefined) event.responseModel = reply.responseModel;
  return event;
}
