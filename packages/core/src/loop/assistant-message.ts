import type { AssistantMessage } from "../context/message.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { CompletionChoice } from "../endpoints/model-endpoint.js";

/**
 * The assistant message a reply's choice adds to the conversation. Its `toolCalls` are the
 * choice's calls, in an array of their own size put back on the choice: the completion's
 * `toolCalls`, the choice's and the message's stay one array, and a reader's `push` (room for 17
 * entries) leaves no 128 bytes of slack per round in a conversation that keeps it
 * (`node --expose-gc bench/long-heap.mjs tooltype 2000`: the message 48 + 40 → 48 B, its calls
 * array 32 + 152 → 32 + 24 B per round).
 */
export function assistantMessageOf(choice: CompletionChoice): AssistantMessage {
  const calls = exactCalls(choice);
  // One literal per shape: a key added afterwards would get its own property store, kept as long as the message.
  const message: AssistantMessage =
    calls.length > 0
      ? { role: "assistant", content: choice.text, toolCalls: calls }
      : { role: "assistant", content: choice.text };
  if (choice.refusal !== null && choice.refusal !== undefined) message.refusal = choice.refusal;
  if (choice.providerData !== undefined) message.providerData = choice.providerData;
  return message;
}

function exactCalls(choice: CompletionChoice): ToolCall[] {
  const calls = choice.toolCalls;
  if (calls.length === 0) return calls;
  choice.toolCalls = calls.slice();
  return choice.toolCalls;
}
