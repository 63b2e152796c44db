import type { ToolCall } from "../policy/tool-call.js";
import type { CompletionChoice, CompletionTarget, Usage } from "../endpoints/model-endpoint.js";

/** Why a completion returned. */
export type StopReason = "done" | "attention" | "maxToolRounds" | "refusal" | "length" | "contentFilter";

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
  /** The validated typed answer, when `options.output` asked for one and the model is done. */
  output?: unknown;
}

/**
 * A completion that asked for a typed answer (`options.output: jsonSchema<T>()`): when it is
 * `done`, `output` is the answer, validated against the schema; any other stop has none.
 */
export type TypedCompletion<T> = Omit<Completion, "stopped" | "output"> &
  ({ stopped: "done"; output: T } | { stopped: Exclude<StopReason, "done">; output?: undefined });
