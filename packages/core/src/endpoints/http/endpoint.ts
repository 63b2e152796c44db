import { inspect } from "node:util";
import type { Completion, TypedCompletion } from "../../loop/completion.js";
import type { CompletionInput, TypedOutputOptions } from "../../loop/completion-input.js";
import type { CompletionOptions } from "../../loop/completion-options.js";
import { endpointCompletions } from "../../loop/run-completion.js";
import { streamCompletion, type CompletionStream } from "../../loop/stream.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import type { Context } from "../../context/context.js";
import type { HttpResponse } from "./http-response.js";
import type { RequestBody } from "./request-body.js";
import { HttpTransport, type PostOptions } from "./transport.js";
import { deliveringTo } from "./reply-body.js";
import type { ModelConfig } from "../model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../model-endpoint.js";
import type { ResolvedTransportOptions, TransportOptions } from "./transport-options.js";

/** How a provider reads its reply: as a JSON body, or as an event stream (and, optionally, an error body's asked wait). */
export interface ReplyReaders {
  json(response: HttpResponse): Promise<EndpointReply>;
  /**
   * Used only for a streamed request answered with something other than JSON. Reports events
   * through `onEvent` (the request's, already telling the transport that parts reached the caller).
   */
  stream(response: HttpResponse, onEvent: EndpointRequest["onEvent"]): Promise<EndpointReply>;
  /**
   * For a provider that says how long to wait in its error body rather than in a `Retry-After`
   * header (Google's `RetryInfo`): the wait, in milliseconds, that an error response's body (its
   * first 64 KiB, as text) asks for, or undefined. Consulted only when the headers name no wait;
   * the result becomes the error's `retryAfterMs`, which the retries honour. A reader that throws
   * its own `EndpointError` (a stream's error event) sets `retryAfterMs` on it directly.
   */
  retryAfterFromBody?: (body: string) => number | undefined;
}

/**
 * What every HTTP endpoint shares: its tools, base URL, per-model configs, keep-alive transport,
 * the tool loop (`completions`, `stream`) and a printed form without secrets. Each provider's class adds
 * `send` (its request body, path, and reply reading) on top, through `post`.
 */
export abstract class HttpEndpoint<Type extends string> implements ModelEndpoint {
  /** The tools this endpoint offers (its own registry, or the one passed as `tools`). */
  readonly tools: ToolRegistry;
  /** Where requests go, e.g. `http://localhost:1234/v1` (never holds credentials or a query). */
  readonly baseURL: string;
  readonly #type: Type;
  readonly #transport: HttpTransport;
  readonly #configs = new Map<string, ModelConfig>();

  /**
   * `type` names the endpoint in `toJSON` and `util.inspect`; `resolved` holds the checked transport settings.
   * @internal For the endpoint classes of this package: left out of the published declarations.
   */
  protected constructor(type: Type, resolved: ResolvedTransportOptions, options: TransportOptions) {
    this.#type = type;
    this.baseURL = resolved.baseURL;
    this.tools = options.tools ?? new ToolRegistry();
    this.#transport = new HttpTransport({
      baseURL: resolved.baseURL,
      headers: resolved.headers,
      timeoutMs: resolved.timeoutMs,
      retry: resolved.retry,
      maxResponseBytes: resolved.maxResponseBytes,
      maxConnections: resolved.maxConnections,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    });
  }

  /** The settings of `model`: created on first use, then the same object every time; change it at any time. */
  config(model: string): ModelConfig {
    let config = this.#configs.get(model);
    if (config === undefined) this.#configs.set(model, (config = {}));
    return config;
  }

  /** Sends one request and parses the reply (`ModelEndpoint.send`). */
  abstract send(request: EndpointRequest): Promise<EndpointReply>;

  /**
   * Posts `body` (JSON text, or its UTF-8 pieces) to `baseURL + path` (streamed or not, as
   * `request` says) and reads the response with `readers`. Rejects with `EndpointError` when the
   * request fails after its retries, with `AbortedError` when `request.signal` cancels it.
   * @internal For the endpoint classes of this package: left out of the published declarations.
   */
  protected post(
    path: string,
    body: string | RequestBody,
    request: EndpointRequest,
    readers: ReplyReaders,
  ): Promise<EndpointReply> {
    const options: PostOptions = {
      accept: request.stream ? "text/event-stream" : "application/json",
      retryDuringBody: !request.stream,
    };
    if (request.signal) options.signal = request.signal;
    if (request.stream && request.backlog) options.backlog = request.backlog;
    if (readers.retryAfterFromBody) options.retryAfterFromBody = readers.retryAfterFromBody;
    // A server that ignores `stream: true` answers with plain JSON: read it as such.
    return this.#transport.post(path, body, options, (response) =>
      request.stream && !response.contentType.includes("application/json")
        ? readers.stream(response, deliveringTo(response, request.onEvent))
        : readers.json(response),
    );
  }

  /**
   * Runs the tool loop over `input`, every setting in `options` (the round limit is
   * `options.maxToolRounds`, 8 by default). A Context runs its calls under its policy; a prompt
   * string or a raw body is one request whose calls come back unrun (docs/manual-execution.md).
   * With `options.output` (`jsonSchema<T>()`), `completion.output` is the validated `T`.
   */
  completions<T>(model: string, input: Context | string, options: TypedOutputOptions<T>): Promise<TypedCompletion<T>>;
  /** Without `options.output`, or with a raw request body: `completion.text` is the answer as written. */
  completions(model: string, input: CompletionInput, options?: CompletionOptions): Promise<Completion>;
  completions(model: string, input: CompletionInput, options?: CompletionOptions): Promise<Completion> {
    return endpointCompletions(this, model, input, options);
  }

  /**
   * The same loop with streamed requests: iterate it for events, `await stream.completion` for the result.
   * With `options.output`, `partial-output` events carry the answer as it streams.
   */
  stream<T>(model: string, input: Context | string, options: TypedOutputOptions<T>): CompletionStream<T>;
  /** Without `options.output`, or with a raw request body: the events and the completion, its text as written. */
  stream(model: string, input: CompletionInput, options?: CompletionOptions): CompletionStream;
  stream(model: string, input: CompletionInput, options?: CompletionOptions): CompletionStream {
    return streamCompletion(this, model, input, options);
  }

  /** Closes the endpoint's connection pool (a `dispatcher` passed in options is left open); closing again waits for the same close. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  /** What `JSON.stringify` shows: the base URL, never the key or headers. */
  toJSON(): { type: Type; baseURL: string } {
    return { type: this.#type, baseURL: this.baseURL };
  }

  /** What `console.log` and `util.inspect` show. */
  [inspect.custom](): string {
    return `${this.#type} { baseURL: ${JSON.stringify(this.baseURL)} }`;
  }
}
