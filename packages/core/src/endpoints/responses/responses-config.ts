import type { JSONObject } from "../../json.js";
import type { ModelConfig } from "../model-config.js";
import type { ReasoningEffort, ReasoningSummary } from "./wire.js";

/** A custom (free-text) tool's grammar: its input must match it (OpenAI's `format: { type: "grammar" }`). */
export interface CustomToolGrammar {
  /** `lark` (a Lark grammar) or `regex` (a regular expression). */
  syntax: "lark" | "regex";
  /** The grammar's text. */
  definition: string;
}

/**
 * The settings of one model on an `OpenAIResponses` endpoint (`ep.config(model)`): every
 * `ModelConfig` setting (`maxTokens` is sent as `max_output_tokens`) and the Responses API's own.
 * Change them at any time.
 */
export interface ResponsesModelConfig extends ModelConfig {
  /** `reasoning.effort` and `reasoning.summary` (ask for `summary: "auto"` to get the model's reasoning summaries). */
  reasoning?: { effort?: ReasoningEffort; summary?: ReasoningSummary };
  /**
   * Tools the server runs itself (`{ type: "web_search" }`, `{ type: "file_search", vector_store_ids }`,
   * `{ type: "code_interpreter", container }`, `{ type: "mcp", server_url, … }`), sent as given after
   * the registry's tools. Their calls are never run here and never meet the policy: their items are
   * kept in the conversation and reported as `server-tool` events.
   */
  serverTools?: JSONObject[];
  /** Grammars of the registry's custom (free-text) tools, by tool name. */
  grammars?: Record<string, CustomToolGrammar>;
  /**
   * Ask for `reasoning.encrypted_content`, so reasoning goes back on later requests without the
   * server storing it (default true). Models without reasoning refuse it with a 400 naming
   * encrypted content: the request is then sent again without it, and this turns false.
   */
  encryptedReasoning?: boolean;
  /**
   * Let the server keep the conversation (`store: true` and `previous_response_id`): only the
   * messages after the last reply this server kept are sent. Default false: every request sends
   * the whole conversation with `store: false`. Each reply kept so is marked on its assistant
   * message (`providerData.responses.stored`), so a stored context says which server holds it.
   */
  serverState?: boolean;
}
