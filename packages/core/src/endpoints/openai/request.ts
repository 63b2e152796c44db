import type { JSONObject, JSONValue } from "../../json.js";
import type { Tool } from "../../tools/tool.js";
import { mergeExtra, type ModelConfig, type ToolChoice } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import type { RequestBody } from "../http/request-body.js";
import { openAIHistoryBytes } from "./history-bytes.js";
import { openAIOutput, type OpenAIOutput } from "./response-format.js";
import { openAIToolsPayload, type ToolsPayload } from "./tools.js";
import type { OpenAIRequestBody, OpenAIWireToolChoice } from "./wire.js";

/**
 * Which body field carries `ModelConfig.maxTokens`. OpenAI wants `max_completion_tokens`
 * (reasoning models reject `max_tokens`); many local servers (Ollama, LM Studio, older
 * llama.cpp and vLLM) only read `max_tokens`.
 */
export type MaxTokensField = "max_tokens" | "max_completion_tokens";

/** What shapes a body besides the request and the model's config. */
export interface OpenAIBodyOptions {
  /** The field for `maxTokens`. */
  maxTokensField: MaxTokensField;
  /** The endpoint's base URL: assistant messages carry back the fields this server sent with them. */
  baseURL?: string;
  /**
   * Hears when a tool that asked to be strict is sent non-strict (once per tool revision, with the
   * tool), or a typed answer's schema is (once per schema, without a tool).
   */
  onWarning?: (message: string, tool?: Tool) => void;
}

/** A serialised request body and the tools payload it carries. */
export interface OpenAIBody extends RequestBody {
  /** The tools sent, when any (the reply parser maps strict nulls back with it). */
  tools: ToolsPayload | undefined;
  /** How the typed answer was asked for, when the request asks for one. */
  output?: OpenAIOutput;
}

function wireToolChoice(choice: ToolChoice, tools: readonly Tool[]): OpenAIWireToolChoice {
  if (typeof choice === "string") return choice;
  const custom = tools.some((tool) => tool.name === choice.name && tool.custom);
  return custom
    ? { type: "custom", custom: { name: choice.name } }
    : { type: "function", function: { name: choice.name } };
}

/** Refuses `n` other than 1 (the loop follows one choice), naming where it was set. */
export function checkSingleChoice(n: JSONValue | undefined, where: string): void {
  if (n !== undefined && n !== 1) {
    throw new RangeError(
      `${where} is ${JSON.stringify(n)}: tooltype asks for one choice per request (n = 1). Remove "n", or send several requests.`,
    );
  }
}

/** Collects a body's pieces: short texts are joined, encoded pieces are kept as they are. */
class BodyPieces implements RequestBody {
  readonly pieces: Buffer[] = [];
  byteLength = 0;
  #text = "";

  text(text: string): this {
    this.#text += text;
    return this;
  }

  bytes(pieces: readonly Buffer[], byteLength: number): this {
    this.#flush();
    this.pieces.push(...pieces);
    this.byteLength += byteLength;
    return this;
  }

  end(text: string): RequestBody {
    this.text(text).#flush();
    return this;
  }

  #flush(): void {
    if (this.#text === "") return;
    const piece = Buffer.from(this.#text);
    this.pieces.push(piece);
    this.byteLength += piece.length;
    this.#text = "";
  }
}

/**
 * Builds the chat completions body as UTF-8 pieces: messages from their encoded wire text (each
 * serialised once per conversation), the tools array from its cached bytes, the scalar settings,
 * and `config.extra` merged last (a key in `extra` replaces the one tooltype would send,
 * `messages` and `tools` included). `extra.n` other than 1 is refused before anything is sent:
 * the loop follows one choice.
 */
export function buildOpenAIBody(request: EndpointRequest, config: ModelConfig, options: OpenAIBodyOptions): OpenAIBody {
  const extra = config.extra ?? {};
  checkSingleChoice(extra.n, "config.extra.n");
  const offered = request.tools.length > 0;
  const head: Omit<OpenAIRequestBody, "messages" | "tools"> = { model: request.model, stream: request.stream };
  if (request.stream) head.stream_options = { include_usage: true };
  if (offered && request.toolChoice !== undefined) head.tool_choice = wireToolChoice(request.toolChoice, request.tools);
  if (offered && config.parallelToolCalls !== undefined) head.parallel_tool_calls = config.parallelToolCalls;
  if (config.temperature !== undefined) head.temperature = config.temperature;
  if (config.maxTokens !== undefined) head[options.maxTokensField] = config.maxTokens;
  const output = openAIOutput(request, config, options.onWarning);
  if (output?.responseFormat !== undefined) head.response_format = output.responseFormat;
  const rest = { ...head } as unknown as JSONObject;
  mergeExtra(rest, extra);

  const body = new BodyPieces().text("{");
  let comma = "";
  if (!Object.hasOwn(rest, "messages")) {
    // In prompt mode the history is the conversation's own (encoded once), led by the schema's system message.
    const history = openAIHistoryBytes(request.messages, options.baseURL, output?.system);
    body.text(`"messages":[`).bytes(history.pieces, history.byteLength).text("]");
    comma = ",";
  }
  let tools: ToolsPayload | undefined;
  if (offered && !Object.hasOwn(rest, "tools")) {
    tools = openAIToolsPayload(request.tools, config.strict === true, options.onWarning);
    body.text(`${comma}"tools":`).bytes([tools.bytes], tools.bytes.length);
    comma = ",";
  }
  const scalars = JSON.stringify(rest).slice(1, -1);
  const { pieces, byteLength } = body.end(scalars === "" ? "}" : `${comma}${scalars}}`);
  return { pieces, byteLength, tools, ...(output ? { output } : {}) };
}
