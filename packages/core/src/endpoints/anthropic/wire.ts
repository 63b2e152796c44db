import type { JSONObject } from "../../json.js";

// The request side of the Anthropic Messages wire format, as tooltype sends it.

/** Visible text. The API rejects empty and whitespace-only text blocks, so none is ever sent. */
export interface AnthropicWireText {
  type: "text";
  text: string;
}

/** A call the model made, sent back in its assistant message (`input`: the arguments object). */
export interface AnthropicWireToolUse {
  type: "tool_use";
  id: string;
  name: string;
  input: JSONObject;
}

/** The answer to one `tool_use`, in the user message right after it (`content` left out when empty). */
export interface AnthropicWireToolResult {
  type: "tool_result";
  tool_use_id: string;
  content?: string;
  is_error?: true;
}

/** A `thinking` or `redacted_thinking` block, sent back exactly as it was received. */
export type AnthropicWireThinking = JSONObject & { type: "thinking" | "redacted_thinking" };

/** One content block of an assistant message. */
export type AnthropicWireAssistantBlock = AnthropicWireText | AnthropicWireToolUse | AnthropicWireThinking;

/** One content block of a user message. */
export type AnthropicWireUserBlock = AnthropicWireText | AnthropicWireToolResult;

/** One entry of `messages`: roles alternate, and the API has no system or tool role. */
export type AnthropicWireMessage =
  { role: "user"; content: AnthropicWireUserBlock[] } | { role: "assistant"; content: AnthropicWireAssistantBlock[] };

/** One entry of `tools`. */
export interface AnthropicWireTool {
  name: string;
  description?: string;
  input_schema: JSONObject;
}

/** `tool_choice`. `disable_parallel_tool_use` asks for at most one call per reply. */
export type AnthropicWireToolChoice =
  | { type: "auto" | "any"; disable_parallel_tool_use?: boolean }
  | { type: "tool"; name: string; disable_parallel_tool_use?: boolean }
  | { type: "none" };

/** The body tooltype sends, before `ModelConfig.extra` is merged into it. */
export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  system?: string;
  messages: AnthropicWireMessage[];
  tools?: AnthropicWireTool[];
  tool_choice?: AnthropicWireToolChoice;
  temperature?: number;
  stream?: true;
  /** Structured outputs: the answer's JSON Schema. */
  output_config?: { format: { type: "json_schema"; schema: JSONObject } };
}
