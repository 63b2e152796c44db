import { inspect } from "node:util";
import { ProtocolError } from "../errors/protocol-error.js";
import type { JSONObject } from "../json.js";
import type { Completion } from "../loop/completion.js";
import type { EndpointCompletionOptions } from "../loop/completion-options.js";
import { endpointCompletions, type CompletionInput } from "../loop/completions.js";
import { streamCompletion, type CompletionStream } from "../loop/stream.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { resolveAnthropicOptions, type AnthropicOptions } from "./anthropic-options.js";
import { parseAnthropicReply, type AnthropicReplyOptions } from "./anthropic-reply.js";
import { buildAnthropicBody } from "./anthropic-request.js";
import { AnthropicStreamAssembler } from "./anthropic-stream.js";
import { excerptOf } from "./http-errors.js";
import { HttpTransport, type HttpResponse } from "./http-transport.js";
import type { ModelConfig } from "./model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "./model-endpoint.js";
import { SSEReader } from "./sse-reader.js";

async function readJSONReply(response: HttpResponse, options: AnthropicReplyOptions): Promise<EndpointReply> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProtocolError(`The reply is not JSON (content-type "${response.contentType || "none"}"): ${excerptOf(text, 200) || "an empty body"}. Check that the base URL points at the Anthropic Messages API (…/v1).`);
  }
  return parseAnthropicReply(body, options);
}

async function readStreamedReply(response: HttpResponse, request: EndpointRequest, options: AnthropicReplyOptions): Promise<EndpointReply> {
  // A server that ignores `stream: true` answers with plain JSON: read it as such.
  if (response.contentType.includes("application/json")) return readJSONReply(response, options);
  const assembler = new AnthropicStreamAssembler(request.round, request.onEvent);
  const reader = new SSEReader((message) => assembler.push(message));
  for await (const piece of response.body) reader.push(piece);
  reader.end();
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
 */
export class Anthropic implements ModelEndpoint {
  /** The tools this endpoint offers (its own registry, or the one passed as `tools`). */
  readonly tools: ToolRegistry;
  /** Where requests go, e.g. `https://api.anthropic.com/v1` (never holds credentials). */
  readonly baseURL: string;
  readonly #transport: HttpTransport;
  readonly #configs = new Map<string, ModelConfig>();
  readonly #maxTokens: number;

  constructor(options: AnthropicOptions = {}) {
    const resolved = resolveAnthropicOptions(options);
    this.baseURL = resolved.baseURL;
    this.#maxTokens = resolved.maxTokens;
    this.tools = options.tools ?? new ToolRegistry();
    this.#transport = new HttpTransport({
      baseURL: resolved.baseURL,
      headers: resolved.headers,
      timeoutMs: resolved.timeoutMs,
      retry: resolved.retry,
      maxResponseBytes: resolved.maxResponseBytes,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    });
  }

  /**
   * The settings of `model`: created on first use, then the same object every time; change it at
   * any time. `maxTokens` unset → the endpoint's default (4096); `strict` and `dialect` do not apply.
   */
  config(model: string): ModelConfig {
    let config = this.#configs.get(model);
    if (config === undefined) this.#configs.set(model, (config = {}));
    return config;
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries (or is cancelled, or the stream reports an error) and
   * `ProtocolError` for a body that is not a Messages reply (a stream cut before its end included).
   */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    const body = buildAnthropicBody(request, this.config(request.model), { maxTokens: this.#maxTokens, registry: this.tools });
    return this.#post(body.text, request, { maxToolInput: request.maxToolInput, maxDepth: request.maxDepth, customTools: body.customTools });
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
    return this.#post(JSON.stringify(sent), request, { maxToolInput: request.maxToolInput, maxDepth: request.maxDepth });
  }

  #post(text: string, request: EndpointRequest, options: AnthropicReplyOptions): Promise<EndpointReply> {
    const post = { accept: request.stream ? "text/event-stream" : "application/json", retryDuringBody: !request.stream, ...(request.signal ? { signal: request.signal } : {}) };
    return this.#transport.post("/messages", text, post, (response) => (request.stream ? readStreamedReply(response, request, options) : readJSONReply(response, options)));
  }

  /** Runs the tool loop (`completions(this, model, input, options.maxToolRounds ?? 8, options)`); a prompt or raw body runs no tools. */
  completions(model: string, input: CompletionInput, options?: EndpointCompletionOptions): Promise<Completion> {
    return endpointCompletions(this, model, input, options);
  }

  /** The same loop with streamed requests: iterate it for events, `await stream.completion` for the result. */
  stream(model: string, input: CompletionInput, options?: EndpointCompletionOptions): CompletionStream {
    return streamCompletion(this, model, input, options);
  }

  /** Closes the endpoint's connection pool (a `dispatcher` passed in options is left open). */
  close(): Promise<void> {
    return this.#transport.close();
  }

  /** What `JSON.stringify` shows: the base URL, never the key or headers. */
  toJSON(): { type: "Anthropic"; baseURL: string } {
    return { type: "Anthropic", baseURL: this.baseURL };
  }

  /** What `console.log` and `util.inspect` show. */
  [inspect.custom](): string {
    return `Anthropic { baseURL: ${JSON.stringify(this.baseURL)} }`;
  }
}
