// One request through a router's targets: try them in order from `start`, move on after a
// retryable failure, record which one answered; each try is announced as a `route` event. Tools
// never run in here (the loop runs them after a reply), so a failover can never repeat a tool.
import { EndpointError } from "../errors/endpoint-error.js";
import type { CompletionTarget } from "../endpoints/model-endpoint.js";
import { toolChoiceForRound } from "../endpoints/model-config.js";
import type { EndpointReply, EndpointRequest } from "../endpoints/model-endpoint.js";
import type { FailoverInfo, RouterTarget } from "./options.js";
import type { StreamEvent } from "../endpoints/stream-event.js";

/** A reply and the index of the target that sent it. */
export interface RoutedReply {
  reply: EndpointReply;
  index: number;
}

/** The public name of a target: base URL and model, nothing else (no key lives in either). */
export function targetName(target: RouterTarget): CompletionTarget {
  return { baseURL: target.endpoint.baseURL, model: target.model };
}

/**
 * The request as `target` gets it: its model, and its own configured tool choice when the
 * completion set none (forced only before tool results, like the loop does). The tools are the
 * router's, already in the request.
 */
function requestFor(
  target: RouterTarget,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
): EndpointRequest {
  let toolChoice = request.toolChoice;
  if (toolChoice === undefined)
    toolChoice = toolChoiceForRound(target.endpoint.config(target.model).toolChoice, request.messages);
  const routed: EndpointRequest = { ...request, model: target.model, toolChoice };
  if (onEvent) routed.onEvent = onEvent;
  return routed;
}

/** The `route` event of sending round `round` to `target`. */
function routeEvent(target: RouterTarget, round: number): StreamEvent {
  const { baseURL, provider } = target.endpoint;
  const event: StreamEvent = { type: "route", round, baseURL, model: target.model };
  if (provider !== undefined) event.provider = provider;
  return event;
}

function label(target: RouterTarget): string {
  return `${target.endpoint.baseURL} (model ${target.model})`;
}

function allFailed(failures: ReadonlyArray<{ target: RouterTarget; error: EndpointError }>): EndpointError {
  const last = failures.at(-1)!.error;
  if (failures.length === 1) return last;
  const list = failures.map(({ target, error }, i) => `${i + 1}. ${label(target)}: ${error.message}`).join(" ");
  return new EndpointError(`Every target of the router failed; try again later or add a target. ${list}`, {
    ...(last.status !== undefined ? { status: last.status } : {}),
    retryable: true,
    cause: new AggregateError(
      failures.map((failure) => failure.error),
      "every router target failed",
    ),
  });
}

/**
 * Sends `request` to the targets in order, starting at `start` and wrapping around, each at most
 * once. Moves on only after a retryable `EndpointError` (429, 5xx, 408, 409, connection errors,
 * timeouts: what the endpoint's own retries gave up on), never after a cancellation, another
 * 4xx, a `ProtocolError`, or once a streamed reply reported text or a call to the listener (the
 * listener would hear two replies). Every target tried failed: their errors, as one.
 */
export async function sendThroughTargets(
  targets: readonly RouterTarget[],
  request: EndpointRequest,
  start: number,
  onFailover: ((info: FailoverInfo) => void) | undefined,
): Promise<RoutedReply> {
  const failures: Array<{ target: RouterTarget; error: EndpointError }> = [];
  for (let tried = 0; tried < targets.length; tried++) {
    const index = (start + tried) % targets.length;
    const target = targets[index]!;
    let reported = false;
    const listener = request.onEvent;
    const onEvent =
      listener &&
      ((event: StreamEvent) => {
        if (event.type !== "warning" && event.type !== "route") reported = true;
        listener(event);
      });
    // A nested router names its own targets: only an endpoint that sends itself is a route.
    if (listener && target.endpoint.routing !== true) listener(routeEvent(target, request.round));
    try {
      const reply = await target.endpoint.send(requestFor(target, request, onEvent));
      // A nested router already named its innermost target: that one answered.
      const answeredBy = reply.answeredBy ?? {
        target: targetName(target),
        config: target.endpoint.config(target.model),
      };
      return { reply: { ...reply, answeredBy }, index };
    } catch (error) {
      if (!EndpointError.isInstance(error) || !error.retryable || request.signal?.aborted || reported) throw error;
      failures.push({ target, error });
      if (tried + 1 === targets.length) break;
      const next = targets[(index + 1) % targets.length]!;
      const message = `Router: ${label(target)} failed (${error.message}); trying ${label(next)}.`;
      request.onEvent?.({ type: "warning", round: request.round, message });
      try {
        onFailover?.({ from: targetName(target), to: targetName(next), error, round: request.round });
      } catch {
        // A listener that fails must not stop the failover.
      }
    }
  }
  throw allFailed(failures);
}
