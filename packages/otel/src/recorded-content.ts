import type { CompletionChoice, Message, ToolCall } from "@tooltype/core";

/** How much content a span may hold, once content recording is on. */
export interface ContentLimits {
  /** Longest text kept of one piece (a message's text, a call's arguments, a result), in characters. */
  maxLength: number;
  /** How many of the most recent messages a request span records. */
  maxMessages: number;
}

/** The defaults of `recordContent: true`. */
export const DEFAULT_CONTENT_LIMITS: ContentLimits = { maxLength: 2048, maxMessages: 20 };

type Part =
  | { type: "text"; content: string }
  | { type: "tool_call"; id: string; name: string; arguments: string }
  | { type: "tool_call_response"; id: string; response: string };

/** True for the first half of a surrogate pair (UTF-16 code unit U+D800–U+DBFF). */
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * `text` cut to `maxLength` characters, saying how much was left out. The cut falls between code
 * points: one that would split a surrogate pair (an emoji) leaves the whole pair out, since half of
 * one is not Unicode and cannot be written as UTF-8 (what OTLP sends).
 */
export function bounded(text: string, limits: ContentLimits): string {
  if (text.length <= limits.maxLength) return text;
  let end = limits.maxLength;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…[${text.length - end} more characters]`;
}

function callPart(call: ToolCall, limits: ContentLimits): Part {
  return { type: "tool_call", id: call.id, name: call.name, arguments: bounded(call.rawArguments, limits) };
}

function partsOf(message: Message, limits: ContentLimits): Part[] {
  switch (message.role) {
    case "system":
    case "user":
      return [{ type: "text", content: bounded(message.content, limits) }];
    case "assistant": {
      const parts: Part[] = [];
      if (message.content !== null) parts.push({ type: "text", content: bounded(message.content, limits) });
      for (const call of message.toolCalls ?? []) parts.push(callPart(call, limits));
      return parts;
    }
    case "tool":
      return [{ type: "tool_call_response", id: message.callId, response: bounded(message.content, limits) }];
  }
}

/**
 * The conversation as sent, in the conventions' `gen_ai.input.messages` shape (JSON): the last
 * `maxMessages` messages other than system ones, each piece bounded. System messages go to
 * `gen_ai.system_instructions` (undefined when there are none).
 */
export function inputContent(
  messages: readonly Message[],
  limits: ContentLimits,
): { input: string; system: string | undefined } {
  const system = messages.filter((message) => message.role === "system");
  const rest = messages.filter((message) => message.role !== "system").slice(-limits.maxMessages);
  return {
    input: JSON.stringify(rest.map((message) => ({ role: message.role, parts: partsOf(message, limits) }))),
    system:
      system.length === 0
        ? undefined
        : JSON.stringify(system.map((message) => ({ type: "text", content: bounded(message.content, limits) }))),
  };
}

/** A reply's first choice in the `gen_ai.output.messages` shape (JSON), each piece bounded. */
export function outputContent(choice: CompletionChoice, limits: ContentLimits): string {
  const parts: Part[] = [];
  if (choice.text !== null) parts.push({ type: "text", content: bounded(choice.text, limits) });
  if (choice.refusal !== null) parts.push({ type: "text", content: bounded(choice.refusal, limits) });
  for (const call of choice.toolCalls) parts.push(callPart(call, limits));
  return JSON.stringify([{ role: "assistant", parts, finish_reason: choice.finishReason ?? "" }]);
}
