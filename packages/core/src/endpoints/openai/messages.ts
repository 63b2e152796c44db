import type { Message } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { returnedFields } from "./message-extras.js";
import type { OpenAIWireCustomCall, OpenAIWireFunctionCall, OpenAIWireMessage } from "./wire.js";
import { wellFormedJSON } from "../well-formed-json.js";
import { replayedArguments } from "../tool-calls.js";

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
export function openAIMessage(message: Message): OpenAIWireMessage {
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
 * The JSON text of one message. An assistant message goes to the server at `baseURL` with the
 * message-level fields that server sent with it (DeepSeek's `reasoning_content`, OpenRouter's
 * `reasoning_details`, Gemini's `extra_content`); no other server gets them. Callers keep the
 * text (history-bytes.ts encodes each message once per conversation). A lone surrogate goes as
 * U+FFFD (well-formed-json.ts).
 */
export function openAIMessageJSON(message: Message, baseURL?: string): string {
  if (message.role === "assistant" && message.providerData?.openai !== undefined && baseURL !== undefined)
    return wellFormedJSON({ ...openAIMessage(message), ...returnedFields(message, baseURL) });
  return wellFormedJSON(openAIMessage(message));
}
