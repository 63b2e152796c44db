import type { JSONObject } from "../../json.js";

// The request side of OpenAI's Responses API (`POST /v1/responses`), as tooltype sends it. The
// conformance test checks these against the `openai` package's own types.

/** Visible text of an assistant message sent back. */
export interface ResponsesWireOutputText {
  type: "output_text";
  text: string;
  annotations: [];
}

/** A system, developer or user message: its text as a string. */
export interface ResponsesWireInputMessage {
  type: "message";
  role: "user" | "system" | "developer";
  content: string;
}

/**
 * An assistant message sent back: its text as `output_text` parts (older llama.cpp servers take
 * assistant text in no other shape). `id` only when the same server gave it.
 */
export interface ResponsesWireAssistantMessage {
  type: "message";
  role: "assistant";
  content: ResponsesWireOutputText[];
  id?: string;
}

/** A call of a function tool (`arguments`: the JSON text). `id`: the item's id, only back to the server that gave it. */
export interface ResponsesWireFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}

/** A call of a custom (free-text) tool (`input`: the text). */
export interface ResponsesWireCustomCall {
  type: "custom_tool_call";
  call_id: string;
  name: string;
  input: string;
  id?: string;
}

/** A tool's result, answering the call with the same `call_id`. */
export interface ResponsesWireCallOutput {
  type: "function_call_output" | "custom_tool_call_output";
  call_id: string;
  output: string;
}

/**
 * An output item sent back exactly as the same server gave it: a reasoning item (with its
 * encrypted content and summaries), a server-side tool's item, an item type tooltype does not know.
 */
export type ResponsesWireKeptItem = JSONObject & { type: string };

/** One entry of `input`. */
export type ResponsesWireInputItem =
  | ResponsesWireInputMessage
  | ResponsesWireAssistantMessage
  | ResponsesWireFunctionCall
  | ResponsesWireCustomCall
  | ResponsesWireCallOutput
  | ResponsesWireKeptItem;

/** How a custom tool's input is constrained: a Lark grammar or a regular expression. */
export interface ResponsesWireGrammar {
  type: "grammar";
  syntax: "lark" | "regex";
  definition: string;
}

/** A function tool. `strict` is always sent: llama.cpp takes a missing one as `true`. */
export interface ResponsesWireFunctionTool {
  type: "function";
  name: string;
  description: string;
  parameters: JSONObject;
  strict: boolean;
}

/** A custom (free-text) tool. */
export interface ResponsesWireCustomTool {
  type: "custom";
  name: string;
  description: string;
  format?: ResponsesWireGrammar;
}

/** One entry of `tools`: the registry's tools, then the server's own tools as configured (`serverTools`). */
export type ResponsesWireTool = ResponsesWireFunctionTool | ResponsesWireCustomTool | JSONObject;

/** `tool_choice`. */
export type ResponsesWireToolChoice =
  "auto" | "none" | "required" | { type: "function"; name: string } | { type: "custom"; name: string };

/** `text.format` for a typed answer: the schema (strict-converted when `strict`). */
export interface ResponsesWireTextFormat {
  type: "json_schema";
  name: string;
  schema: { [keyword: string]: unknown };
  strict: boolean;
}

/** How hard a reasoning model thinks before it answers. */
export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** How much of its reasoning the model summarises in the reply. */
export type ReasoningSummary = "auto" | "concise" | "detailed";

/** `reasoning`. */
export interface ResponsesWireReasoning {
  effort?: ReasoningEffort;
  summary?: ReasoningSummary;
}

/** The body tooltype sends, before `ModelConfig.extra` is merged into it. */
export interface ResponsesRequestBody {
  model: string;
  instructions?: string;
  input: ResponsesWireInputItem[];
  tools?: ResponsesWireTool[];
  tool_choice?: ResponsesWireToolChoice;
  parallel_tool_calls?: boolean;
  temperature?: number;
  max_output_tokens?: number;
  reasoning?: ResponsesWireReasoning;
  text?: { format: ResponsesWireTextFormat };
  /** False unless the server keeps the conversation (`serverState`). */
  store: boolean;
  include?: "reasoning.encrypted_content"[];
  previous_response_id?: string;
  stream: boolean;
}
