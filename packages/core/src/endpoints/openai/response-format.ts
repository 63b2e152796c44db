// Typed answers on OpenAI-compatible servers: `response_format: { type: "json_schema", … }`, strict
// when the schema allows it (native mode), or the schema in the system prompt (prompt mode).
import { isPlainObject } from "../../json.js";
import { toStrictSchema, type StrictSchemaResult } from "../../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { instructedSystem, outputModeOf, type ChoiceOutput, type InstructedSystem } from "../output-request.js";
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

// Schemas already reported as sent non-strict: the warning comes once per schema, as for a tool.
const warned = new WeakSet<object>();
const booleanSchemas = { true: {}, false: {} };

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
  const strict = toStrictSchema(output.schema);
  const key = typeof output.schema === "boolean" ? booleanSchemas[`${output.schema}`] : output.schema;
  if (!strict.strict && onWarning !== undefined && !warned.has(key)) {
    warned.add(key);
    onWarning(
      `The answer schema "${output.name}" is sent without strict mode: ${strict.reason}. ` +
        `The server may not hold the answer to it; it is still validated here and asked for again when it does not match. ` +
        `For strict mode use closed object types without Record, unknown or tuples (see typed answers in the docs).`,
    );
  }
  // A boolean schema (`true`: any value) goes as the empty schema, which means the same.
  const schema = strict.strict ? strict.schema : isPlainObject(output.schema) ? output.schema : {};
  const responseFormat: OpenAIWireResponseFormat = {
    type: "json_schema",
    json_schema: { name: output.name, schema, strict: strict.strict },
  };
  return { mode: "native", responseFormat, ...(strict.strict ? { strict } : {}) };
}

/** The typed answer of a choice without calls (the model's final word): its text, to be checked against the schema. */
export function openAIAnswer(text: string | null, output: OpenAIOutput): ChoiceOutput {
  return { text: text ?? "", mode: output.mode, ...(output.strict ? { strict: output.strict } : {}) };
}
