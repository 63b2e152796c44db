import { EndpointError } from "../../errors/endpoint-error.js";
import { asObject } from "../../json.js";
import { restoreOmittedArguments } from "../../schema/strict-schema-nulls.js";
import { HttpEndpoint } from "../http/endpoint.js";
import { readEventStream, readJSONBodyAs } from "../http/reply-body.js";
import type { HttpResponse } from "../http/http-response.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { resolveResponsesOptions, type OpenAIResponsesOptions } from "./options.js";
import { readItemTypes } from "./output-items.js";
import { parseResponsesReply, type ResponsesReplyOptions } from "./reply.js";
import { buildResponsesBody, type ResponsesBody } from "./request.js";
import type { ResponsesModelConfig } from "./responses-config.js";
import { ResponsesStreamAssembler } from "./stream.js";
import { attachResponsesOutput } from "./text-format.js";

const api = "a server that serves the OpenAI Responses API (…/v1/responses)";

/** Reports the server items of a JSON reply (a stream reports them as they arrive). */
function reportServerItems(reply: EndpointReply, request: EndpointRequest): void {
  const output = asObject(reply.raw)?.output;
  if (request.onEvent === undefined || !Array.isArray(output)) return;
  for (const value of output) {
    const item = asObject(value);
    if (item !== undefined && typeof item.type === "string" && !readItemTypes.has(item.type))
      request.onEvent({ type: "server-item", round: request.round, item });
  }
}

async function readStreamedReply(
  response: HttpResponse,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
  options: ResponsesReplyOptions,
): Promise<EndpointReply> {
  const assembler = new ResponsesStreamAssembler(request.round, onEvent);
  await readEventStream(response, (message) => assembler.push(message));
  return parseResponsesReply(assembler.finish(), options);
}

/** Maps the strict-mode nulls back to absent properties in the calls of tools sent with `strict: true`. */
function restoreStrictNulls(reply: EndpointReply, body: ResponsesBody): void {
  for (const choice of reply.choices) {
    for (const call of choice.toolCalls) {
      const conversion = body.strict.get(call.name);
      if (conversion && call.type === "function" && call.arguments)
        call.arguments = restoreOmittedArguments(call.arguments, conversion);
    }
  }
}

/** A 400 saying the model takes no encrypted reasoning (models without reasoning answer so to `include`). */
function refusesEncryptedReasoning(error: unknown, body: ResponsesBody): boolean {
  return (
    body.encryptedReasoning &&
    EndpointError.isInstance(error) &&
    error.status === 400 &&
    /encrypted[ _]content/i.test(error.message)
  );
}

/**
 * OpenAI's Responses API (`POST …/v1/responses`: OpenAI, Azure, and the servers that serve it:
 * llama.cpp's `llama-server`, vLLM, Ollama, LM Studio) over undici, with one keep-alive pool per
 * endpoint. The conversation goes as input items without server state: reasoning items travel on
 * the assistant messages (as provider data) and go back on the next request, encrypted.
 *
 * ```ts
 * const ep = new OpenAIResponses({ apiKey: process.env.OPENAI_API_KEY });
 * ep.tools.add(new Weather());
 * ep.config("o4-mini").reasoning = { effort: "high", summary: "auto" };
 * ```
 */
export class OpenAIResponses extends HttpEndpoint<"OpenAIResponses"> {
  /** `openai`: the GenAI conventions name the API's maker, whichever server serves it (`ModelEndpoint.provider`). */
  readonly provider: string = "openai";
  readonly #query: string;

  /** `options`: a base URL alone, or the full options (default: OpenAI's own API). */
  constructor(options: string | OpenAIResponsesOptions = {}) {
    const resolved = resolveResponsesOptions(options);
    super("OpenAIResponses", resolved, typeof options === "string" ? {} : options);
    this.#query = resolved.query;
  }

  /** The settings of `model` (the Responses API's own included): created on first use, then the same object. */
  override config(model: string): ResponsesModelConfig {
    return super.config(model);
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries (or is cancelled, or the server reports an error) and
   * `ProtocolError` for a body that is not a response (a stream cut before its end included).
   */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    const config = this.config(request.model);
    const body = this.#body(request, config);
    try {
      return await this.#sendBody(body, request, config);
    } catch (error) {
      if (!refusesEncryptedReasoning(error, body)) throw error;
      // A model without reasoning: ask without encrypted content from now on, and send again.
      config.encryptedReasoning = false;
      return this.#sendBody(this.#body(request, config), request, config);
    }
  }

  #body(request: EndpointRequest, config: ResponsesModelConfig): ResponsesBody {
    return buildResponsesBody(request, config, {
      baseURL: this.baseURL,
      onWarning: (message) => request.onEvent?.({ type: "warning", round: request.round, message }),
    });
  }

  async #sendBody(body: ResponsesBody, request: EndpointRequest, config: ResponsesModelConfig): Promise<EndpointReply> {
    const options: ResponsesReplyOptions = {
      maxToolInput: request.maxToolInput,
      maxDepth: request.maxDepth,
      baseURL: this.baseURL,
      stored: config.serverState === true,
    };
    const reply = await this.post(`/responses${this.#query}`, body.text, request, {
      json: (response) =>
        readJSONBodyAs(response, api, (parsed) => {
          const read = parseResponsesReply(parsed, options);
          reportServerItems(read, request);
          return read;
        }),
      stream: (response, onEvent) => readStreamedReply(response, request, onEvent, options),
    });
    if (body.strict.size > 0) restoreStrictNulls(reply, body);
    if (body.output !== undefined) attachResponsesOutput(reply, body.output);
    return reply;
  }
}
