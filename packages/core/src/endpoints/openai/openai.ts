import type { JSONObject } from "../../json.js";
import { restoreOmittedArguments } from "../../schema/strict-schema-nulls.js";
import { HttpEndpoint } from "../http/endpoint.js";
import type { HttpResponse } from "../http/http-response.js";
import type { RequestBody } from "../http/request-body.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { resolveOpenAIOptions, type OpenAIOptions } from "./options.js";
import { parseOpenAIReply } from "./reply.js";
import { buildOpenAIBody, checkSingleChoice, type MaxTokensField, type OpenAIBody } from "./request.js";
import { OpenAIStreamAssembler } from "./stream.js";
import { attachOpenAIOutput } from "./response-format.js";
import { readQwenDialect } from "../qwen/dialect.js";
import { QwenTextDeltas } from "../qwen/stream-text.js";
import { readEventStream, readJSONBodyAs } from "../http/reply-body.js";
import type { ArgumentLimits } from "../tool-arguments.js";

function readJSONReply(response: HttpResponse, limits: ArgumentLimits, baseURL: string): Promise<EndpointReply> {
  return readJSONBodyAs(response, "an OpenAI-compatible /v1 API", (body) => parseOpenAIReply(body, limits, baseURL));
}

async function readStreamedReply(
  response: HttpResponse,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
  qwen: boolean,
  baseURL: string,
): Promise<EndpointReply> {
  // The qwen dialect reports text deltas only once they are known not to be part of a call.
  const deltas = qwen && onEvent ? new QwenTextDeltas(onEvent) : undefined;
  const assembler = new OpenAIStreamAssembler(request.round, deltas?.onEvent ?? onEvent);
  await readEventStream(response, (message) => assembler.push(message));
  const body = assembler.finish();
  deltas?.end();
  return parseOpenAIReply(body, request, baseURL);
}

/** Applies the strict-mode null mapping to the calls of tools that were sent with `strict: true`. */
function restoreStrictNulls(reply: EndpointReply, body: OpenAIBody): void {
  const strict = body.tools?.strict;
  if (!strict || strict.size === 0) return;
  for (const choice of reply.choices) {
    for (const call of choice.toolCalls) {
      const conversion = strict.get(call.name);
      if (conversion && call.type === "function" && call.arguments)
        call.arguments = restoreOmittedArguments(call.arguments, conversion);
    }
  }
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
    const reply = this.#sendBody(body, request);
    // Most bodies send no strict tool and ask for no typed answer: the reply is final as parsed.
    if (!(body.tools?.strict?.size ?? 0) && body.output === undefined) return reply;
    return reply.then((parsed) => {
      restoreStrictNulls(parsed, body);
      if (body.output !== undefined) attachOpenAIOutput(parsed, body.output);
      return parsed;
    });
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
    return this.#sendBody(JSON.stringify(sent), request);
  }

  #sendBody(body: string | RequestBody, request: EndpointRequest): Promise<EndpointReply> {
    const qwen = this.config(request.model).dialect === "qwen";
    const reply = this.post(`/chat/completions${this.#query}`, body, request, {
      json: (response) => readJSONReply(response, request, this.baseURL),
      stream: (response, onEvent) => readStreamedReply(response, request, onEvent, qwen, this.baseURL),
    });
    // The qwen dialect also reads calls written in the text (Hermes, Qwen XML).
    return qwen ? reply.then((parsed) => readQwenDialect(parsed, request)) : reply;
  }
}
