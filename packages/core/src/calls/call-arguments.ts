import type { ToolCall } from "../policy/tool-call.js";
import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import type { JSONObject } from "../json.js";
import { formatArgumentIssues } from "../schema/argument-issues.js";
import { repairArguments } from "../schema/repair.js";
import { restoreOmittedArguments } from "../schema/strict-schema-nulls.js";
import { toStrictSchema } from "../schema/strict-schema.js";
import type { InputLimits } from "../tools/input-limits.js";
import type { Tool } from "../tools/tool.js";

/** Why a free-text call's input cannot be used (in words for the model), or undefined when it can. */
export function textProblem(tool: Tool, call: ToolCall, limits: InputLimits): string | undefined {
  const issues = tool.validate(call.rawArguments, limits);
  return issues.length === 0 ? undefined : formatArgumentIssues(tool.name, issues);
}

/** What checking a call's arguments may repair with. */
export interface RepairSettings {
  repair: boolean;
  /** Whether the model was sent the tools strict (a tool may say otherwise): absent optionals then arrive as null. */
  strict: boolean;
}

/**
 * Why a call's arguments cannot be used (in words for the model), or undefined when they can:
 * valid under the limits as they are, or once repaired (with `repair`: exactly or not at all; the
 * repaired arguments replace `call.arguments`, and `call.repaired` says what changed).
 */
export function argumentsProblem(
  tool: Tool,
  call: ToolCall,
  limits: InputLimits,
  { repair, strict }: RepairSettings,
): string | undefined {
  let issues: ArgumentIssue[] | undefined;
  if (call.arguments !== null) {
    issues = tool.validate(call.arguments, limits);
    if (issues.length === 0) return undefined;
  }
  if (repair) {
    const strictSchema = (tool.strict ?? strict) ? toStrictSchema(tool.schema) : undefined;
    const prepare = (args: JSONObject) => (strictSchema?.strict ? restoreOmittedArguments(args, strictSchema) : args);
    const repaired = repairArguments(call, tool.schema, (args) => tool.validate(prepare(args)).length === 0, {
      toolName: tool.name,
      maxInputBytes: limits.maxToolInput,
      maxDepth: limits.maxDepth,
    });
    if (repaired !== undefined) {
      call.arguments = prepare(repaired.arguments);
      call.repaired = repaired.repaired;
      delete call.argumentError;
      return undefined;
    }
  }
  if (issues === undefined)
    return call.argumentError ?? `The arguments of ${tool.name} could not be read. Send one JSON object.`;
  return formatArgumentIssues(tool.name, issues);
}
