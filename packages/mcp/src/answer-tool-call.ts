import {
  ToolPolicyStatus,
  type JSONObject,
  type Tool,
  type ToolCall,
  type ToolPolicy,
  type ToolRegistry,
} from "@tooltype/core";
import { argumentIssues, formatArgumentIssues, validatorFor } from "@tooltype/core/internal";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CUSTOM_INPUT_PROPERTY, isObjectSchema } from "./mcp-tool-listing.js";

/** What answering a `tools/call` needs besides the registry. */
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
}

/** The request being answered: the tool's name and arguments, the request's id and cancellation. */
export interface CallRequest {
  name: string;
  arguments?: Record<string, unknown>;
  requestId: string | number;
  signal: AbortSignal;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** The input the tool receives: the arguments object, or for a free-text tool its `input` string. */
function inputOf(tool: Tool, args: Record<string, unknown>): unknown {
  return tool.custom ? args[CUSTOM_INPUT_PROPERTY] : args;
}

/** The call as the policy sees it (the same shape the completions loop gives it). */
function policyCall(tool: Tool, input: unknown, requestId: string | number): ToolCall {
  const custom = tool.custom;
  return {
    id: `mcp_${String(requestId)}`,
    type: custom ? "custom" : "function",
    name: tool.name,
    arguments: custom ? null : (input as JSONObject),
    rawArguments: custom ? String(input) : JSON.stringify(input),
  };
}

/** Why the policy's answer keeps the call from running, or undefined when it is Allowed. */
function refusal(tool: Tool, status: ToolPolicyStatus, message: string): string | undefined {
  switch (status) {
    case ToolPolicyStatus.Allowed:
      return undefined;
    case ToolPolicyStatus.Denied:
      return `${tool.name} was not run: ${message}`;
    case ToolPolicyStatus.Pending:
    case ToolPolicyStatus.None:
      return `Approval is needed for ${tool.name}; it was not run. ${message}`;
    default:
      return `${tool.name} was not run: ${message}`;
  }
}

/**
 * The structured form of a successful result, for a tool listed with an `outputSchema`: the
 * result's JSON object, checked against the tool's `returns`. A result that is not such an
 * object is an error (MCP clients reject a result that contradicts the declared schema).
 */
function structured(tool: Tool, output: string): { value: Record<string, unknown> } | { problem: string } {
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
  let errors;
  try {
    errors = validatorFor(tool.returns!)(value);
  } catch (error) {
    return {
      problem: `${tool.name}'s return schema does not compile (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  if (errors === undefined) return { value: value as Record<string, unknown> };
  const issues = argumentIssues(errors).map(
    (issue) => `- ${issue.path === "" ? "(result)" : issue.path}: ${issue.message}`,
  );
  return { problem: `${tool.name} returned a result that does not match its return type:\n${issues.join("\n")}` };
}

/**
 * Answers one `tools/call`: finds the tool, validates the arguments, asks the policy, and runs
 * the tool only when the policy allows it. Every failure is an `isError` result the model can
 * read; nothing here throws.
 */
export async function answerToolCall(
  registry: ToolRegistry,
  request: CallRequest,
  settings: CallAnswerSettings,
): Promise<CallToolResult> {
  const tool = registry.find(request.name);
  if (tool === undefined) {
    const names = registry.list().map((t) => t.name);
    return errorResult(
      `No tool named "${request.name}" is registered. Available tools: ${names.length > 0 ? names.join(", ") : "none"}.`,
    );
  }
  const input = inputOf(tool, request.arguments ?? {});
  const limits = { maxToolInput: settings.maxToolInput, maxDepth: settings.maxDepth };
  const issues = tool.validate(input, limits);
  if (issues.length > 0) return errorResult(formatArgumentIssues(tool.name, issues));

  const decision = await settings.policy.evaluate(tool, policyCall(tool, input, request.requestId));
  const refused = refusal(tool, decision.status, decision.message);
  if (refused !== undefined) return errorResult(refused);

  const outcome = await tool.execute(input, {
    callId: `mcp_${String(request.requestId)}`,
    signal: request.signal,
    toolContext: settings.toolContext,
    timeoutMs: settings.timeoutMs,
    ...limits,
  });
  if (outcome.result.isError) return errorResult(outcome.message ?? outcome.result.output);
  const output = outcome.result.output;
  if (!isObjectSchema(tool.returns)) return { content: [{ type: "text", text: output }] };
  const shaped = structured(tool, output);
  if ("problem" in shaped) return errorResult(shaped.problem);
  return { content: [{ type: "text", text: output }], structuredContent: shaped.value };
}
