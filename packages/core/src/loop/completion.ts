import type { ToolCall } from "../context/tool-call.js";
import type { JSONObject } from "../json.js";

/** Why a completion returned. */
export type StopReason = "done" | "attention" | "maxToolRounds" | "refusal" | "length" | "contentFilter";

/** Tokens used, summed over every round of a completion. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
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
}

/** Which endpoint and model answered (routers fill it in). */
export interface CompletionTarget {
  /** The endpoint's base URL. */
  baseURL: string;
  /** The model that answered. */
  model: string;
}

/** What `completions(...)` returns. */
export interface Completion {
  /** Every choice of the last reply (the loop follows the first). */
  choices: CompletionChoice[];
  /** The first choice of the last reply. */
  choice: CompletionChoice;
  /** The last reply's visible text. */
  text: string | null;
  /** The calls of the last round, with their decisions and results. */
  toolCalls: ToolCall[];
  /** Why the loop returned. */
  stopped: StopReason;
  /** How many requests this completion sent. */
  rounds: number;
  /** Every call of every round of this completion, in order. */
  calls: ToolCall[];
  /** Tokens, summed over rounds. */
  usage: Usage;
  /** Which endpoint and model answered. */
  target?: CompletionTarget;
  /** The last reply's body as the server sent it (parsed JSON, or the assembled stream). */
  raw: unknown;
}
