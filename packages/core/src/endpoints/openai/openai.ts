import type { JSONObject } from "../../json.js";
import { HttpEndpoint } from "../http/endpoint.js";
import type { HttpResponse } from "../http/http-response.js";
import { readEventStream, readJSONBodyAs } from "../http/reply-body.js";
import type { RequestBody } from "../http/request-body.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { qwenToolSchemas } from "../qwen/dialect.js";
import { QwenTextDeltas } from "../qwen/stream-text.js";
import { resolveOpenAIOptions, type OpenAIOptions } from "./options.js";
import { parseOpenAIReply, type OpenAIReplyOptions } from "./reply.js";
import { buildOpenAIBody, checkSingleChoice, type MaxTokensField, type OpenAIBody } from "./request.js";
import { OpenAIStreamAssembler } from "./stream.js";

const api = "an OpenAI-compatible /v1 API";

async function readStreamedReply(
  response: HttpResponse,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
  options: OpenAIReplyOptions,
): Promise<EndpointReply> {
  // The qwen dialect reports text deltas only once they are known not to be part of a call.
  const deltas = options.qwenTools && onEvent ? new QwenTextDeltas(onEvent) : undefined;
  const assembler = new OpenAIStreamAssembler(request.round, deltas?.onEvent ?? onEvent);
  await readEventStream(response, (message) => assembler.push(message));
  const body = assembler.finish();
  deltas?.end();
  return parseOpenAIReply(body, options);
}

/**
 * An OpenAI-compatible chat completions endpoint (OpenAI, Azure, LM Studio, Ollama, vLLM,
 * llama.cpp, …) over undici, with one keep-alive pool per endpoint.
 *
 * ```ts
 * const ep = new OpenAI("http://localhost:1234");   // → http://localhost:1234/v1
 * ep.tools.add(new Weather());
 * ep.config("qwen3").strict = true;
 * ```
 */
export class OpenAI extends HttpEndpoint<"OpenAI"> {
  /** `openai`: the chat completions API, whichever server speaks it (`ModelEndpoint.provider`). */
  readonly provider: string = "openai";
  readonly #query: string;
  readonly #maxTokensField: MaxTokensField;

  /** `options`: a base URL alone, or the full options (default: OpenAI's own API). */
  constructor(options: string | OpenAIOptions = {}) {
    const resolved = resolveOpenAIOptions(options);
    super("OpenAI", resolved, typeof options === "string" ? {} : options);
    this.#query = resolved.query;
    this.#maxTokensField = resolved.maxTokensField;
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries, `AbortedError` when `request.signal` cancels it, and
   * `ProtocolError` for a body that is not a chat completion (a stream cut before its end
   * included); nothing is reported as a result then.
   */
  send(request: EndpointRequest): Promise<EndpointReply> {
    // Not async: the reply's promise is handed on, not wrapped (gain named at the transport's header cache).
    let body: OpenAIBody;
    try {
      body = buildOpenAIBody(request, this.config(request.model), {
        maxTokensField: this.#maxTokensField,
        baseURL: this.baseURL,
        onWarning: (message) => request.onEvent?.({ type: "warning", round: request.round, message }),
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#sendBody(body, request, body);
  }

  /**
   * Sends a chat completions body of your own as it is (`completions(model, rawBody)`; this makes
   * the endpoint a `RawRequestEndpoint` for the loop), with
   * `model` and `stream` taken from `request` (and usage asked for when streaming); the reply is
   * parsed like any other. `n` other than 1 is refused before sending.
   */
  async sendRaw(body: JSONObject, request: EndpointRequest): Promise<EndpointReply> {
    checkSingleChoice(body.n, "the raw body's n");
    const sent: JSONObject = { ...body, model: request.model, stream: request.stream };
    if (request.stream && sent.stream_options === undefined) sent.stream_options = { include_usage: true };
    return this.#sendBody(JSON.stringify(sent), request, {});
  }

  // `asked`: the strict tools and the typed answer the body asked for, which the reply is read against.
  #sendBody(
    body: string | RequestBody,
    request: EndpointRequest,
    asked: Partial<Pick<OpenAIBody, "tools" | "output">>,
  ): Promise<EndpointReply> {
    const options: OpenAIReplyOptions = {
      maxToolInput: request.maxToolInput,
      maxDepth: request.maxDepth,
      baseURL: this.baseURL,
    };
    if (asked.tools?.strict.size) options.strict = asked.tools.strict;
    if (asked.output !== undefined) options.output = asked.output;
    // The qwen dialect also reads calls written in the text (Hermes, Qwen XML).
    if (this.config(request.model).dialect === "qwen") options.qwenTools = qwenToolSchemas(request.tools);
    return this.post(`/chat/completions${this.#query}`, body, request, {
      json: (response) => readJSONBodyAs(response, api, (parsed) => parseOpenAIReply(parsed, options)),
      stream: (response, onEvent) => readStreamedReply(response, request, onEvent, options),
    });
  }
}
