import { Context } from "../context/context.js";
import type { ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { StreamBacklog } from "../endpoints/stream-backlog.js";
import type { Completion } from "./completion.js";
import type { CompletionInput } from "./completion-input.js";
import { resolveOptions, type CompletionOptions } from "./completion-options.js";
import { bothListeners } from "./loop-event.js";
import { LoopRun } from "./loop-run.js";
import { oneRequest } from "./one-request.js";

/** `endpoint.completions(model, input, options)`: the loop over one endpoint and model, every setting in `options`. */
export function endpointCompletions(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  options: CompletionOptions = {},
): Promise<Completion> {
  return runCompletion(endpoint, model, input, options, false);
}

/**
 * The loop behind `completions`, `endpoint.completions` and `endpoint.stream` (`stream`: SSE
 * requests): checks every option before anything is sent, then runs a Context through `LoopRun`,
 * or sends a prompt or raw body as one request (`oneRequest`), inside the completion's hooks.
 */
export async function runCompletion(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  options: CompletionOptions,
  stream: boolean,
  backlog?: StreamBacklog,
): Promise<Completion> {
  const resolved = resolveOptions(options);
  if (backlog !== undefined) resolved.backlog = backlog;
  if (typeof model !== "string" || model === "") throw new TypeError("completions needs a model name.");
  let run: () => Promise<Completion>;
  if (input instanceof Context) run = () => new LoopRun(endpoint, model, input, resolved, stream).run();
  else if (typeof input === "string") {
    // A typed answer may need a second try, so the prompt gets a conversation of its own; its
    // default policy runs nothing, so the model's calls still come back Pending.
    const prompt = input;
    run =
      resolved.output !== undefined
        ? () => new LoopRun(endpoint, model, new Context().user(prompt), resolved, stream).run()
        : () => oneRequest(endpoint, model, { prompt }, resolved, stream);
  } else if (resolved.output !== undefined) {
    throw new TypeError("options.output needs a Context or a prompt string: a raw request body is sent as it is.");
  } else if (typeof input === "object" && input !== null && Array.isArray((input as { messages?: unknown }).messages)) {
    run = () => oneRequest(endpoint, model, { raw: input }, resolved, stream);
  } else {
    throw new TypeError("completions takes a Context, a prompt string, or a raw request body with messages.");
  }
  const hooks = options.hooks?.({ endpoint, model, stream });
  if (hooks === undefined) return run();
  resolved.hooks = hooks;
  resolved.onEvent = bothListeners(resolved.onEvent, hooks.onEvent);
  return hooks.completion ? hooks.completion(run) : run();
}
