import type { CompletionTarget, EndpointReply, ModelEndpoint } from "../endpoints/model-endpoint.js";

/**
 * `completion.target` for a reply: the target a router named on it, else the endpoint itself with
 * `model`. Undefined for a routing endpoint's completion that sent no request (it only answered calls).
 */
export function targetOf(
  endpoint: ModelEndpoint,
  model: string,
  reply: EndpointReply | undefined,
): CompletionTarget | undefined {
  const answered = reply?.answeredBy;
  if (answered !== undefined) return { ...answered.target };
  return endpoint.routing === true ? undefined : { baseURL: endpoint.baseURL, model };
}
