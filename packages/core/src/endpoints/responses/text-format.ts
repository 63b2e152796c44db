// Typed answers on the Responses API: `text.format: { type: "json_schema", … }`, strict when the
// schema allows it (native mode, the default), or the schema in the instructions (prompt mode).
import type { Message } from "../../context/message.js";
import { isPlainObject } from "../../json.js";
import { toStrictSchema, type StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { outputModeOf, withOutputInstructions } from "../output-request.js";
import type { ResponsesWireTextFormat } from "./wire.js";

/** How one request asks for its typed answer. */
export interface ResponsesOutput {
  /** `native` or `prompt` (`tool` is read as `native`: the text format is the Responses API's way). */
  mode: OutputMode;
  /** The `text.format` field, in native mode. */
  format?: ResponsesWireTextFormat;
  /** The strict conversion sent, whose nulls the reply maps back. */
  strict?: StrictSchemaResult;
}

// Schemas already reported as sent non-strict: the warning comes once per schema.
const warned = new WeakSet<object>();

/**
 * The typed-answer part of a request, or undefined when it asks for none. `onWarning` hears, once
 * per schema object, when a native-mode schema cannot be strict and is sent with `strict: false`.
 */
export function responsesOutput(
  request: EndpointRequest,
  config: ModelConfig,
  onWarning?: (message: string) => void,
): ResponsesOutput | undefined {
  const output = request.output;
  if (output === undefined) return undefined;
  const mode = outputModeOf(config, "native");
  if (mode === "prompt") return { mode };
  const strict = toStrictSchema(output.schema);
  if (!strict.strict && isPlainObject(output.schema) && !warned.has(output.schema)) {
    warned.add(output.schema);
    onWarning?.(
      `The answer schema "${output.name}" is sent without strict mode: ${strict.reason}. ` +
        `The server may not hold the answer to it; it is still validated here and asked for again when it does not match.`,
    );
  }
  // A boolean schema (`true`: any value) goes as the empty schema, which means the same.
  const schema = strict.strict ? strict.schema : isPlainObject(output.schema) ? output.schema : {};
  const format: ResponsesWireTextFormat = { type: "json_schema", name: output.name, schema, strict: strict.strict };
  return { mode: "native", format, ...(strict.strict ? { strict } : {}) };
}

/** The messages a request translates: in prompt mode, with the schema in the opening system message. */
export function responsesOutputMessages(
  request: EndpointRequest,
  output: ResponsesOutput | undefined,
): readonly Message[] {
  return output?.mode === "prompt" && request.output !== undefined
    ? withOutputInstructions(request.messages, request.output)
    : request.messages;
}

/** Marks the answer on every choice that holds no tool call (the model's final word). */
export function attachResponsesOutput(reply: EndpointReply, output: ResponsesOutput): void {
  for (const choice of reply.choices) {
    if (choice.toolCalls.length > 0) continue;
    choice.output = { text: choice.text ?? "", mode: output.mode, ...(output.strict ? { strict: output.strict } : {}) };
  }
}
