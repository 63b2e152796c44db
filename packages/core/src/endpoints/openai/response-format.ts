// Typed answers on OpenAI-compatible servers: `response_format: { type: "json_schema", … }`, strict
// when the schema allows it (native mode), or the schema in the system prompt (prompt mode).
import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import {
  instructedSystem,
  nativeAnswerSchema,
  outputModeOf,
  type ChoiceOutput,
  type InstructedSystem,
} from "../output-request.js";
import type { OpenAIWireResponseFormat } from "./wire.js";

/** How one request asks for its typed answer. */
export interface OpenAIOutput {
  /** `native` or `prompt` (`tool` is read as `native` here: the response format is the native way). */
  mode: OutputMode;
  /** In prompt mode: the system message with the schema, sent first (before or in place of the first message). */
  system?: InstructedSystem;
  /** The `response_format` field, in native mode. */
  responseFormat?: OpenAIWireResponseFormat;
  /** The strict conversion sent, whose nulls the reply maps back. */
  strict?: StrictSchemaResult;
}

/**
 * The typed-answer part of a body, or undefined when the request asks for none. `onWarning` hears,
 * once per schema, when a native-mode schema cannot be strict and is sent with `strict: false`.
 */
export function openAIOutput(
  request: EndpointRequest,
  config: ModelConfig,
  onWarning?: (message: string) => void,
): OpenAIOutput | undefined {
  const output = request.output;
  if (output === undefined) return undefined;
  const mode = outputModeOf(config, "native");
  if (mode === "prompt") return { mode, system: instructedSystem(request.messages, output) };
  const { schema, strict } = nativeAnswerSchema(output, onWarning);
  const responseFormat: OpenAIWireResponseFormat = {
    type: "json_schema",
    json_schema: { name: output.name, schema, strict: strict !== undefined },
  };
  return { mode: "native", responseFormat, ...(strict ? { strict } : {}) };
}

/** The typed answer of a choice without calls (the model's final word): its text, to be checked against the schema. */
export function openAIAnswer(text: string | null, output: OpenAIOutput): ChoiceOutput {
  return { text: text ?? "", mode: output.mode, ...(output.strict ? { strict: output.strict } : {}) };
}
