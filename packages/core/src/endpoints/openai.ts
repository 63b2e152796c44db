import { inspect } from "node:util";
import { ProtocolError } from "../errors/protocol-error.js";
import type { JSONObject } from "../json.js";
import type { Completion } from "../loop/completion.js";
import type { EndpointCompletionOptions } from "../loop/completion-options.js";
import { endpointCompletions, type CompletionInput } from "../loop/completions.js";
import { streamCompletion, type CompletionStream } from "../loop/stream.js";
import { restoreOmittedArguments } from "../schema/strict-schema-nulls.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { excerptOf } from "./http-errors.js";
import { HttpTransport, type HttpResponse } from "./http-transport.js";
import type { ModelConfig } from "./model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "./model-endpoint.js";
import { resolveOpenAIOptions, type OpenAIOptions } from "./openai-options.js";
import { parseOpenAIReply } from "./openai-reply.js";
import { buildOpenAIBody, checkSingleChoice, type MaxTokensField, type OpenAIBody } from "./openai-request.js";
import { OpenAIStreamAssembler } from "./openai-stream.js";
import { readQwenDialect } from "./qwen-dialect.js";
import { QwenTextDeltas } from "./qwen-stream-text.js";
import { SSEReader } from "./sse-reader.js";
import type { ArgumentLimits } from "./tool-arguments.js";

async function readJSONReply(response: HttpResponse, limits: ArgumentLimits): Promise<EndpointReply> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProtocolError(`The reply is not JSON (content-type "${response.contentType || "none"}"): ${excerptOf(text, 200) || "an empty body"}. Check that the base URL points at an OpenAI-compatible /v1 API.`);
  }
  return parseOpenAIReply(body, limits);
}

async function readStreamedReply(response: HttpResponse, request: EndpointRequest, qwen: boolean): Promise<EndpointReply> {
  // A server that ignores `stream: true` answers with plain JSON: read it as such.
  if (response.contentType.includes("application/json")) return readJSONReply(response, request);
  // The qwen dialect reports text deltas only once they are known not to be part of a call.
  const deltas = qwen && request.onEvent ? new QwenTextDeltas(request.onEvent) : undefined;
  const assembler = new OpenAIStreamAssembler(request.round, deltas?.onEvent ?? request.onEvent);
  const reader = new SSEReader((message) => assembler.push(message));
  for await (const piece of response.body) reader.push(piece);
  reader.end();
  const body = assembler.finish();
  deltas?.end();
  return parseOpenAIReply(body, request);
}

/** Applies the strict-mode null mapping to the calls of tools that were sent with `strict: true`. */
function restoreStrictNulls(reply: EndpointReply, body: OpenAIBody): void {
  const strict = body.tools?.strict;
  if (!strict || strict.size === 0) return;
  for (const choice of reply.choices) {
    for (const call of choice.toolCalls) {
      const conversion = strict.get(call.name);
      if (conversion && call.type === "function" && call.arguments) call.arguments = restoreOmittedArguments(call.arguments, conversion);
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
export class OpenAI implements ModelEndpoint {
  /** The tools this endpoint offers (its own registry, or the one passed as `tools`). */
  readonly tools: ToolRegistry;
  /** Where requests go, e.g. `http://localhost:1234/v1` (never holds credentials or the query). */
  readonly baseURL: string;
  readonly #transport: HttpTransport;
  readonly #configs = new Map<string, ModelConfig>();
  readonly #query: string;
  readonly #maxTokensField: MaxTokensField;

  constructor(options: string | OpenAIOptions = {}) {
    const resolved = resolveOpenAIOptions(options);
    const given = typeof options === "string" ? {} : options;
    this.baseURL = resolved.baseURL;
    this.#query = resolved.query;
    this.#maxTokensField = resolved.maxTokensField;
    this.tools = given.tools ?? new ToolRegistry();
    this.#transport = new HttpTransport({
      baseURL: resolved.baseURL,
      headers: resolved.headers,
      timeoutMs: resolved.timeoutMs,
      retry: resolved.retry,
      maxResponseBytes: resolved.maxResponseBytes,
      ...(given.dispatcher ? { dispatcher: given.dispatcher } : {}),
      ...(given.onRetry ? { onRetry: given.onRetry } : {}),
    });
  }

  /** The settings of `model`: created on first use, then the same object every time; change it at any time. */
  config(model: string): ModelConfig {
    let config = this.#configs.get(model);
    if (config === undefined) this.#configs.set(model, (config = {}));
    return config;
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries (or is cancelled) and `ProtocolError` for a body that is not a
   * chat completion (a stream cut before its end included); nothing is reported as a result then.
   */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    const body = buildOpenAIBody(request, this.config(request.model), {
      maxTokensField: this.#maxTokensField,
      onWarning: (message) => request.onEvent?.({ type: "warning", round: request.round, message }),
    });
    const reply = await this.#post(body.text, request);
    restoreStrictNulls(reply, body);
    return reply;
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
    return this.#post(JSON.stringify(sent), request);
  }

  #post(text: string, request: EndpointRequest): Promise<EndpointReply> {
    const options = { accept: request.stream ? "text/event-stream" : "application/json", retryDuringBody: !request.stream, ...(request.signal ? { signal: request.signal } : {}) };
    const qwen = this.config(request.model).dialect === "qwen";
    const reply = this.#transport.post(`/chat/completions${this.#query}`, text, options, (response) =>
      request.stream ? readStreamedReply(response, request, qwen) : readJSONReply(response, request),
    );
    // The qwen dialect also reads calls written in the text (Hermes, Qwen XML).
    return qwen ? reply.then((parsed) => readQwenDialect(parsed, request)) : reply;
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
  toJSON(): { type: "OpenAI"; baseURL: string } {
    return { type: "OpenAI", baseURL: this.baseURL };
  }

  /** What `console.log` and `util.inspect` show. */
  [inspect.custom](): string {
    return `OpenAI { baseURL: ${JSON.stringify(this.baseURL)} }`;
  }
}
