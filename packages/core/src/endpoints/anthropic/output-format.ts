// Typed answers on the Messages API: `output_config.format` for models with structured outputs
// (native mode), else one more tool whose input is the answer (tool mode, the default), or the
// schema in the system prompt (prompt mode).
import type { Message } from "../../context/message.js";
import { isPlainObject, setOwn, type JSONObject } from "../../json.js";
import { toStrictSchema, type StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { answerToolDescription, answerToolSchema, outputModeOf, withOutputInstructions } from "../output-request.js";
import { takeAnswerCall } from "../answer-tool.js";
import type { AnthropicRequestBody } from "./wire.js";

/** How one request asks for its typed answer. */
export interface AnthropicOutput {
  mode: OutputMode;
  /** The answer tool's name (tool mode). */
  toolName: string;
  /** True when a non-object answer travels as the answer tool's `value` property. */
  wrapped: boolean;
  /** The strict conversion sent in native mode, whose nulls the reply maps back. */
  strict?: StrictSchemaResult;
}

// Constraints structured outputs refuse; the validator still checks them on the answer.
const unsupported = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "pattern",
  "maxItems",
]);

function withoutUnsupported(node: unknown, dropped: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutUnsupported(item, dropped));
  if (!isPlainObject(node)) return node;
  const out: JSONObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (
      (unsupported.has(key) && typeof value !== "object") ||
      (key === "minItems" && typeof value === "number" && value > 1)
    ) {
      dropped.add(key);
      continue;
    }
    // `properties` and `$defs` hold names, not keywords: copy their entries as they are.
    setOwn(out, key, withoutUnsupported(value, dropped));
  }
  return out;
}

// Schemas already reported for dropped keywords: the warning comes once per schema.
const warned = new WeakSet<object>();

function warnDropped(request: EndpointRequest, schema: unknown, dropped: Set<string>): void {
  if (dropped.size === 0 || !isPlainObject(schema) || warned.has(schema)) return;
  warned.add(schema);
  const names = [...dropped].sort().join(", ");
  request.onEvent?.({
    type: "warning",
    round: request.round,
    message:
      `The answer schema "${request.output?.name}" is sent to Anthropic's structured outputs without ${names}: ` +
      `the API refuses these keywords. The answer is still validated against them here and asked for again ` +
      `when it does not match; use outputMode "tool" to send the schema whole.`,
  });
}

/** The messages to send: in prompt mode, with the schema in the system prompt. */
export function anthropicOutputMessages(request: EndpointRequest, config: ModelConfig): readonly Message[] {
  const output = request.output;
  return output !== undefined && outputModeOf(config, "tool") === "prompt"
    ? withOutputInstructions(request.messages, output)
    : request.messages;
}

/**
 * Adds the typed-answer part to a body built for `request`: `output_config.format` in native mode;
 * in tool mode the answer tool, and a tool choice that makes the model end with a tool call (the
 * answer tool itself when no other tool is offered or the choice is `none`).
 */
export function applyAnthropicOutput(
  body: AnthropicRequestBody,
  request: EndpointRequest,
  config: ModelConfig,
): AnthropicOutput | undefined {
  const output = request.output;
  if (output === undefined) return undefined;
  const mode = outputModeOf(config, "tool");
  const info: AnthropicOutput = { mode, toolName: output.name, wrapped: false };
  if (mode === "native") {
    const strict = toStrictSchema(output.schema);
    const dropped = new Set<string>();
    const schema = withoutUnsupported(strict.strict ? strict.schema : output.schema, dropped) as JSONObject;
    warnDropped(request, output.schema, dropped);
    body.output_config = { format: { type: "json_schema", schema } };
    if (strict.strict) info.strict = strict;
  } else if (mode === "tool") {
    const { schema, wrapped } = answerToolSchema(output.schema);
    info.wrapped = wrapped;
    const offered = request.tools.length > 0 && request.toolChoice !== "none";
    body.tools = [
      ...(body.tools ?? []),
      { name: output.name, description: answerToolDescription, input_schema: schema },
    ];
    const choice = body.tool_choice;
    const single = config.parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
    if (!offered) body.tool_choice = { type: "tool", name: output.name, ...single };
    else if (choice === undefined || choice.type === "auto") body.tool_choice = { type: "any", ...single };
  }
  return info;
}

/**
 * Reads the answer out of a reply: in tool mode the answer tool's call becomes the choice's text
 * (and leaves its tool calls); a choice left with no tool call carries `output`.
 */
export function attachAnthropicOutput(reply: EndpointReply, info: AnthropicOutput): void {
  for (const choice of reply.choices) {
    if (info.mode === "tool") takeAnswerCall(choice, info.toolName, info.wrapped);
    if (choice.toolCalls.length > 0) continue;
    choice.output = { text: choice.text ?? "", mode: info.mode, ...(info.strict ? { strict: info.strict } : {}) };
  }
}
