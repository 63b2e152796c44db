import type { Context } from "../context/context.js";
import type { ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { Completion } from "../loop/completion.js";
import type { CompletionOptions } from "../loop/completion-options.js";

/**
 * An endpoint that runs whole completions over endpoints of its own (a `Router`): each target names
 * its model, so `completions(router, input, …)` takes no model and hands the run over to it.
 */
export interface CompletionRouter extends ModelEndpoint {
  /** Marks a router: `completions` hands it the whole run instead of asking for a model. */
  readonly routing: true;
  /** Runs the loop over `input` (a prompt is appended to the router's own context). */
  completions(input: Context | string, options?: CompletionOptions): Promise<Completion>;
}

/** True for a router (`routing: true` and its own `completions`), from any installed copy of the package. */
export function isCompletionRouter(value: ModelEndpoint): value is CompletionRouter {
  return value.routing === true && typeof (value as Partial<CompletionRouter>).completions === "function";
}
