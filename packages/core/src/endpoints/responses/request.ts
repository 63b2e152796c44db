import type { JSONObject } from "../../json.js";
import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import { mergeExtra } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { wellFormedJSON } from "../well-formed-json.js";
import { responsesInput } from "./messages.js";
import type { ResponsesModelConfig } from "./responses-config.js";
import { responsesOutput, responsesOutputMessages, type ResponsesOutput } from "./text-format.js";
import { responsesToolChoice, responsesTools } from "./tools.js";
import type { ResponsesRequestBody } from "./wire.js";

/** What shapes a body besides the request and the model's config. */
export interface ResponsesBodyOptions {
  /** The endpoint's base URL: kept output goes back only to the server that gave it. */
  baseURL: string;
  /** Hears when a tool or an answer schema that asked to be strict is sent non-strict. */
  onWarning?: (message: string) => void;
}

/** A serialised request body and what the reply parser needs to know about it. */
export interface ResponsesBody {
  /** The JSON text to send. */
  text: string;
  /** The strict conversions of the tools sent with `strict: true`, by name (to map nulls back). */
  strict: ReadonlyMap<string, StrictSchemaResult>;
  /** How the typed answer was asked for, when the request asks for one. */
  output?: ResponsesOutput;
  /** Whether the body asks for `reasoning.encrypted_content`. */
  encryptedReasoning: boolean;
}

const noStrictTools: ReadonlyMap<string, StrictSchemaResult> = new Map();

/**
 * Builds the Responses API body (docs/responses.md has the whole mapping): the conversation as
 * `instructions` and `input` items, the registry's tools and the configured server tools with
 * `tool_choice` and `parallel_tool_calls`, `temperature`, `max_output_tokens`, `reasoning`, a
 * typed answer's `text.format`, `stream`, and by default `store: false` with
 * `include: ["reasoning.encrypted_content"]` (with `serverState`, `store: true` and
 * `previous_response_id`); `config.extra` merged last (a key there replaces tooltype's). A lone
 * surrogate anywhere goes out as U+FFFD.
 */
export function buildResponsesBody(
  request: EndpointRequest,
  config: ResponsesModelConfig,
  options: ResponsesBodyOptions,
): ResponsesBody {
  const output = responsesOutput(request, config, options.onWarning);
  const serverState = config.serverState === true;
  const history = responsesInput(responsesOutputMessages(request, output), options.baseURL, serverState);
  const body: ResponsesRequestBody = {
    model: request.model,
    input: history.input,
    store: serverState,
    stream: request.stream,
  };
  if (history.instructions !== undefined) body.instructions = history.instructions;
  if (history.previousResponseId !== undefined) body.previous_response_id = history.previousResponseId;
  let strict = noStrictTools;
  if (request.tools.length > 0 || (config.serverTools?.length ?? 0) > 0) {
    const tools = responsesTools(request.tools, config, options.onWarning);
    body.tools = tools.tools;
    strict = tools.strict;
    if (request.toolChoice !== undefined) body.tool_choice = responsesToolChoice(request.toolChoice, request.tools);
    if (config.parallelToolCalls !== undefined) body.parallel_tool_calls = config.parallelToolCalls;
  }
  if (config.temperature !== undefined) body.temperature = config.temperature;
  if (config.maxTokens !== undefined) body.max_output_tokens = config.maxTokens;
  if (config.reasoning !== undefined) body.reasoning = { ...config.reasoning };
  if (output?.format !== undefined) body.text = { format: output.format };
  // Without server state, reasoning can only go back as the encrypted content the server hands out.
  const encryptedReasoning = !serverState && config.encryptedReasoning !== false;
  if (encryptedReasoning) body.include = ["reasoning.encrypted_content"];
  const out = body as unknown as JSONObject;
  mergeExtra(out, config.extra);
  return { text: wellFormedJSON(out), strict, encryptedReasoning, ...(output ? { output } : {}) };
}
