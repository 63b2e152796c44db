import type { Message } from "../context/message.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { CompletionChoice } from "../endpoints/model-endpoint.js";
import { CallIds } from "../endpoints/tool-calls.js";
import type { StopReason } from "./completion.js";

/** Why a reply ends the loop whatever it holds, from its refusal or finish reason. */
export function endReason(choice: CompletionChoice): StopReason | undefined {
  if (choice.refusal !== null && choice.refusal !== undefined) return "refusal";
  if (choice.finishReason === "length" || choice.finishReason === "max_tokens") return "length";
  if (choice.finishReason === "content_filter") return "contentFilter";
  return undefined;
}

/** What a call of a cut, filtered or refused reply is answered with (it was not run). */
export const endMessages: Partial<Record<StopReason, string>> = {
  length: "The reply was cut off by the token limit before this call was complete, so it was not run. Send it again.",
  contentFilter: "The reply was stopped by the content filter, so this call was not run.",
  refusal: "The model refused, so this call was not run.",
};

/** Gives every call of a reply a usable id, unique within the reply (the endpoint normally has). */
export function uniqueIds(calls: readonly ToolCall[]): void {
  const ids = new CallIds();
  for (const call of calls) call.id = ids.take(call.id);
}

/** The reply a completion reports when no request was sent (calls still wait): the last assistant message. */
export function lastAssistantChoice(messages: readonly Message[]): CompletionChoice {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant") {
      return {
        index: 0,
        text: message.content,
        toolCalls: message.toolCalls ?? [],
        finishReason: null,
        refusal: message.refusal ?? null,
        reasoning: null,
      };
    }
  }
  return { index: 0, text: null, toolCalls: [], finishReason: null, refusal: null, reasoning: null };
}
