import {
  CallRunner,
  DEFAULT_MAX_TOOL_OUTPUT,
  ToolPolicyStatus,
  type CompletionHooks,
  type LoopHooks,
  type ModelEndpoint,
  type Tool,
  type ToolCall,
  type ToolPolicy,
  type ToolRegistry,
} from "@tooltype/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CUSTOM_INPUT_PROPERTY, isObjectSchema } from "./mcp-tool-listing.js";

/** What answering a `tools/call` needs besides the registry: the same settings a completion's calls run under. */
export interface CallAnswerSettings {
  /** Decides whether each call may run. */
  policy: ToolPolicy;
  /** Passed to every tool as `ctx.toolContext`. */
  toolContext?: unknown;
  /** Per-call timeout in milliseconds (a tool's own `timeoutMs` otherwise). */
  timeoutMs?: number;
  /** Largest accepted arguments in bytes of JSON (default 1 MiB). */
  maxToolInput?: number;
  /** Deepest accepted nesting of the arguments (default 64). */
  maxDepth?: number;
  /** Longest result sent, in UTF-8 bytes (default 1 MiB); a longer text is cut, with a note saying so. */
  maxToolOutput?: number;
  /** Repair almost-valid arguments exactly or not at all, as a completion's `repair: true` does. */
  repair?: boolean;
  /**
   * Observes each tool run, as in a completion: `telemetry.hooks` from `@tooltype/otel` gives every
   * run an `execute_tool` span. Called once per `tools/call`, with an endpoint whose `baseURL` and
   * model are `"mcp"` (an MCP server asks no model); only its `tool` and `onEvent` are used.
   */
  hooks?: LoopHooks;
}

/** The request being answered: the tool's name and arguments, the request's id and cancellation. */
export interface CallRequest {
  name: string;
  arguments?: Record<string, unknown>;
  requestId: string | number;
  signal: AbortSignal;
}

/** What a `tools/call` is to the loop's hooks: no model, no requests, just the registry's tools. */
function mcpEndpoint(registry: ToolRegistry): ModelEndpoint {
  return {
    tools: registry,
    baseURL: "mcp",
    config: () => ({}),
    send: () => Promise.reject(new TypeError("An MCP server sends no requests to a model.")),
  };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * The call as a completion would see it: a free-text tool's `input` string as its raw text, other
 * arguments read under the input limits as an endpoint reads a call's arguments object (too large,
 * too deep or not JSON data: unusable, and answered so).
 */
function callOf(runner: CallRunner, registry: ToolRegistry, request: CallRequest): ToolCall {
  const args = request.arguments ?? {};
  const text = registry.find(request.name)?.custom === true ? (args[CUSTOM_INPUT_PROPERTY] ?? "") : undefined;
  return runner.newCall(`mcp_${String(request.requestId)}`, request.name, typeof text === "string" ? text : args);
}

/** Why a decision keeps the call from running, in words for the client's model; undefined when it is Allowed. */
function refusal(call: ToolCall): string | undefined {
  const { status, message } = call.policyResult!;
  switch (status) {
    case ToolPolicyStatus.Allowed:
      return undefined;
    case ToolPolicyStatus.Failed: // unknown tool, unusable arguments, failed by the evaluator: the message says which
      return message;
    case ToolPolicyStatus.Pending:
      return `Approval is needed for ${call.name}; it was not run. ${message}`;
    default:
      return `${call.name} was not run: ${message}`;
  }
}

/** The text of an error result: the message a tool threw or returned with `toolError(…)`, not its JSON wrapping. */
function errorText(call: ToolCall, output: string): string {
  if (call.outcome !== undefined) return call.outcome.message;
  try {
    const parsed: unknown = JSON.parse(output);
    const message = (parsed as { error?: unknown } | null)?.error;
    if (typeof message === "string") return message;
  } catch {
    // Not the `{"error": …}` of a tool error (cut by maxToolOutput): the text as it is.
  }
  return output;
}

/**
 * The structured form of a successful result, for a tool listed with an `outputSchema`: the
 * result's JSON object, checked against the tool's `returns`. A result that is not such an
 * object, or was cut by `maxToolOutput`, is an error (MCP clients reject a result that
 * contradicts the declared schema).
 */
function structured(
  tool: Tool,
  output: string,
  maxToolOutput: number,
): { value: Record<string, unknown> } | { problem: string } {
  if (Buffer.byteLength(output, "utf8") > maxToolOutput) {
    return {
      problem: `${tool.name} returned more than maxToolOutput (${maxToolOutput} bytes): an MCP client needs the whole object its outputSchema declares. Return less, or raise maxToolOutput.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    value = output;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      problem: `${tool.name} returned ${Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`}, but its return type is an object: fix the tool or its declared return type.`,
    };
  }
  const issues = tool.validateReturn(value);
  if (issues.length === 0) return { value: value as Record<string, unknown> };
  const lines = issues.map((issue) => `- ${issue.path === "" ? "(result)" : issue.path}: ${issue.message}`);
  return { problem: `${tool.name} returned a result that does not match its return type:\n${lines.join("\n")}` };
}

/** The runner of one `tools/call`: the settings, the request's signal, and the hooks of this call. */
export function runnerFor(
  registry: ToolRegistry,
  settings: CallAnswerSettings,
  signal?: AbortSignal,
  hooks?: CompletionHooks,
): CallRunner {
  return new CallRunner({
    registry,
    policy: settings.policy,
    repair: settings.repair,
    maxToolInput: settings.maxToolInput,
    maxDepth: settings.maxDepth,
    maxToolOutput: settings.maxToolOutput,
    toolTimeoutMs: settings.timeoutMs,
    signal,
    toolContext: settings.toolContext,
    onEvent: hooks?.onEvent,
    hooks,
  });
}

/**
 * Answers one `tools/call` with the call runner a completion uses: finds the tool, checks (and,
 * when asked, repairs) the arguments, asks the policy, and runs the tool only when the policy
 * allows it, under the same limits and hooks. Every failure is an `isError` result the model can
 * read; nothing here throws.
 */
export async function answerToolCall(
  registry: ToolRegistry,
  request: CallRequest,
  settings: CallAnswerSettings,
): Promise<CallToolResult> {
  const hooks = settings.hooks?.({ endpoint: mcpEndpoint(registry), model: "mcp", stream: false });
  const runner = runnerFor(registry, settings, request.signal, hooks);
  const call = callOf(runner, registry, request);
  await runner.decide([call]);
  const refused = refusal(call);
  if (refused !== undefined) return errorResult(refused);
  await runner.run([call]);
  const tool = registry.find(call.name);
  const result = call.result!;
  if (result.isError || tool === undefined) return errorResult(errorText(call, result.output));
  if (!isObjectSchema(tool.returns)) return { content: [{ type: "text", text: result.output }] };
  const shaped = structured(tool, result.output, settings.maxToolOutput ?? DEFAULT_MAX_TOOL_OUTPUT);
  if ("problem" in shaped) return errorResult(shaped.problem);
  return { content: [{ type: "text", text: result.output }], structuredContent: shaped.value };
}
