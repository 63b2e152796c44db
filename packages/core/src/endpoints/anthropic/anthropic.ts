import type { JSONObject } from "../../json.js";
import { resolveAnthropicOptions, type AnthropicOptions } from "./options.js";
import { parseAnthropicReply, type AnthropicReplyOptions } from "./reply.js";
import { buildAnthropicBody } from "./request.js";
import { attachAnthropicOutput } from "./output-format.js";
import { AnthropicStreamAssembler } from "./stream.js";
import { HttpEndpoint } from "../http/endpoint.js";
import type { HttpResponse } from "../http/http-response.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { readEventStream, readJSONBody } from "../http/reply-body.js";

async function readJSONReply(response: HttpResponse, options: AnthropicReplyOptions): Promise<EndpointReply> {
  return parseAnthropicReply(await readJSONBody(response, "the Anthropic Messages API (…/v1)"), options);
}

async function readStreamedReply(
  response: HttpResponse,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
  options: AnthropicReplyOptions,
): Promise<EndpointReply> {
  const assembler = new AnthropicStreamAssembler(request.round, onEvent);
  await readEventStream(response, (message) => assembler.push(message));
  return parseAnthropicReply(assembler.finish(), options);
}

/**
 * Anthropic's Messages API (`POST …/v1/messages`) over undici, with one keep-alive pool per
 * endpoint: tools as `{ name, description, input_schema }`, `tool_use` blocks read as calls, the
 * shared history translated into `tool_use`/`tool_result` blocks, streaming included.
 *
 * ```ts
 * const claude = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY });
 * claude.tools.add(new Weather());
 * claude.config("claude-sonnet-4-5").maxTokens = 2048; // default 4096: the API requires one
 * ```
 *
 * In `config(model)`, `maxTokens` unset means the endpoint's default (4096); `strict` and
 * `dialect` do not apply.
 */
export class Anthropic extends HttpEndpoint<"Anthropic"> {
  /** `anthropic`: the Messages API (`ModelEndpoint.provider`). */
  readonly provider: string = "anthropic";
  readonly #maxTokens: number;

  constructor(options: AnthropicOptions = {}) {
    const resolved = resolveAnthropicOptions(options);
    super("Anthropic", resolved, options);
    this.#maxTokens = resolved.maxTokens;
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries (or the stream reports an error), `AbortedError` when
   * `request.signal` cancels it, and `ProtocolError` for a body that is not a Messages reply (a
   * stream cut before its end included).
   */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    const body = buildAnthropicBody(request, this.config(request.model), {
      maxTokens: this.#maxTokens,
      registry: this.tools,
    });
    const reply = await this.#sendText(body.text, request, {
      maxToolInput: request.maxToolInput,
      maxDepth: request.maxDepth,
      customTools: body.customTools,
    });
    if (body.output !== undefined) attachAnthropicOutput(reply, body.output);
    return reply;
  }

  /**
   * Sends a Messages body of your own as it is (`completions(model, rawBody)`), with `model` and
   * `stream` taken from the request and `max_tokens` added when the body has none; the reply is
   * parsed like any other.
   */
  async sendRaw(body: JSONObject, request: EndpointRequest): Promise<EndpointReply> {
    const sent: JSONObject = { ...body, model: request.model };
    if (sent.max_tokens === undefined) sent.max_tokens = this.config(request.model).maxTokens ?? this.#maxTokens;
    if (request.stream) sent.stream = true;
    else delete sent.stream;
    return this.#sendText(JSON.stringify(sent), request, {
      maxToolInput: request.maxToolInput,
      maxDepth: request.maxDepth,
    });
  }

  #sendText(text: string, request: EndpointRequest, options: AnthropicReplyOptions): Promise<EndpointReply> {
    return this.post("/messages", text, request, {
      json: (response) => readJSONReply(response, options),
      stream: (response, onEvent) => readStreamedReply(response, request, onEvent, options),
    });
  }
}
