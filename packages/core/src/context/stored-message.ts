import type { JSONValue } from "../json.js";
import { isToolPolicyStatus, ToolPolicyStatus, type PolicyResult } from "../policy/tool-policy-status.js";
import { isRepairCode, type RepairRecord } from "../schema/repair-record.js";
import type { ToolResult } from "../tools/tool-result.js";
import { isCallOutcomeStatus, type CallOutcome } from "../policy/call-outcome.js";
import { ContextJSONError } from "./context-errors.js";
import { separateEarlierRunFailure } from "./earlier-run-failure.js";
import { cloneJSONObject } from "./json-clone.js";
import type { AssistantMessage, Message, ToolMessage } from "./message.js";
import { newToolCall } from "./new-tool-call.js";
import type { ToolCall } from "../policy/tool-call.js";

// Reading one stored message back: every field is checked, and a wrong one is reported by its
// path in the stored context (`messages[3].toolCalls[0].binding`) with what was expected there.

/** Reads the stored message at `path` (e.g. `messages[3]`), or throws a `ContextJSONError` naming the field. */
export function readStoredMessage(value: unknown, path: string): Message {
  const message = record(value, path, "a message");
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: string(message.content, `${path}.content`) };
    case "tool": {
      const tool: ToolMessage = {
        role: "tool",
        callId: nonEmpty(message.callId, `${path}.callId`),
        name: string(message.name, `${path}.name`),
        content: string(message.content, `${path}.content`),
        isError: boolean(message.isError, `${path}.isError`),
      };
      return tool;
    }
    case "assistant": {
      const out: AssistantMessage = {
        role: "assistant",
        content: message.content === null ? null : string(message.content, `${path}.content`),
      };
      if (message.toolCalls !== undefined) {
        if (!Array.isArray(message.toolCalls)) throw new ContextJSONError(`${path}.toolCalls`, "expected an array.");
        out.toolCalls = message.toolCalls.map((call, i) => readCall(call, `${path}.toolCalls[${i}]`));
      }
      if (message.refusal !== undefined) out.refusal = string(message.refusal, `${path}.refusal`);
      if (message.providerData !== undefined)
        out.providerData = cloneJSONObject(message.providerData, `${path}.providerData`);
      return out;
    }
    default:
      throw new ContextJSONError(
        `${path}.role`,
        `expected "system", "user", "assistant" or "tool", got ${preview(message.role)}.`,
      );
  }
}

function readCall(value: unknown, path: string): ToolCall {
  const call = record(value, path, "a tool call");
  const type = call.type;
  if (type !== "function" && type !== "custom")
    throw new ContextJSONError(`${path}.type`, `expected "function" or "custom", got ${preview(type)}.`);
  const args: JSONValue = call.arguments === null ? null : cloneJSONObject(call.arguments, `${path}.arguments`);
  const out = newToolCall(
    nonEmpty(call.id, `${path}.id`),
    type,
    string(call.name, `${path}.name`),
    args,
    string(call.rawArguments, `${path}.rawArguments`),
  );
  if (call.argumentError !== undefined) out.argumentError = string(call.argumentError, `${path}.argumentError`);
  if (call.repaired !== undefined) {
    if (!Array.isArray(call.repaired)) throw new ContextJSONError(`${path}.repaired`, "expected an array of repairs.");
    out.repaired = call.repaired.map((item, i) => readRepair(item, `${path}.repaired[${i}]`));
  }
  if (call.policyResult !== undefined) out.policyResult = readPolicyResult(call.policyResult, `${path}.policyResult`);
  if (call.outcome !== undefined) out.outcome = readOutcome(call.outcome, `${path}.outcome`);
  if (call.binding !== undefined) {
    const binding = string(call.binding, `${path}.binding`);
    if (!/^sha256:[0-9a-f]{64}$/.test(binding))
      throw new ContextJSONError(`${path}.binding`, "expected sha256:<64 hex digits>.");
    out.binding = binding;
  }
  if (call.started !== undefined && boolean(call.started, `${path}.started`)) out.started = true;
  if (call.result !== undefined) out.result = readResult(call.result, `${path}.result`);
  if (call.extra !== undefined) out.extra = cloneJSONObject(call.extra, `${path}.extra`);
  separateEarlierRunFailure(out);
  return out;
}

function readRepair(value: unknown, path: string): RepairRecord {
  const repair = record(value, path, "a repair");
  if (!isRepairCode(repair.code))
    throw new ContextJSONError(`${path}.code`, `expected a repair code, got ${preview(repair.code)}.`);
  const out: RepairRecord = { code: repair.code, message: string(repair.message, `${path}.message`) };
  if (repair.path !== undefined) out.path = string(repair.path, `${path}.path`);
  return out;
}

function readPolicyResult(value: unknown, path: string): PolicyResult {
  const result = record(value, path, "a policy result");
  // "none" (no rule covered the call) was a status of its own before 0.1 was released; it always meant Pending.
  const status = result.status === "none" ? ToolPolicyStatus.Pending : result.status;
  if (!isToolPolicyStatus(status))
    throw new ContextJSONError(
      `${path}.status`,
      `expected one of ${Object.values(ToolPolicyStatus).join(", ")}, got ${preview(status)}.`,
    );
  return { status, message: string(result.message, `${path}.message`) };
}

function readOutcome(value: unknown, path: string): CallOutcome {
  const outcome = record(value, path, "a run outcome");
  if (!isCallOutcomeStatus(outcome.status))
    throw new ContextJSONError(
      `${path}.status`,
      `expected "failed", "timedOut", "cancelled" or "interrupted", got ${preview(outcome.status)}.`,
    );
  return { status: outcome.status, message: string(outcome.message, `${path}.message`) };
}

function readResult(value: unknown, path: string): ToolResult {
  const result = record(value, path, "a tool result");
  return { output: string(result.output, `${path}.output`), isError: boolean(result.isError, `${path}.isError`) };
}

/** `value` as an object, or a `ContextJSONError` at `path` saying `what` was expected there. */
export function record(value: unknown, path: string, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ContextJSONError(path, `expected ${what}, got ${preview(value)}.`);
  return value as Record<string, unknown>;
}

function string(value: unknown, path: string): string {
  if (typeof value !== "string") throw new ContextJSONError(path, `expected a string, got ${preview(value)}.`);
  return value;
}

function nonEmpty(value: unknown, path: string): string {
  const text = string(value, path);
  if (text === "") throw new ContextJSONError(path, "expected a non-empty string.");
  return text;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") throw new ContextJSONError(path, `expected true or false, got ${preview(value)}.`);
  return value;
}

/** A short description of `value` for error messages: its kind, or its JSON up to 40 characters. */
export function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
