import type { Message } from "../context/message.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { JSONObject } from "../json.js";
import type { Tool } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ModelConfig, ToolChoice } from "./model-config.js";
import type { ChoiceOutput, OutputRequest } from "./output-request.js";
import type { StreamBacklog } from "./stream-backlog.js";
import type { StreamEvent } from "./stream-event.js";

/** Tokens the server counted: for one request (`EndpointReply.usage`), or summed over every round (`Completion.usage`). */
export interface Usage {
  /** Tokens the model read (the messages and tools sent). */
  promptTokens: number;
  /** Tokens the model wrote. */
  completionTokens: number;
  /** Both together, as the server counted them. */
  totalTokens: number;
  /** Of `promptTokens`, those the server read from its prompt cache, when it says (OpenAI's `cached_tokens`, Gemini's `cachedContentTokenCount`). */
  cachedTokens?: number;
  /** Of `completionTokens`, those spent on reasoning, when it says (OpenAI's `reasoning_tokens`, Gemini's `thoughtsTokenCount`). */
  reasoningTokens?: number;
}

/** One choice of a reply, parsed. */
export interface CompletionChoice {
  /** The choice's index as the server sent it. */
  index: number;
  /** The visible text, or `null` when there is none (absent, empty or whitespace only). */
  text: string | null;
  /** The tool calls in this choice, in the model's order. */
  toolCalls: ToolCall[];
  /** `finish_reason` exactly as sent (`stop`, `tool_calls`, `length`, `eos_token`, …), or null. */
  finishReason: string | null;
  /** The model's refusal text, when it refused. */
  refusal: string | null;
  /** Reasoning the server sent beside the answer (never part of `text`). */
  reasoning: string | null;
  /** Provider data that must travel back with this message (Anthropic thinking blocks, …); kept on the assistant message. */
  providerData?: JSONObject;
  /** The typed answer, when the request asked for one (`EndpointRequest.output`) and the reply gives one. */
  output?: ChoiceOutput;
}

/** Which endpoint and model answered a reply (a router names the target it sent to). */
export interface CompletionTarget {
  /** The endpoint's base URL. */
  baseURL: string;
  /** The model that answered. */
  model: string;
}

/** One request of one round, provider-neutral: what the loop asks an endpoint to send. */
export interface EndpointRequest {
  /** The model to ask, as the endpoint names it. */
  model: string;
  /** The whole conversation so far. Entries already sent are the same objects as last time (cache by identity). */
  messages: readonly Message[];
  /** The tools offered this round (empty: none). The same array object while the registry is unchanged. */
  tools: readonly Tool[];
  /** The tool choice for this round (the loop downgrades a forced choice to `auto` after round one). */
  toolChoice: ToolChoice | undefined;
  /** Stream the reply (SSE) and report deltas through `onEvent`. */
  stream: boolean;
  /** Cancels the request: `send` then rejects with `AbortedError`, its `cause` the signal's reason. */
  signal?: AbortSignal;
  /** Receives text and tool-call deltas while a streamed reply arrives. */
  onEvent?: (event: StreamEvent) => void;
  /** How far the reader of `onEvent`'s events is behind: a streamed reply is read no faster than it takes them. */
  backlog?: StreamBacklog;
  /** The round number, for events. */
  round: number;
  /** Arguments longer than this (bytes) are not parsed: the call becomes unusable. */
  maxToolInput: number;
  /** Arguments nested deeper than this are not used: the call becomes unusable. */
  maxDepth: number;
  /** A typed answer to ask for (the endpoint's `config(model).outputMode` says how). */
  output?: OutputRequest;
}

/** A parsed reply. */
export interface EndpointReply {
  /** Every choice the server sent, in index order. */
  choices: CompletionChoice[];
  /** Token usage of this request (zeros when the server sent none). */
  usage: Usage;
  /** The body as received (parsed JSON, or the assembled stream). */
  raw: unknown;
  /** The response's id, when the server names it somewhere else than a top-level `id` of `raw` (Gemini's `responseId`). */
  responseId?: string;
  /** The model that answered, when named somewhere else than a top-level `model` of `raw` (Gemini's `modelVersion`). */
  responseModel?: string;
  /**
   * Set by an endpoint that sent through another (a router): the target that answered and the
   * settings it answered with. Absent: the endpoint itself answered, with its own `config(model)`.
   */
  answeredBy?: AnsweredBy;
}

/** The target that answered one reply, and the settings it answered with. */
export interface AnsweredBy {
  /** Its endpoint's base URL and the model asked. */
  target: CompletionTarget;
  /** `endpoint.config(model)` of that target (its `strict` applies to the calls of the reply). */
  config: ModelConfig;
}

/**
 * What the loop talks to: OpenAI, Anthropic, and routers all implement it.
 * `send` throws `EndpointError` (network, HTTP status after retries, timeout), `AbortedError`
 * (cancelled by `request.signal`: the loop passes it on as it is) or `ProtocolError` (a body that
 * is not the format), and never changes `messages`.
 */
export interface ModelEndpoint {
  /** The tools this endpoint offers (its own registry, or one shared through options). */
  readonly tools: ToolRegistry;
  /** The base URL requests go to (no secrets in it). */
  readonly baseURL: string;
  /**
   * The provider whose API this endpoint speaks, named as the OpenTelemetry GenAI semantic
   * conventions name it in `gen_ai.provider.name`: one of their well-known values when one applies
   * (`openai`, `anthropic`, `gcp.gemini`, `gcp.vertex_ai`, `aws.bedrock`, `azure.ai.openai`…), a
   * name of your own otherwise. It names the API, not who hosts the model: a server that speaks
   * OpenAI's chat completions (vLLM, LM Studio, Ollama, llama.cpp) is `openai`. A router says the
   * provider its targets share. Undefined: unknown (telemetry reports `tooltype`).
   */
  readonly provider?: string;
  /**
   * True for an endpoint that only sends through other endpoints (a router): it names no target of
   * its own, so `completion.target` comes from `reply.answeredBy` alone.
   */
  readonly routing?: boolean;
  /** The settings of one model, created on first use and kept. */
  config(model: string): ModelConfig;
  /** Send one request and parse the reply. */
  send(request: EndpointRequest): Promise<EndpointReply>;
}
