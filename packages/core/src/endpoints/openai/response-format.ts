// Typed answers on OpenAI-compatible servers: `response_format: { type: "json_schema", … }`, strict
// when the schema allows it (native mode), or the schema in the system prompt (prompt mode).
import type { Message } from "../../context/message.js";
import { isPlainObject } from "../../json.js";
import { toStrictSchema, type StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { outputModeOf, withOutputInstructions } from "../output-request.js";
import type { OpenAIWireResponseFormat } from "./wire.js";

/** How one request asks for its typed answer. */
export interface OpenAIOutput {
  /** `native` or `prompt` (`tool` is read as `native` here: the response format is the native way). */
  mode: OutputMode;
  /** The messages to send (in prompt mode, with the schema in the system prompt). */
  messages: readonly Message[];
  /** The `response_format` field, in native mode. */
  responseFormat?: OpenAIWireResponseFormat;
  /** The strict conversion sent, whose nulls the reply maps back. */
  strict?: StrictSchemaResult;
}

/** The typed-answer part of a body, or undefined when the request asks for none. */
export function openAIOutput(request: EndpointRequest, config: ModelConfig): OpenAIOutput | undefined {
  const output = request.output;
  if (output === undefined) return undefined;
  const mode = outputModeOf(config, "native");
  if (mode === "prompt") return { mode, messages: withOutputInstructions(request.messages, output) };
  const strict = toStrictSchema(output.schema);
  // A boolean schema (`true`: any value) goes as the empty schema, which means the same.
  const schema = strict.strict ? strict.schema : isPlainObject(output.schema) ? output.schema : {};
  const responseFormat: OpenAIWireResponseFormat = {
    type: "json_schema",
    json_schema: { name: output.name, schema, strict: strict.strict },
  };
  return { mode: "native", messages: request.messages, responseFormat, ...(strict.strict ? { strict } : {}) };
}

/** Marks the answer on every choice that holds no tool call (the model's final word). */
export function attachOpenAIOutput(reply: EndpointReply, output: OpenAIOutput): void {
  for (const choice of reply.choices) {
    if (choice.toolCalls.length > 0) continue;
    choice.output = { text: choice.text ?? "", mode: output.mode, ...(output.strict ? { strict: output.strict } : {}) };
  }
}
