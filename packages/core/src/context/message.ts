import type { JSONObject } from "../json.js";
import type { ToolCall } from "../policy/tool-call.js";

/** Instructions for the model. */
export interface SystemMessage {
  /** Always `system`. */
  role: "system";
  /** The instructions. */
  content: string;
}

/** What the user said. */
export interface UserMessage {
  /** Always `user`. */
  role: "user";
  /** What the user wrote. */
  content: string;
}

/** What the model said: text, tool calls, or both. */
export interface AssistantMessage {
  /** Always `assistant`. */
  role: "assistant";
  /** The visible text; `null` when there is none. */
  content: string | null;
  /** The calls the model asked for, each with its decision and result once known. */
  toolCalls?: ToolCall[];
  /** A refusal the model sent instead of an answer. */
  refusal?: string;
  /** Provider data that must travel back with this message (Anthropic thinking blocks, …). */
  providerData?: JSONObject;
}

/** The answer to one tool call, sent back to the model. */
export interface ToolMessage {
  /** Always `tool`. */
  role: "tool";
  /** The id of the call this answers. */
  callId: string;
  /** The tool's name (Anthropic and some servers want it back). */
  name: string;
  /** The result as text. */
  content: string;
  /** True for an error result (`is_error` on Anthropic). */
  isError: boolean;
}

/** One entry of a conversation, provider-neutral; endpoints translate it to their wire format. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
