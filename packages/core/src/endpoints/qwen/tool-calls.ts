import type { ToolCall } from "../../policy/tool-call.js";
import { asObject, setOwn, type JSONObject, type JSONSchema } from "../../json.js";
import { repairArgumentText } from "../../schema/repair-text.js";
import { jsonTextExceedsDepth } from "../json-depth.js";
import { functionCall, type CallIds } from "../tool-calls.js";
import { typedParameterValue } from "./parameter-values.js";
import type { ScannedBlock, ScannedCall, ScannedParameter } from "./scanned-call.js";
import { parseToolArguments, type ArgumentLimits, type ParsedArguments } from "../tool-arguments.js";

/** The parameters schema of each tool offered, by name (what Qwen XML values are typed with). */
export type ToolSchemas = ReadonlyMap<string, JSONSchema>;

const resend = "It was not run; send the whole call again.";

function unusable(rawArguments: string, argumentError: string): ParsedArguments {
  return { arguments: null, rawArguments, argumentError };
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

function tooLarge(bytes: number, limits: ArgumentLimits, source: string): ParsedArguments {
  return unusable(
    source,
    `The arguments were ${bytes} bytes, over the limit of ${limits.maxToolInput} bytes, and were not read. Send shorter arguments.`,
  );
}

function tooDeep(limits: ArgumentLimits, source: string): ParsedArguments {
  return unusable(
    source,
    `The arguments nest objects or arrays deeper than ${limits.maxDepth} levels and were not read. Send flatter arguments.`,
  );
}

/** The `"name"` at the start of a Hermes object, read without parsing the rest (it may be cut off). */
function leadingName(json: string): string | undefined {
  const match = /^\{\s*"name"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(json.slice(0, 1024));
  if (!match) return undefined;
  try {
    const name: unknown = JSON.parse(match[1]!);
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The name of a Hermes object that is not quite JSON (`{'name': 'x', …}`), read with the same exact
 * text repairs as arguments, so that `repair: true` can then recover its arguments.
 */
function lenientName(json: string, limits: ArgumentLimits): string | undefined {
  const read = repairArgumentText(json, limits.maxDepth + 1);
  return read.ok && typeof read.value.name === "string" ? read.value.name : undefined;
}

/** `{"name": …, "arguments": …}` (or `"parameters"`), arguments an object or a JSON string. */
function hermesCall(json: string, limits: ArgumentLimits, source: string): { name: string; parsed: ParsedArguments } {
  const named = (parsed: ParsedArguments) => ({ name: leadingName(json) ?? "", parsed });
  const bytes = byteLength(json);
  if (bytes > limits.maxToolInput) return named(tooLarge(bytes, limits, source));
  if (jsonTextExceedsDepth(json, limits.maxDepth + 1)) return named(tooDeep(limits, source));
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      name: leadingName(json) ?? lenientName(json, limits) ?? "",
      parsed: unusable(
        source,
        `The tool call was not valid JSON (${reason}). Write it as <tool_call>{"name": "…", "arguments": {…}}</tool_call>.`,
      ),
    };
  }
  const object = asObject(body);
  const name = object !== undefined && Object.hasOwn(object, "name") ? object.name : undefined;
  if (typeof name !== "string" || name === "") {
    return named(
      unusable(
        source,
        'The tool call has no "name". Write it as <tool_call>{"name": "…", "arguments": {…}}</tool_call>.',
      ),
    );
  }
  const args = Object.hasOwn(object!, "arguments")
    ? object!.arguments
    : Object.hasOwn(object!, "parameters")
      ? object!.parameters
      : undefined;
  return { name, parsed: parseToolArguments(args, limits) };
}

/** Qwen XML parameters as an arguments object, each value typed from the tool's schema. */
function xmlArguments(
  parameters: readonly ScannedParameter[],
  schema: JSONSchema | undefined,
  limits: ArgumentLimits,
  source: string,
): ParsedArguments {
  let bytes = 0;
  for (const parameter of parameters) bytes += byteLength(parameter.name) + byteLength(parameter.value);
  if (bytes > limits.maxToolInput) return tooLarge(bytes, limits, source);
  const args: JSONObject = {};
  for (const parameter of parameters) {
    if (Object.hasOwn(args, parameter.name)) {
      return unusable(
        source,
        `The parameter "${parameter.name}" was given twice, so the call is ambiguous. Send each parameter once.`,
      );
    }
    const typed = typedParameterValue(stripNewlines(parameter.value), schema, parameter.name, limits.maxDepth);
    if ("tooDeep" in typed) return tooDeep(limits, source);
    // setOwn: a parameter named __proto__ becomes a plain key, never a prototype.
    setOwn(args, parameter.name, typed.value);
  }
  return { arguments: args, rawArguments: JSON.stringify(args) };
}

/** Exactly one "\n" right after `<parameter=…>` and one right before its end are not part of the value. */
function stripNewlines(value: string): string {
  const start = value.startsWith("\n") ? 1 : 0;
  const end = value.length > start && value.endsWith("\n") ? value.length - 1 : value.length;
  return value.slice(start, end);
}

function readCall(
  call: ScannedCall,
  schemas: ToolSchemas,
  limits: ArgumentLimits,
  source: string,
): { name: string; parsed: ParsedArguments } {
  if (call.cut) {
    const name = call.name ?? (call.form === "json" ? leadingName(call.json) : undefined) ?? "";
    return { name, parsed: unusable(source, `The tool call was cut off before its end. ${resend}`) };
  }
  switch (call.form) {
    case "unreadable":
      return { name: call.name ?? "", parsed: unusable(source, `${call.problem} ${resend}`) };
    case "json":
      if (call.name === undefined) return hermesCall(call.json, limits, source);
      return { name: call.name, parsed: parseToolArguments(call.json, limits) };
    case "xml":
      return { name: call.name, parsed: xmlArguments(call.parameters, schemas.get(call.name), limits, source) };
  }
}

/**
 * The tool calls of one block, with synthetic ids. Usable calls carry their arguments (typed from
 * the schema for Qwen XML) and the arguments' JSON text; a call cut off, unreadable, too large or
 * too deep has `arguments: null`, an `argumentError` for the model, and the block's text as written.
 */
export function toolCallsOfBlock(
  block: ScannedBlock,
  schemas: ToolSchemas,
  limits: ArgumentLimits,
  ids: CallIds,
): ToolCall[] {
  return block.calls.map((scanned) => {
    const { name, parsed } = readCall(scanned, schemas, limits, block.source);
    return functionCall(ids.take(undefined), name, parsed);
  });
}
