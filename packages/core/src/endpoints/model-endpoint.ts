import type { Message } from "../context/message.js";
import type { CompletionChoice, Usage } from "../loop/completion.js";
import type { Tool } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ModelConfig, ToolChoice } from "./model-config.js";
import type { StreamEvent } from "./stream-event.js";

/** One request of one round, provider-neutral: what the loop asks an endpoint to send. */
export interface EndpointRequest {
  model: string;
  /** The whole conversation so far. Entries already sent are the same objects as last time (cache by identity). */
  messages: readonly Message[];
  /** The tools offered this round (empty: none). The same array object while the registry is unchanged. */
  tools: readonly Tool[];
  /** The tool choice for this round (the loop downgrades a forced choice to `auto` after round one). */
  toolChoice: ToolChoice | undefined;
  /** Stream the reply (SSE) and report deltas through `onEvent`. */
  stream: boolean;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Receives text and tool-call deltas while a streamed reply arrives. */
  onEvent?: (event: StreamEvent) => void;
  /** The round number, for events. */
  round: number;
  /** Arguments longer than this (bytes) are not parsed: the call becomes unusable. */
  maxToolInput: number;
  /** Arguments nested deeper than this are not used: the call becomes unusable. */
  maxDepth: number;
}

/** A parsed reply. */
export interface EndpointReply {
  /** Every choice the server sent, in index order. */
  choices: CompletionChoice[];
  /** Token usage of this request (zeros when the server sent none). */
  usage: Usage;
  /** The body as received (parsed JSON, or the assembled stream). */
  raw: unknown;
}

/**
 * What the loop talks to: OpenAI, Anthropic, and routers all implement it.
 * `send` throws `EndpointError` (network, HTTP status after retries, timeout, cancellation)
 * or `ProtocolError` (a body that is not the format), and never changes `messages`.
 */
export interface ModelEndpoint {
  /** The tools this endpoint offers (its own registry, or one shared through options). */
  readonly tools: ToolRegistry;
  /** The base URL requests go to (no secrets in it). */
  readonly baseURL: string;
  /** The settings of one model, created on first use and kept. */
  config(model: string): ModelConfig;
  /** Send one request and parse the reply. */
  send(request: EndpointRequest): Promise<EndpointReply>;
}
