import type { ToolCall } from "../policy/tool-call.js";
import type { EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { LoopEventListener } from "./loop-event.js";

/**
 * Lets an observer (tracing, per-request logging) run a completion's asynchronous work inside
 * scopes of its own, such as an OpenTelemetry span's context: whatever happens inside (a span a
 * tool opens, an endpoint's retry) then sees that scope. `options.hooks` is called once as a
 * completion starts, after its options were checked; the hooks it returns see that completion only.
 * `serveMcp` (`@tooltype/mcp`) calls them once per `tools/call` and uses their `tool` and `onEvent`.
 *
 * Hooks are trusted code: an error a hook throws is the completion's error. A wrapper must call
 * `run` once and return what it returns (or let its error through).
 */
export type LoopHooks = (start: CompletionStart) => CompletionHooks;

/** What a completion is about to run against. */
export interface CompletionStart {
  /** The endpoint (for a router: one completion's routing view, `baseURL` `"router"`; for an MCP server, `"mcp"`). */
  readonly endpoint: ModelEndpoint;
  /** The model asked for (`"router"` through a router: each target names its own; `"mcp"` for an MCP server). */
  readonly model: string;
  /** Whether its requests are streamed (`endpoint.stream(...)`). */
  readonly stream: boolean;
}

/** The wrappers and listener of one completion; each is optional. */
export interface CompletionHooks {
  /** Hears this completion's events, like `options.onEvent` and after it, inside the scope of the work that emits them. */
  onEvent?: LoopEventListener;
  /** Wraps the whole completion; `run` settles with its `Completion` or its error. */
  completion?<T>(run: () => Promise<T>): Promise<T>;
  /**
   * Wraps one request, from its `request` event to its `reply` event: the endpoint's retries and
   * stream deltas happen inside; `run` rejects when the request fails.
   */
  request?<T>(request: EndpointRequest, run: () => Promise<T>): Promise<T>;
  /** Wraps one tool run, from its `tool-start` event to its `tool-result` event (the tool's function runs inside). */
  tool?<T>(call: ToolCall, run: () => Promise<T>): Promise<T>;
}
