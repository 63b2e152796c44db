import type { JSONObject } from "../../json.js";
import type { ToolRegistry } from "../../tools/tool-registry.js";
import { anthropicHistory } from "./messages.js";
import { anthropicOutputMessages, applyAnthropicOutput, type AnthropicOutput } from "./output-format.js";
import { anthropicTool, anthropicToolChoice, placeholderTool } from "./tools.js";
import type { AnthropicRequestBody, AnthropicWireMessage } from "./wire.js";
import { mergeExtra, type ModelConfig } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { wellFormedJSON } from "../well-formed-json.js";

/** What shapes a body besides the request and the model's config. */
export interface AnthropicBodyOptions {
  /** `max_tokens` when the config sets none (the API requires it). */
  maxTokens: number;
  /** Where definitions of tools the history used come from when the request offers none. */
  registry: ToolRegistry;
}

/** A serialised request body and what the reply parser needs to know about it. */
export interface AnthropicBody {
  /** The JSON text to send. */
  text: string;
  /** Names of the custom (free-text) tools offered: their calls are read back as custom calls. */
  customTools: ReadonlySet<string>;
  /** How the typed answer was asked for, when the request asks for one. */
  output?: AnthropicOutput;
}

function toolNamesUsed(messages: readonly AnthropicWireMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const block of message.content) if (block.type === "tool_use") names.add(block.name);
  }
  return [...names];
}

/**
 * Builds the Messages API body: `model`, `max_tokens` (the config's, else the endpoint's default),
 * the top-level `system`, the translated history, the offered tools and `tool_choice`, the
 * temperature, `stream`, and `config.extra` merged last (a key there replaces tooltype's).
 * When no tool is offered but the history holds tool calls, their tools are defined anyway with
 * `tool_choice: { type: "none" }`: the API refuses `tool_use` blocks whose tools are not defined.
 */
export function buildAnthropicBody(
  request: EndpointRequest,
  config: ModelConfig,
  options: AnthropicBodyOptions,
): AnthropicBody {
  const history = anthropicHistory(anthropicOutputMessages(request, config));
  const body: AnthropicRequestBody = {
    model: request.model,
    max_tokens: config.maxTokens ?? options.maxTokens,
    messages: history.messages,
  };
  if (history.system !== undefined) body.system = history.system;
  const customTools = new Set<string>();
  if (request.tools.length > 0) {
    body.tools = request.tools.map(anthropicTool);
    for (const tool of request.tools) if (tool.custom) customTools.add(tool.name);
    const choice = anthropicToolChoice(request.toolChoice, config);
    if (choice !== undefined) body.tool_choice = choice;
  } else {
    const used = toolNamesUsed(history.messages);
    if (used.length > 0) {
      body.tools = used.map((name) => placeholderTool(name, options.registry.find(name)));
      body.tool_choice = { type: "none" };
    }
  }
  const output = applyAnthropicOutput(body, request, config);
  if (config.temperature !== undefined) body.temperature = config.temperature;
  if (request.stream) body.stream = true;
  const out = body as unknown as JSONObject;
  mergeExtra(out, config.extra);
  return { text: wellFormedJSON(out), customTools, ...(output ? { output } : {}) };
}
