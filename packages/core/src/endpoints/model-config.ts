import type { Message } from "../context/message.js";
import { setOwn, type JSONObject } from "../json.js";

/** Which tools the model may (or must) call. Affects what the model returns, never what may run. */
export type ToolChoice = "auto" | "none" | "required" | { name: string };

/**
 * The tool choice one request is sent with. A forced choice (`required` or a named tool) applies
 * only to a round that follows a user message: once tool results are the last message the model
 * chooses freely (`auto`), or it would call the tool again until the round limit.
 */
export function toolChoiceForRound(
  choice: ToolChoice | undefined,
  messages: readonly Message[],
): ToolChoice | undefined {
  const forced = choice === "required" || typeof choice === "object";
  return forced && messages.at(-1)?.role === "tool" ? "auto" : choice;
}

/** How tool calls are read: native OpenAI calls only, or also Qwen/Hermes calls written as text. */
export type Dialect = "openai" | "qwen";

/**
 * How a typed answer (`options.output`) is asked for: `native` (the provider's response format:
 * OpenAI's `response_format` `json_schema`, Anthropic's `output_config.format`), `tool` (one more
 * tool whose input is the answer, which the model must call to finish), or `prompt` (the schema in
 * the system prompt and the answer read from the text, for servers without a response format).
 */
export type OutputMode = "native" | "tool" | "prompt";

/** Per-model settings of an endpoint (`endpoint.config(model)`); change them at any time. */
export interface ModelConfig {
  /** Tool choice; a forced choice (`required`, a name) applies to a completion's first round only. */
  toolChoice?: ToolChoice;
  /** Allow several calls in one reply (`parallel_tool_calls`); unset: the server's default. */
  parallelToolCalls?: boolean;
  /** OpenAI structured outputs for tool schemas; tools whose schema cannot be strict fall back with a warning. */
  strict?: boolean;
  /** Sampling temperature. */
  temperature?: number;
  /** Maximum tokens of one reply. */
  maxTokens?: number;
  /** Extra body fields, merged into every request for this model. */
  extra?: JSONObject;
  /** How tool calls are read from replies. Default `openai`. */
  dialect?: Dialect;
  /**
   * How a typed answer is asked for. Default: `prompt` for the qwen dialect, else `native` on
   * OpenAI-compatible servers and `tool` on Anthropic (set `native` for models with structured outputs).
   */
  outputMode?: OutputMode;
}

/** Merges `config.extra` into a request body last: each key set replaces tooltype's own (even `__proto__` stays a plain key). */
export function mergeExtra(body: JSONObject, extra: JSONObject | undefined): void {
  for (const [key, value] of Object.entries(extra ?? {})) if (value !== undefined) setOwn(body, key, value);
}
