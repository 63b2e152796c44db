import type { ToolChoice } from "../endpoints/model-config.js";
import type { StreamBacklog } from "../endpoints/stream-backlog.js";
import type { JSONSchema } from "../json.js";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_TOOL_INPUT } from "../tools/input-limits.js";
import { positiveInteger, positiveMilliseconds } from "../calls/runner-settings.js";
import { DEFAULT_MAX_TOOL_OUTPUT } from "../calls/tool-output-limit.js";
import type { LoopEventListener } from "./loop-event.js";
import { resolveOutput, type ResolvedOutput } from "./output.js";
import type { CompletionHooks, LoopHooks } from "./loop-hooks.js";

/**
 * Every setting of one completion, in one object: `ep.completions(model, input, options)`,
 * `router.completions(input, options)`, `ep.stream(…)`, and `completions(ep, model, input, options)`.
 */
export interface CompletionOptions<TApp = unknown> {
  /**
   * How many rounds of tool calls may run (8); then `stopped: "maxToolRounds"`. 0 is manual mode:
   * nothing is evaluated or run, the calls come back Pending (docs/round-limits.md).
   */
  maxToolRounds?: number;
  /** How many calls run at once (1 by default: one after the other, in the model's order). */
  concurrency?: number;
  /** Per-call timeout in milliseconds (a tool's own `timeoutMs` is used when this is not set). */
  toolTimeoutMs?: number;
  /** Cancels the request in flight and the running tools; the context stays consistent. */
  signal?: AbortSignal;
  /** The application's value, passed to every tool as `ToolCallContext.toolContext`. */
  toolContext?: TApp;
  /** Offer only these registered tools this time (names); a call to another one fails. */
  tools?: readonly string[];
  /** Largest arguments accepted, in bytes (1 MiB). */
  maxToolInput?: number;
  /** Deepest nesting of arguments accepted (64). */
  maxDepth?: number;
  /** Longest tool result sent to the model, in UTF-8 bytes (1 MiB); a longer one is cut, with a note saying so. */
  maxToolOutput?: number;
  /** Return the completion (`stopped: "attention"`) when a call fails, instead of letting the model retry. */
  returnOnFailure?: boolean;
  /** Repair almost-valid arguments exactly or not at all (see docs), recorded on `call.repaired`. */
  repair?: boolean;
  /** Hears every request, reply, decision, tool start, result, warning and round end. */
  onEvent?: LoopEventListener;
  /** Tool choice for this completion instead of the model config's; a forced one applies to the first request only. */
  toolChoice?: ToolChoice;
  /**
   * Ask for a typed answer: the schema the final answer must match (`jsonSchema<Forecast>()`, which
   * also types `completion.output`). Tools run as usual; the final answer is parsed and validated.
   */
  output?: JSONSchema;
  /** How often an answer that does not match `output` is sent back with its issues (2). Then `OutputError`. */
  outputRetries?: number;
  /** The answer's name on the wire (`json_schema` name, answer tool); default the schema's `title` or `answer`. */
  outputName?: string;
  /** Runs each request and tool run inside an observer's scope (tracing: `@tooltype/otel`); see `LoopHooks`. */
  hooks?: LoopHooks;
}

/** Options with their defaults applied, checked. */
export interface ResolvedOptions {
  maxToolRounds: number;
  concurrency: number;
  toolTimeoutMs: number | undefined;
  signal: AbortSignal | undefined;
  toolContext: unknown;
  tools: readonly string[] | undefined;
  maxToolInput: number;
  maxDepth: number;
  maxToolOutput: number;
  returnOnFailure: boolean;
  repair: boolean;
  onEvent: LoopEventListener | undefined;
  toolChoice: ToolChoice | undefined;
  output: ResolvedOutput | undefined;
  /** `options.hooks` called for this completion (set by the loop as it starts). */
  hooks: CompletionHooks | undefined;
  /** The stream's reader, passed with each streamed request (set by `stream(...)`). */
  backlog?: StreamBacklog;
}

/** The default round limit of `completions`. */
export const DEFAULT_MAX_TOOL_ROUNDS = 8;

/** Throws a RangeError unless `maxToolRounds` is a non-negative integer. */
export function checkMaxToolRounds(maxToolRounds: unknown): number {
  if (typeof maxToolRounds !== "number" || !Number.isInteger(maxToolRounds) || maxToolRounds < 0) {
    throw new RangeError(
      `maxToolRounds must be a non-negative integer (0 for manual mode), got ${String(maxToolRounds)}.`,
    );
  }
  return maxToolRounds;
}

/** Applies defaults and checks every option before anything is sent. */
export function resolveOptions(options: CompletionOptions = {}): ResolvedOptions {
  const { tools } = options;
  const maxToolRounds = checkMaxToolRounds(options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS);
  const toolTimeoutMs = positiveMilliseconds(options.toolTimeoutMs, "toolTimeoutMs");
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((name) => typeof name !== "string"))) {
    throw new TypeError("options.tools must be an array of tool names.");
  }
  if (options.hooks !== undefined && typeof options.hooks !== "function")
    throw new TypeError("options.hooks must be a function that returns the hooks of one completion.");
  return {
    maxToolRounds,
    concurrency: positiveInteger(options.concurrency, "concurrency", 1),
    toolTimeoutMs,
    signal: options.signal,
    toolContext: options.toolContext,
    tools: tools === undefined ? undefined : [...tools], // the run's own copy: every round offers and decides the same names
    maxToolInput: positiveInteger(options.maxToolInput, "maxToolInput", DEFAULT_MAX_TOOL_INPUT),
    maxDepth: positiveInteger(options.maxDepth, "maxDepth", DEFAULT_MAX_DEPTH),
    maxToolOutput: positiveInteger(options.maxToolOutput, "maxToolOutput", DEFAULT_MAX_TOOL_OUTPUT),
    returnOnFailure: options.returnOnFailure === true,
    repair: options.repair === true,
    onEvent: options.onEvent,
    toolChoice: options.toolChoice,
    output: resolveOutput(options.output, options.outputName, options.outputRetries),
    hooks: undefined,
  };
}
