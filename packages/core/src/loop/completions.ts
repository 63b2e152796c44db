import { Context } from "../context/context.js";
import type { ToolCall } from "../context/tool-call.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import { AbortedError } from "../errors/aborted-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import type { JSONObject } from "../json.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { CompletionChoice } from "../endpoints/model-endpoint.js";
import type { StreamBacklog } from "../endpoints/stream-backlog.js";
import type { Completion, TypedCompletion } from "./completion.js";
import type { TypedSchema } from "../schema/typed-schema.js";
import {
  checkMaxToolRounds,
  DEFAULT_MAX_TOOL_ROUNDS,
  resolveOptions,
  type CompletionOptions,
  type EndpointCompletionOptions,
  type ResolvedOptions,
} from "./completion-options.js";
import { bothListeners, emitter, replyEvent } from "./loop-event.js";
import { LoopRun } from "./loop-run.js";
import { endReason, uniqueIds } from "./reply-end.js";
import { offeredTools } from "./offered-tools.js";
import { targetOf } from "./target.js";

/**
 * A request body in the provider's own wire format (for OpenAI, a chat completions body with
 * `messages`), sent as it is. Needs an endpoint that can send one (`sendRaw`).
 */
export type RawRequestBody = JSONObject & { messages: unknown[] };

/** What a completion starts from: a conversation (tools run), a prompt or a raw body (tools never run). */
export type CompletionInput = Context | string | RawRequestBody;

/** An endpoint that can also send a body in its own wire format (OpenAI does). */
export interface RawRequestEndpoint extends ModelEndpoint {
  /** Sends `body` as it is (model, stream and the limits from `request`) and parses the reply. */
  sendRaw(body: JSONObject, request: EndpointRequest): Promise<EndpointReply>;
}

/**
 * An endpoint that runs whole completions over endpoints of its own (a `Router`): each target names
 * its model, so `completions(router, input, …)` takes no model and hands the run over to it.
 */
export interface CompletionRouter extends ModelEndpoint {
  /** Marks a router: `completions` hands it the whole run instead of asking for a model. */
  readonly routing: true;
  /** Runs the loop over `input` (a prompt is appended to the router's own context). */
  completions(input: Context | string, options?: EndpointCompletionOptions): Promise<Completion>;
}

/** Options that ask for a typed answer: `output` carries the answer's type (`jsonSchema<T>()`). */
export type TypedOutputOptions<T, Options = CompletionOptions> = Options & { output: TypedSchema<T> };

function isCompletionRouter(value: ModelEndpoint): value is CompletionRouter {
  return value.routing === true && typeof (value as Partial<CompletionRouter>).completions === "function";
}

/**
 * Runs the tool loop: sends the conversation, lets the context's policy decide on each call the
 * model makes, runs the allowed ones, sends the results back, and repeats, for at most
 * `maxToolRounds` rounds of calls (see docs/round-limits.md). Returns when the model is done,
 * a call waits for the application (`stopped: "attention"`: approve or reject, then call again),
 * or the limit is reached (`stopped: "maxToolRounds"`: call again to go on). A prompt string or
 * a raw body gets one request, and the model's calls come back without running.
 * Rejects with a RangeError before any request when `maxToolRounds` is not a non-negative integer.
 * With `options.output` (`jsonSchema<T>()`) the final answer is a validated `T` in `completion.output`.
 */
export function completions<T>(
  endpoint: ModelEndpoint,
  model: string,
  input: Context | string,
  maxToolRounds: number | undefined,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The loop over one endpoint and model, as above, without a typed answer. */
export function completions(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  maxToolRounds?: number,
  options?: CompletionOptions,
): Promise<Completion>;
/**
 * The loop through a `Router`: no model argument (each target names its own). A prompt is
 * appended to `router.context` and runs under its policy; a Context runs as it is. Each request
 * fails over to the next target on a retryable error; `completion.target` names the one that
 * answered the last round.
 */
export function completions<T>(
  router: CompletionRouter,
  input: Context | string,
  maxToolRounds: number | undefined,
  options: TypedOutputOptions<T>,
): Promise<TypedCompletion<T>>;
/** The loop through a `Router`, as above, without a typed answer. */
export function completions(
  router: CompletionRouter,
  input: Context | string,
  maxToolRounds?: number,
  options?: CompletionOptions,
): Promise<Completion>;
export async function completions(
  endpoint: ModelEndpoint | CompletionRouter,
  second: string | Context,
  third?: CompletionInput | number,
  fourth?: number | CompletionOptions,
  fifth?: CompletionOptions,
): Promise<Completion> {
  if (isCompletionRouter(endpoint)) {
    if (third !== undefined && typeof third !== "number") {
      throw new TypeError(
        "A Router's targets name their models: call completions(router, prompt | ctx, maxToolRounds, options).",
      );
    }
    const options = fourth === undefined ? {} : (fourth as CompletionOptions);
    return endpoint.completions(second, {
      ...options,
      maxToolRounds: third === undefined ? DEFAULT_MAX_TOOL_ROUNDS : third,
    });
  }
  const maxToolRounds = fourth === undefined ? DEFAULT_MAX_TOOL_ROUNDS : (fourth as number);
  return runCompletion(
    endpoint,
    second as string,
    third as CompletionInput,
    maxToolRounds,
    fifth === undefined ? {} : fifth,
    false,
  );
}

/** `endpoint.completions(model, input, options)`: the same loop, the round limit as `options.maxToolRounds` (8). */
export function endpointCompletions(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  options: EndpointCompletionOptions = {},
): Promise<Completion> {
  const { maxToolRounds = DEFAULT_MAX_TOOL_ROUNDS, ...rest } = options;
  return runCompletion(endpoint, model, input, maxToolRounds, rest, false);
}

/** The loop behind `completions`, `endpoint.completions` and `endpoint.stream` (`stream`: SSE requests). */
export async function runCompletion(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  maxToolRounds: number,
  options: CompletionOptions,
  stream: boolean,
  backlog?: StreamBacklog,
): Promise<Completion> {
  const rounds = checkMaxToolRounds(maxToolRounds);
  const resolved = resolveOptions(options);
  if (backlog !== undefined) resolved.backlog = backlog;
  if (typeof model !== "string" || model === "") throw new TypeError("completions needs a model name.");
  let run: () => Promise<Completion>;
  if (input instanceof Context) run = () => new LoopRun(endpoint, model, input, rounds, resolved, stream).run();
  else if (typeof input === "string") {
    // A typed answer may need a second try, so the prompt gets a conversation of its own; its
    // default policy runs nothing, so the model's calls still come back Pending.
    const prompt = input;
    run =
      resolved.output !== undefined
        ? () => new LoopRun(endpoint, model, new Context().user(prompt), rounds, resolved, stream).run()
        : () => once(endpoint, model, { prompt }, resolved, stream);
  } else if (resolved.output !== undefined) {
    throw new TypeError("options.output needs a Context or a prompt string: a raw request body is sent as it is.");
  } else if (typeof input === "object" && input !== null && Array.isArray((input as { messages?: unknown }).messages)) {
    run = () => once(endpoint, model, { raw: input }, resolved, stream);
  } else {
    throw new TypeError("completions takes a Context, a prompt string, or a raw request body with messages.");
  }
  const hooks = options.hooks?.({ endpoint, model, stream });
  if (hooks === undefined) return run();
  resolved.hooks = hooks;
  resolved.onEvent = bothListeners(resolved.onEvent, hooks.onEvent);
  return hooks.completion ? hooks.completion(run) : run();
}

// One request, no policy, nothing runs: the calls come back Pending for the application.
async function once(
  endpoint: ModelEndpoint,
  model: string,
  input: { prompt: string } | { raw: RawRequestBody },
  options: ResolvedOptions,
  stream: boolean,
): Promise<Completion> {
  if (options.signal?.aborted)
    throw new AbortedError("The completion was aborted before its request was sent.", { cause: options.signal.reason });
  const emit = emitter(options.onEvent);
  const tools = offeredTools(endpoint.tools, options.tools);
  const request: EndpointRequest = {
    model,
    messages: "prompt" in input ? [{ role: "user", content: input.prompt }] : [],
    tools,
    toolChoice: options.toolChoice ?? endpoint.config(model).toolChoice,
    stream,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(emit ? { onEvent: emit } : {}),
    ...(stream && options.backlog ? { backlog: options.backlog } : {}),
    round: 1,
    maxToolInput: options.maxToolInput,
    maxDepth: options.maxDepth,
  };
  const sendRaw = (endpoint as Partial<RawRequestEndpoint>).sendRaw;
  if ("raw" in input && typeof sendRaw !== "function") {
    throw new TypeError(
      `This endpoint (${endpoint.baseURL}) cannot send a raw request body: pass a Context or a prompt string.`,
    );
  }
  const send = async (): Promise<{ reply: EndpointReply; choice: CompletionChoice }> => {
    emit?.({
      type: "request",
      round: 1,
      model,
      messages: request.messages.length,
      tools: tools.length,
      toolChoice: request.toolChoice,
      stream,
    });
    const reply = "raw" in input ? await sendRaw!.call(endpoint, input.raw, request) : await endpoint.send(request);
    const choice = reply.choices[0];
    if (choice === undefined) throw new ProtocolError("The reply holds no choice.");
    emit?.(replyEvent(1, reply, choice));
    return { reply, choice };
  };
  const hooks = options.hooks;
  const { reply, choice } = hooks?.request ? await hooks.request(request, send) : await send();
  const calls: ToolCall[] = choice.toolCalls;
  uniqueIds(calls);
  for (const call of calls) {
    call.policyResult = {
      status: ToolPolicyStatus.Pending,
      message: "Not run: tools run only in a Context (a prompt or raw body returns the model's calls).",
    };
    emit?.({ type: "tool-call", round: 1, call });
  }
  emit?.({ type: "round-end", round: 1, finishReason: choice.finishReason });
  return {
    choices: reply.choices,
    choice,
    text: choice.text,
    toolCalls: calls,
    stopped: endReason(choice) ?? (calls.length > 0 ? "attention" : "done"),
    rounds: 1,
    calls,
    usage: { ...reply.usage },
    target: targetOf(endpoint, model, reply),
    raw: reply.raw,
  };
}
