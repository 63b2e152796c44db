import type { Message } from "../../context/message.js";
import type { ToolCall } from "../../context/tool-call.js";
import type { OpenAIWireCustomCall, OpenAIWireFunctionCall, OpenAIWireMessage } from "./wire.js";

function wireToolCall(call: ToolCall): OpenAIWireFunctionCall | OpenAIWireCustomCall {
  // Provider extras (Gemini's `extra_content`) travel back beside the standard keys.
  if (call.type === "custom")
    return { ...call.extra, id: call.id, type: "custom", custom: { name: call.name, input: call.rawArguments } };
  return { ...call.extra, id: call.id, type: "function", function: { name: call.name, arguments: call.rawArguments } };
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
