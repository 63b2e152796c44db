// Typed answers on the Responses API: `text.format: { type: "json_schema", … }`, strict when the
// schema allows it (native mode, the default), or the schema in the instructions (prompt mode).
import type { Message } from "../../context/message.js";
import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { nativeAnswerSchema, outputModeOf, withOutputInstructions } from "../output-request.js";
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

/**
 * The typed-answer part of a request, or undefined when it asks for none. `onWarning` hears, once
 * per schema, when a native-mode schema cannot be strict and is sent with `strict: false`.
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
  const { schema, strict } = nativeAnswerSchema(output, onWarning);
  const format: ResponsesWireTextFormat = {
    type: "json_schema",
    name: output.name,
    schema,
    strict: strict !== undefined,
  };
  return { mode: "native", format, ...(strict ? { strict } : {}) };
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
