import { asObject, type JSONObject } from "../../json.js";
import type { ToolRegistry } from "../../tools/tool-registry.js";
import { mergeExtra, type ModelConfig } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { wellFormedJSON } from "../well-formed-json.js";
import { geminiHistory } from "./messages.js";
import { applyGeminiOutput, geminiOutputMessages, type GeminiOutput } from "./output-format.js";
import { geminiFunctionDeclaration, geminiToolConfig, placeholderDeclaration } from "./tools.js";
import type { GeminiRequestBody, GeminiThinkingConfig, GeminiWireContent, GeminiWireGenerationConfig } from "./wire.js";

/** What shapes a body besides the request and the model's config. */
export interface GeminiBodyOptions {
  /** Where declarations of functions the history used come from when the request offers none. */
  registry: ToolRegistry;
  /** The endpoint's `thinkingConfig`, sent unless `config.extra.generationConfig` sets another. */
  thinkingConfig?: GeminiThinkingConfig;
}

/** A serialised request body and what the reply reader needs to know about it. */
export interface GeminiBody {
  /** The JSON text to send. */
  text: string;
  /** Names of the custom (free-text) tools offered: their calls are read back as custom calls. */
  customTools: ReadonlySet<string>;
  /** How the typed answer was asked for, when the request asks for one. */
  output?: GeminiOutput;
}

function functionNamesUsed(contents: readonly GeminiWireContent[]): string[] {
  const names = new Set<string>();
  for (const content of contents) {
    if (content.role !== "model") continue;
    for (const part of content.parts) if (part.functionCall !== undefined) names.add(part.functionCall.name);
  }
  return [...names];
}

/**
 * Builds the generateContent body (the model is in the path): `contents` from the history,
 * `systemInstruction`, the offered tools as `functionDeclarations` with `toolConfig`, the
 * `generationConfig` (max tokens, temperature, thinking, a typed answer), and `config.extra`
 * merged last: a key there replaces tooltype's, except `generationConfig`, whose keys are merged
 * into tooltype's. When no tool is offered but the history holds calls, their functions are
 * declared anyway with mode `NONE`, so every call in `contents` names a declared function.
 */
export function buildGeminiBody(request: EndpointRequest, config: ModelConfig, options: GeminiBodyOptions): GeminiBody {
  const history = geminiHistory(geminiOutputMessages(request, config));
  const body: GeminiRequestBody = { contents: history.contents };
  if (history.system !== undefined) body.systemInstruction = { parts: [{ text: history.system }] };
  const customTools = new Set<string>();
  if (request.tools.length > 0) {
    body.tools = [{ functionDeclarations: request.tools.map(geminiFunctionDeclaration) }];
    for (const tool of request.tools) if (tool.custom) customTools.add(tool.name);
    const toolConfig = geminiToolConfig(request.toolChoice);
    if (toolConfig !== undefined) body.toolConfig = toolConfig;
  } else {
    const used = functionNamesUsed(history.contents);
    if (used.length > 0) {
      body.tools = [
        { functionDeclarations: used.map((name) => placeholderDeclaration(name, options.registry.find(name))) },
      ];
      body.toolConfig = { functionCallingConfig: { mode: "NONE" } };
    }
  }
  const generation: GeminiWireGenerationConfig = {};
  if (config.maxTokens !== undefined) generation.maxOutputTokens = config.maxTokens;
  if (config.temperature !== undefined) generation.temperature = config.temperature;
  if (options.thinkingConfig !== undefined) generation.thinkingConfig = options.thinkingConfig;
  if (Object.keys(generation).length > 0) body.generationConfig = generation;
  const output = applyGeminiOutput(body, request, config);
  const out = body as unknown as JSONObject;
  const { generationConfig: extraGeneration, ...extra } = config.extra ?? {};
  mergeExtra(out, extra);
  const extraConfig = asObject(extraGeneration);
  if (extraConfig !== undefined) {
    const merged: JSONObject = { ...(asObject(out.generationConfig) ?? {}) };
    mergeExtra(merged, extraConfig);
    out.generationConfig = merged;
  }
  return { text: wellFormedJSON(out), customTools, ...(output ? { output } : {}) };
}
