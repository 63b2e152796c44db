import type { Message } from "../../context/message.js";
import type { ToolCall } from "../../context/tool-call.js";
import { returnedFields } from "./message-extras.js";
import type { OpenAIWireCustomCall, OpenAIWireFunctionCall, OpenAIWireMessage } from "./wire.js";

// A message's wire JSON never changes once built: results of an assistant's calls travel in
// separate tool messages, so the assistant's own wire form is stable. Messages are keyed by
// identity, so a conversation sent round after round is serialised once per message. A message
// carrying fields for one server has one form per base URL (only that server gets them).
const messageCache = new WeakMap<Message, string>();
const perServerCache = new WeakMap<Message, Map<string, string>>();

/**
 * The arguments text a call goes back with: as the model sent it when it was usable as sent;
 * `{}` when it was unusable (servers that parse the history answer 500 to invalid JSON, `5E549`
 * or a lone surrogate; the call's error result tells the model what went wrong, and
 * `rawArguments` keeps the text for inspection), and for empty text; the repaired arguments when
 * they were repaired.
 */
export function replayedArguments(call: ToolCall): string {
  if (call.arguments === null || call.rawArguments.trim() === "") return "{}";
  return call.repaired !== undefined ? JSON.stringify(call.arguments) : call.rawArguments;
}

function wireToolCall(call: ToolCall): OpenAIWireFunctionCall | OpenAIWireCustomCall {
  // Provider extras (Gemini's `extra_content`) travel back beside the standard keys.
  if (call.type === "custom")
    return { ...call.extra, id: call.id, type: "custom", custom: { name: call.name, input: call.rawArguments } };
  return {
    ...call.extra,
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: replayedArguments(call) },
  };
}

/** A provider-neutral message in the OpenAI chat completions shape. */
function openAIMessage(message: Message): OpenAIWireMessage {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "tool":
      return { role: "tool", tool_call_id: message.callId, content: message.content };
    case "assistant": {
      const calls = message.toolCalls ?? [];
      // Without calls some servers' chat templates reject a null content: send "" then.
      const wire: OpenAIWireMessage = { role: "assistant", content: message.content ?? (calls.length > 0 ? null : "") };
      if (calls.length > 0) wire.tool_calls = calls.map(wireToolCall);
      if (message.refusal !== undefined) wire.refusal = message.refusal;
      return wire;
    }
  }
}

/**
 * The JSON text of one message, built once per message object and reused. An assistant message
 * goes to the server at `baseURL` with the message-level fields that server sent with it
 * (DeepSeek's `reasoning_content`, OpenRouter's `reasoning_details`, Gemini's `extra_content`).
 */
export function openAIMessageJSON(message: Message, baseURL?: string): string {
  if (message.role === "assistant" && message.providerData?.openai !== undefined && baseURL !== undefined) {
    let forServer = perServerCache.get(message);
    if (forServer === undefined) perServerCache.set(message, (forServer = new Map()));
    let json = forServer.get(baseURL);
    if (json === undefined) {
      json = JSON.stringify({ ...openAIMessage(message), ...returnedFields(message, baseURL) });
      forServer.set(baseURL, json);
    }
    return json;
  }
  let json = messageCache.get(message);
  if (json === undefined) {
    json = JSON.stringify(openAIMessage(message));
    messageCache.set(message, json);
  }
  return json;
}
