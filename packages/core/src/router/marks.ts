// What the loop needs to know about routers without importing the Router class (which imports
// the loop): which objects route, and which target answered a given reply.
import type { CompletionTarget } from "../loop/completion.js";
import type { ModelConfig } from "../endpoints/model-config.js";
import type { EndpointReply, ModelEndpoint } from "../endpoints/model-endpoint.js";

/** The target that answered one reply, and the settings it answered with. */
export interface AnsweredBy {
  /** Its endpoint's base URL and the model asked. */
  target: CompletionTarget;
  /** `endpoint.config(model)` of that target (its `strict` applies to the calls of the reply). */
  config: ModelConfig;
}

const routers = new WeakSet<object>();
const routing = new WeakSet<object>();
const answers = new WeakMap<EndpointReply, AnsweredBy>();

/** Marks a `Router` instance (what `completions(router, …)` recognises). */
export function markRouter(router: object): void {
  routers.add(router);
  routing.add(router);
}

/** Marks an endpoint that sends through a router's targets (a router, or one completion's view of it). */
export function markRouting(endpoint: object): void {
  routing.add(endpoint);
}

/** Whether `value` is a `Router` (not just any endpoint). */
export function isRouter(value: unknown): boolean {
  return typeof value === "object" && value !== null && routers.has(value);
}

/** Whether `endpoint` routes, so it names no target of its own when no request was sent. */
function isRouting(endpoint: ModelEndpoint): boolean {
  return routing.has(endpoint);
}

/** Records which target answered `reply`; a nested router's record (the innermost target) is kept. */
export function recordAnswer(reply: EndpointReply, answered: AnsweredBy): void {
  if (!answers.has(reply)) answers.set(reply, answered);
}

/** The target that answered `reply`, when a router sent it. */
export function answerOf(reply: EndpointReply): AnsweredBy | undefined {
  return answers.get(reply);
}

/**
 * `completion.target` for a reply: the router's answering target, else the endpoint itself with
 * `model`. Undefined for a router completion that sent no request (it only answered calls).
 */
export function targetOf(
  endpoint: ModelEndpoint,
  model: string,
  reply: EndpointReply | undefined,
): CompletionTarget | undefined {
  const answered = reply === undefined ? undefined : answers.get(reply);
  if (answered !== undefined) return { ...answered.target };
  return isRouting(endpoint) ? undefined : { baseURL: endpoint.baseURL, model };
}
