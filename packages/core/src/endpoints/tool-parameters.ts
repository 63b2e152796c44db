// The parameters schema a function tool is offered with, shared by the providers that offer
// OpenAI's strict mode: portable, or strict-converted when the tool (or the model) asks for it
// and the schema allows it.
import type { JSONObject } from "../json.js";
import { portableSchema } from "../schema/portable-schema.js";
import { toStrictSchema, type StrictSchemaResult } from "../schema/strict-schema.js";
import type { Tool } from "../tools/tool.js";

/** A tool's parameters as sent, and what became of a request for strict mode. */
export interface ToolParameters {
  /** The schema to send. */
  parameters: JSONObject;
  /** The strict conversion, when the tool is sent with `strict: true` (the reply's nulls are mapped back with it). */
  strict?: StrictSchemaResult;
  /** Why a tool that asked to be strict is sent without strict mode. */
  warning?: string;
}

/**
 * The parameters of `tool`: strict-converted when `tool.strict` (else `strictDefault`) asks for it
 * and the schema can be strict, otherwise the portable schema (with a warning when strict mode
 * was asked for).
 */
export function toolParameters(tool: Tool, strictDefault: boolean): ToolParameters {
  if (!(tool.strict ?? strictDefault)) return { parameters: portableSchema(tool.schema) as JSONObject };
  const strict = toStrictSchema(tool.schema);
  if (strict.strict) return { parameters: strict.schema as JSONObject, strict };
  return {
    parameters: portableSchema(tool.schema) as JSONObject,
    warning: `Tool "${tool.name}" is sent without strict mode: ${strict.reason}.`,
  };
}
