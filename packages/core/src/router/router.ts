import { inspect } from "node:util";
import { Context } from "../context/context.js";
import type { CompletionTarget } from "../endpoints/model-endpoint.js";
import type { Completion, TypedCompletion } from "../loop/completion.js";
import type { TypedOutputOptions } from "../loop/completion-input.js";
import { resolveOptions, type CompletionOptions } from "../loop/completion-options.js";
import { runCompletion } from "../loop/run-completion.js";
import { streamCompletion, type CompletionStream } from "../loop/stream.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import type { ModelConfig } from "../endpoints/model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { CompletionRouter } from "./completion-router.js";
import { checkTargets, type FailoverInfo, type RouterOptions, type RouterTarget } from "./options.js";
import { sendThroughTargets, targetName } from "./send.js";

/** A stream that fails at once, like a completion whose arguments were refused. */
function failedStream(error: unknown): CompletionStream {
  const completion = Promise.reject(error);
  completion.catch(() => undefined); // never an unhandled rejection; awaiting it still rejects
  return {
    completion,
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
  };
}

/** The provider every target names, or undefined when they differ (or one names none). */
function sharedProvider(targets: readonly RouterTarget[]): string | undefined {
  const first = targets[0]!.endpoint.provider;
  return targets.every((target) => target.endpoint.provider === first) ? first : undefined;
}

/** The model name the loop reports for a router's requests (each target names its own). */
const routedModel = "router";

/**
 * Failover between endpoints: one conversation, one set of tools, several places to send it.
 *
 * ```ts
 * const router = new Router([
 *   { endpoint: new OpenAI("http://localhost:1234"), model: "qwen3-8b" },
 *   { endpoint: new Anthropic({ apiKey }), model: "claude-sonnet-4-5" },
 * ]);
 * router.tools.add(new Weather());
 * router.context.toolPolicy.allow("getWeather");
 * const completion = await router.completions("Weather in Oslo?", { maxToolRounds: 8 });
 * completion.target; // { baseURL, model } of the target that answered the last round
 * ```
 *
 * Each request tries the targets in order and moves on after a retryable failure (429, 5xx, 408,
 * 409, connection errors, timeouts), once that endpoint's own retries are spent; any other error
 * is thrown as it is. Tools run only between requests, never inside one, so a failover never
 * repeats a tool. Within one completion the rounds after a failover start from the target that
 * answered; the next completion starts from the first target again.
 */
export class Router implements CompletionRouter {
  /** The tools offered whichever target answers (the targets' own registries are not consulted). */
  readonly tools: ToolRegistry;
  /** The conversation a prompt is appended to: `completions(router, "…")` runs it, under its policy. */
  readonly context: Context;
  /** Where requests may go, in order. */
  readonly targets: readonly RouterTarget[];
  /** `"router"`: the requests go to the targets' base URLs (see `completion.target`). */
  readonly baseURL = "router";
  /** A router sends only through its targets: `completion.target` names the one that answered. */
  readonly routing = true;
  /**
   * The provider all targets share (`ModelEndpoint.provider`), e.g. `openai` for a router over
   * OpenAI-compatible servers; undefined when they differ. Each request's `route` event names
   * its own target's.
   */
  readonly provider: string | undefined;
  readonly #config: ModelConfig = {};
  readonly #onFailover: ((info: FailoverInfo) => void) | undefined;

  /** `targets` in the order they are tried; at least one. */
  constructor(targets: readonly RouterTarget[], options: RouterOptions = {}) {
    this.targets = checkTargets(targets);
    this.provider = sharedProvider(this.targets);
    this.tools = options.tools ?? new ToolRegistry();
    this.context = options.context ?? new Context();
    this.#onFailover = options.onFailover;
  }

  /**
   * The router's own settings, one object whatever the name. Only `toolChoice` is read: set, it
   * applies whichever target answers; unset, each target's `endpoint.config(model).toolChoice`
   * does. Everything else (strict, dialect, temperature, maxTokens…) is set on the targets.
   */
  config(_model?: string): ModelConfig {
    return this.#config;
  }

  /** `ModelEndpoint.send`: one request through the targets, from the first (`request.model` is not used). */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    return (await sendThroughTargets(this.targets, request, 0, this.#onFailover)).reply;
  }

  /**
   * Runs the tool loop, every setting in `options` (`options.maxToolRounds`, 8 by default). A
   * prompt is the next user message of the router's own conversation: it is appended to
   * `router.context` and runs under that context's policy (an endpoint has no conversation, so
   * there a prompt is one request whose calls come back unrun). A Context runs as it is. With
   * `options.output` (`jsonSchema<T>()`), `completion.output` is the validated `T`, asked for in
   * the way each target's `config(model).outputMode` says.
   */
  completions<T>(input: Context | string, options: TypedOutputOptions<T>): Promise<TypedCompletion<T>>;
  /** Without `options.output`: `completion.text` is the answer as written. */
  completions(input: Context | string, options?: CompletionOptions): Promise<Completion>;
  async completions(input: Context | string, options: CompletionOptions = {}): Promise<Completion> {
    return runCompletion(this.#oneCompletion(), routedModel, this.#contextFor(input, options), options, false);
  }

  /**
   * The same loop with streamed requests. A target fails over only until its stream reported text
   * or a call; after that its failure ends the completion (the listener would hear two replies).
   */
  stream<T>(input: Context | string, options: TypedOutputOptions<T>): CompletionStream<T>;
  /** Without `options.output`: the events and the completion, its text as written. */
  stream(input: Context | string, options?: CompletionOptions): CompletionStream;
  stream(input: Context | string, options: CompletionOptions = {}): CompletionStream {
    let context: Context;
    try {
      context = this.#contextFor(input, options);
    } catch (error) {
      return failedStream(error);
    }
    return streamCompletion(this.#oneCompletion(), routedModel, context, options);
  }

  // Checks the options before a prompt is appended, so a bad call leaves router.context as it was.
  #contextFor(input: Context | string, options: CompletionOptions): Context {
    resolveOptions(options);
    if (input instanceof Context) return input;
    if (typeof input === "string") return this.context.user(input);
    throw new TypeError(
      "A Router takes a Context or a prompt string (appended to router.context); it sends no raw request body.",
    );
  }

  // The endpoint one completion talks to: sticky, so rounds after a failover start from the target
  // that answered (one model for the rest of the completion; a target that is down costs its retries once).
  #oneCompletion(): ModelEndpoint {
    let start = 0;
    const send = async (request: EndpointRequest): Promise<EndpointReply> => {
      const routed = await sendThroughTargets(this.targets, request, start, this.#onFailover);
      start = routed.index;
      return routed.reply;
    };
    const view: ModelEndpoint = {
      tools: this.tools,
      baseURL: this.baseURL,
      routing: true,
      provider: this.provider,
      config: () => this.#config,
      send,
    };
    return view;
  }

  /** What `JSON.stringify` shows: each target's base URL and model, never a key or header. */
  toJSON(): { type: "Router"; targets: CompletionTarget[] } {
    return { type: "Router", targets: this.targets.map(targetName) };
  }

  /** What `console.log` and `util.inspect` show. */
  [inspect.custom](): string {
    return `Router { targets: [${this.targets.map((t) => `${JSON.stringify(t.endpoint.baseURL)} ${JSON.stringify(t.model)}`).join(", ")}] }`;
  }
}
