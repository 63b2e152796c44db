import type { Context } from "../context/context.js";
import type { EndpointError } from "../errors/endpoint-error.js";
import type { CompletionTarget } from "../endpoints/model-endpoint.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ModelEndpoint } from "../endpoints/model-endpoint.js";

/** One place a router may send a request: an endpoint and the model to ask there. */
export interface RouterTarget {
  /** Any endpoint (`OpenAI`, `Anthropic`, another `Router`); its own retries run before the router moves on. */
  endpoint: ModelEndpoint;
  /** The model to ask at that endpoint; its `endpoint.config(model)` applies when this target answers. */
  model: string;
}

/** A failover about to happen: `from` failed with a retryable error, `to` is tried next. */
export interface FailoverInfo {
  /** The target that failed (after its endpoint's own retries). */
  from: CompletionTarget;
  /** The target tried next. */
  to: CompletionTarget;
  /** Why `from` failed. */
  error: EndpointError;
  /** The round of the completion (1 for the first request). */
  round: number;
}

/** Options of `new Router(targets, options)`. */
export interface RouterOptions {
  /** The tools offered whichever target answers; default: a new registry of the router's own. The targets' registries are not consulted. */
  tools?: ToolRegistry;
  /** The conversation a prompt is appended to (`completions(router, "…")`); default: a new `Context`. */
  context?: Context;
  /** Hears each failover (logging, metrics); a listener that throws is ignored. */
  onFailover?: (info: FailoverInfo) => void;
}

/** Checks the targets and returns a frozen copy; a bad one throws a TypeError naming it. */
export function checkTargets(targets: unknown): readonly RouterTarget[] {
  if (!Array.isArray(targets) || targets.length === 0) {
    throw new TypeError(
      'new Router(targets) needs a non-empty array of { endpoint, model }, e.g. [{ endpoint: new OpenAI(url), model: "qwen3-8b" }].',
    );
  }
  return Object.freeze(
    targets.map((target: unknown, i) => {
      const { endpoint, model } = (
        typeof target === "object" && target !== null ? target : {}
      ) as Partial<RouterTarget>;
      if (
        typeof endpoint !== "object" ||
        endpoint === null ||
        typeof endpoint.send !== "function" ||
        typeof endpoint.config !== "function"
      ) {
        throw new TypeError(
          `Router target ${i + 1}: endpoint must be a model endpoint (new OpenAI(…), new Anthropic(…), a Router).`,
        );
      }
      if (typeof model !== "string" || model === "")
        throw new TypeError(
          `Router target ${i + 1} (${String(endpoint.baseURL)}): model must be a non-empty model name.`,
        );
      return Object.freeze({ endpoint, model });
    }),
  );
}
