import type { ToolCall } from "../policy/tool-call.js";
import type { ToolPolicy } from "../policy/tool-policy.js";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_TOOL_INPUT } from "../tools/input-limits.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ToolResult } from "../tools/tool-result.js";
import { safeListener, type CallEvent, type CallHooks } from "./call-event.js";
import { DEFAULT_MAX_TOOL_OUTPUT } from "./tool-output-limit.js";

/** Settings of a `CallRunner`: where calls are looked up, who decides, and the limits of each run. */
export interface CallRunnerOptions<TApp = unknown> {
  /** The tools calls are looked up in. */
  registry: ToolRegistry;
  /** Decides whether each call may run (deny wins, then allow, then the evaluator). */
  policy: ToolPolicy;
  /** Only these registered tools may be called (names); a call to another is answered as unknown. Default: all. */
  tools?: readonly string[];
  /** Repair almost-valid arguments exactly or not at all, recorded on `call.repaired` (see docs). */
  repair?: boolean;
  /** Largest arguments accepted, in bytes (1 MiB). */
  maxToolInput?: number;
  /** Deepest nesting of arguments accepted (64). */
  maxDepth?: number;
  /** Longest result answered, in UTF-8 bytes (1 MiB); a longer one is cut, with a note saying so. */
  maxToolOutput?: number;
  /** Per-call timeout in milliseconds (a tool's own `timeoutMs` is used when this is not set). */
  toolTimeoutMs?: number;
  /** How many tools run at once (1: one after the other, in the order given). */
  concurrency?: number;
  /** Cancels the running tools; calls not started yet are answered as cancelled. */
  signal?: AbortSignal;
  /** The application's value, passed to every tool as `ToolCallContext.toolContext`. */
  toolContext?: TApp;
  /** The conversation the calls belong to, passed to every tool as `ToolCallContext.context`. */
  context?: unknown;
  /** Hears each decision, tool start and result; what it throws is ignored. */
  onEvent?: (event: CallEvent) => void;
  /** Runs each tool inside an observer's scope (a completion's hooks; `@tooltype/otel`'s spans). */
  hooks?: CallHooks;
  /** Records a call's answer (default: sets `call.result`); the loop also appends it to the conversation. */
  answer?: (call: ToolCall, result: ToolResult) => void;
}

/** The options with their defaults applied, checked. */
export interface RunnerSettings {
  registry: ToolRegistry;
  policy: ToolPolicy;
  offered: ReadonlySet<string> | undefined;
  repair: boolean;
  maxToolInput: number;
  maxDepth: number;
  maxToolOutput: number;
  toolTimeoutMs: number | undefined;
  concurrency: number;
  signal: AbortSignal | undefined;
  toolContext: unknown;
  context: unknown;
  emit: ((event: CallEvent) => void) | undefined;
  hooks: CallHooks | undefined;
  answer: (call: ToolCall, result: ToolResult) => void;
}

/** `value`, checked to be a positive integer (`fallback` when undefined); else a RangeError naming `options.${name}`. */
export function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`options.${name} must be a positive integer, got ${String(value)}.`);
  return value;
}

/** `value`, checked to be a positive number of milliseconds (or undefined); else a RangeError. */
export function positiveMilliseconds(value: number | undefined, name: string): number | undefined {
  if (value !== undefined && !(typeof value === "number" && value > 0))
    throw new RangeError(`options.${name} must be a positive number of milliseconds, got ${String(value)}.`);
  return value;
}

const setResult = (call: ToolCall, result: ToolResult): void => {
  call.result = result;
};

/** Applies the defaults and checks every option (a RangeError or TypeError names the one that is wrong). */
export function resolveRunnerOptions(options: CallRunnerOptions): RunnerSettings {
  const { registry, policy, tools } = options;
  if (typeof registry?.find !== "function") throw new TypeError("options.registry must be a ToolRegistry.");
  if (typeof policy?.evaluate !== "function") throw new TypeError("options.policy must be a ToolPolicy.");
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((name) => typeof name !== "string")))
    throw new TypeError("options.tools must be an array of tool names.");
  return {
    registry,
    policy,
    offered: tools === undefined ? undefined : new Set(tools),
    repair: options.repair === true,
    maxToolInput: positiveInteger(options.maxToolInput, "maxToolInput", DEFAULT_MAX_TOOL_INPUT),
    maxDepth: positiveInteger(options.maxDepth, "maxDepth", DEFAULT_MAX_DEPTH),
    maxToolOutput: positiveInteger(options.maxToolOutput, "maxToolOutput", DEFAULT_MAX_TOOL_OUTPUT),
    toolTimeoutMs: positiveMilliseconds(options.toolTimeoutMs, "toolTimeoutMs"),
    concurrency: positiveInteger(options.concurrency, "concurrency", 1),
    signal: options.signal,
    toolContext: options.toolContext,
    context: options.context,
    emit: safeListener(options.onEvent),
    hooks: options.hooks,
    answer: options.answer ?? setResult,
  };
}
