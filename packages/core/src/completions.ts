// `completions(...)`, the free function: the one place that knows both an endpoint's loop and a
// router's, so the loop below sees only the endpoint contract.
import { Context } from "./context/context.js";
import type { ModelEndpoint } from "./endpoints/model-endpoint.js";
import type { Completion, TypedCompletion } from "./loop/completion.js";
import type { CompletionInput, TypedOutputOptions } from "./loop/completion-input.js";
import type { CompletionOptions } from "./loop/completion-options.js";
import { endpointCompletions } from "./loop/run-completion.js";
import { isCompletionRouter, type CompletionRouter } from "./router/completion-router.js";

/**
 * Runs the tool loop over one endpoint and model: sends the conversation, lets the context's
 * policy decide on each call the model makes, runs the allowed ones, sends the results back, and
 * repeats, for at most `maxToolRounds` rounds of calls (docs/round-limits.md). Returns when the
 * model is done, a call waits for the application (`stopped: "attention"`: approve or reject,
 * then call again), or the limit is reached (`stopped: "maxToolRounds"`: call again to go on).
 *
 * Every setting goes in `options` (`ep.completions(model, input, options)` is the same call); the
 * round limit may also be given on its own as the short form, `completions(ep, model, ctx, 4)`,
 * with 0 meaning manual mode. A prompt string or a raw body gets one request, and the model's
 * calls come back without running: an endpoint has no conversation and no policy of its own.
 * Rejects with a RangeError before any request when `maxToolRounds` is not a non-negative integer.
 * With `options.output` (`jsonSchema<T>()`) the final answer is a validated `T` in `completion.output`.
 */
export function completions<T>(
  endpoint: ModelEndpoint,
  model: string,
  input: Context | string,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The short form with a typed answer: the round limit, then the other options. */
export function completions<T>(
  endpoint: ModelEndpoint,
  model: string,
  input: Context | string,
  maxToolRounds: number | undefined,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The loop over one endpoint and model, as above, without a typed answer: the options, or the round limit. */
export function completions(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  options?: number | CompletionOptions,
): Promise<Completion>;
/** The short form: the round limit, then the other options. */
export function completions(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  maxToolRounds: number | undefined,
  options: CompletionOptions,
): Promise<Completion>;
/**
 * The loop through a `Router`: no model argument (each target names its own). A prompt is the next
 * user message of the router's own conversation: it is appended to `router.context` and runs
 * under its policy (unlike on an endpoint, which has no conversation). A Context runs as it is.
 * Each request fails over to the next target on a retryable error; `completion.target` names the
 * one that answered the last round.
 */
export function completions<T>(
  router: CompletionRouter,
  input: Context | string,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The router's short form with a typed answer: the round limit, then the other options. */
export function completions<T>(
  router: CompletionRouter,
  input: Context | string,
  maxToolRounds: number | undefined,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The loop through a `Router`, as above, without a typed answer: the options, or the round limit. */
export function completions(
  router: CompletionRouter,
  input: Context | string,
  options?: number | CompletionOptions,
): Promise<Completion>;
/** The router's short form: the round limit, then the other options. */
export function completions(
  router: CompletionRouter,
  input: Context | string,
  maxToolRounds: number | undefined,
  options: CompletionOptions,
): Promise<Completion>;
export async function completions(
  endpoint: ModelEndpoint | CompletionRouter,
  second: string | Context,
  third?: CompletionInput | number | CompletionOptions,
  fourth?: number | CompletionOptions,
  fifth?: CompletionOptions,
): Promise<Completion> {
  if (isCompletionRouter(endpoint)) {
    if (typeof third === "string" || third instanceof Context || isRawBody(third)) {
      throw new TypeError(
        "A Router's targets name their models: call completions(router, prompt | ctx, options) or router.completions(input, options).",
      );
    }
    return endpoint.completions(
      second,
      optionsOf(third as number | CompletionOptions | undefined, fourth as CompletionOptions | undefined),
    );
  }
  return endpointCompletions(endpoint, second as string, third as CompletionInput, optionsOf(fourth, fifth));
}

// What a model name would be followed by: a raw request body (options never hold `messages`).
const isRawBody = (value: unknown): boolean =>
  typeof value === "object" && value !== null && Array.isArray((value as { messages?: unknown }).messages);

/**
 * One options object from the argument after the input (the options, or the round limit) and the
 * one after it (the options, in the short form). A number, `undefined` or anything that is not an
 * object is the round limit, checked with the rest (0 is manual mode).
 */
function optionsOf(
  limitOrOptions: number | CompletionOptions | undefined,
  options: CompletionOptions | undefined,
): CompletionOptions {
  if (typeof limitOrOptions === "object" && limitOrOptions !== null) {
    if (options !== undefined)
      throw new TypeError(
        "completions takes the options once: (…, input, options) or (…, input, maxToolRounds, options).",
      );
    return limitOrOptions;
  }
  if (limitOrOptions === undefined) return options ?? {};
  if (options?.maxToolRounds !== undefined)
    throw new TypeError(
      `completions got two round limits (${String(limitOrOptions)} and options.maxToolRounds ${String(options.maxToolRounds)}): give one.`,
    );
  return { ...options, maxToolRounds: limitOrOptions as number };
}
