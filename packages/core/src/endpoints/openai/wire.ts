import type { JSONObject } from "../../json.js";

// The request side of the OpenAI chat completions wire format, as tooltype sends it. The
// conformance test checks these against the `openai` package's own types.

/** A function call in an assistant message (`arguments`: the JSON text as the model sent it). */
export interface OpenAIWireFunctionCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A custom (free-text) tool call in an assistant message. */
export interface OpenAIWireCustomCall {
  id: string;
  type: "custom";
  custom: { name: string; input: string };
}

/** One message of `messages`. */
export type OpenAIWireMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | {
      role: "assistant";
      content: string | null;
      tool_calls?: (OpenAIWireFunctionCall | OpenAIWireCustomCall)[];
      refusal?: string;
    }
  | { role: "tool"; tool_call_id: string; content: string };

/** One entry of `tools`. */
export type OpenAIWireTool =
  | { type: "function"; function: { name: string; description: string; parameters: JSONObject; strict?: boolean } }
  | { type: "custom"; custom: { name: string; description: string } };

/** `tool_choice`. */
export type OpenAIWireToolChoice =
  | "auto"
  | "none"
  | "required"
  | { type: "function"; function: { name: string } }
  | { type: "custom"; custom: { name: string } };

/** The body tooltype sends, before `ModelConfig.extra` is merged into it. */
export interface OpenAIRequestBody {
  model: string;
  messages: OpenAIWireMessage[];
  tools?: OpenAIWireTool[];
  tool_choice?: OpenAIWireToolChoice;
  parallel_tool_calls?: boolean;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream: boolean;
  stream_options?: { include_usage: boolean };
  /** A typed answer's format. */
  response_format?: OpenAIWireResponseFormat;
}

/** `response_format` for a typed answer: the schema (strict-converted when `strict`). */
export interface OpenAIWireResponseFormat {
  type: "json_schema";
  json_schema: { name: string; schema: { [keyword: string]: unknown }; strict: boolean };
}
