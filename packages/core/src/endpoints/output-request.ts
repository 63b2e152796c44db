// The typed-answer part of the endpoint contract: what the loop asks for (`EndpointRequest.output`),
// how a model config says to ask for it, and what a reply carries back (`CompletionChoice.output`).
import type { Message, SystemMessage } from "../context/message.js";
import { isPlainObject, type JSONObject, type JSONSchema } from "../json.js";
import { toStrictSchema, type StrictSchemaResult } from "../schema/strict-schema.js";
import type { ModelConfig, OutputMode } from "./model-config.js";

/** A typed answer the loop asks an endpoint for. */
export interface OutputRequest {
  /** Its name: the `json_schema` name, or the answer tool's name (`^[A-Za-z0-9_-]{1,64}$`). */
  name: string;
  /** The schema the answer must match (the application's, before any strict conversion). */
  schema: JSONSchema;
}

/** The answer part of a reply to a request that asked for a typed answer. */
export interface ChoiceOutput {
  /** The answer as the model wrote it: JSON text (in `prompt` mode, text that may need repairs). */
  text: string;
  /** How it was asked for. */
  mode: OutputMode;
  /**
   * The strict conversion the schema was sent with, whose `null`s for omitted properties the loop
   * maps back (the built-in endpoints set it; an endpoint of your own that sends schemas as they
   * are leaves it out).
   */
  strict?: StrictSchemaResult;
}

/** The mode `config` asks for: its `outputMode`, else `prompt` for the qwen dialect, else the provider's default. */
export function outputModeOf(config: ModelConfig, providerDefault: OutputMode): OutputMode {
  return config.outputMode ?? (config.dialect === "qwen" ? "prompt" : providerDefault);
}

/** What the system prompt says in `prompt` mode (the schema follows). */
export const outputInstructions =
  "Answer with one JSON value that matches this JSON Schema, and nothing else: no prose before or after it, no markdown fence.";

// The same message object while the first message and the schema stay the same, so that its
// bytes are encoded once per conversation (openai/history-bytes.ts; `npm run bench:work` checks it).
const instructed = new WeakMap<object, { schema: JSONSchema; message: SystemMessage }>();

/** The system message a `prompt`-mode request leads with, and whether it takes the first message's place. */
export interface InstructedSystem {
  /** The first system message with the schema appended, or a new one holding the schema alone. */
  message: SystemMessage;
  /** True when it stands for the conversation's first message (a system message), false when put before it. */
  replacesFirst: boolean;
}

/**
 * How a `prompt`-mode request begins: the schema and the instruction appended to the first system
 * message (servers' chat templates want one system message, first), or a system message put first
 * when the conversation has none. The same message object round after round while the first
 * message and the schema stay the same, so encoders can keep its bytes.
 */
export function instructedSystem(messages: readonly Message[], output: OutputRequest): InstructedSystem {
  const first = messages[0];
  const key: object = first?.role === "system" ? first : output;
  let cached = instructed.get(key);
  if (cached === undefined || cached.schema !== output.schema) {
    const text = `${outputInstructions}\n${JSON.stringify(output.schema)}`;
    const content = first?.role === "system" ? `${first.content}\n\n${text}` : text;
    cached = { schema: output.schema, message: { role: "system", content } };
    instructed.set(key, cached);
  }
  return { message: cached.message, replacesFirst: first?.role === "system" };
}

/** The messages of a `prompt`-mode request (see `instructedSystem`); the context itself is never changed. */
export function withOutputInstructions(messages: readonly Message[], output: OutputRequest): readonly Message[] {
  const { message, replacesFirst } = instructedSystem(messages, output);
  return [message, ...(replacesFirst ? messages.slice(1) : messages)];
}

/** The property that holds a non-object answer inside the answer tool's input (tool inputs are objects). */
export const wrappedAnswerKey = "value";

/**
 * The input schema of the answer tool: the schema itself when it describes an object, else an
 * object with one required `value` property holding it (its `$defs` moved up so `$ref`s resolve).
 */
export function answerToolSchema(schema: JSONSchema): { schema: JSONObject; wrapped: boolean } {
  if (isPlainObject(schema) && schema.type === "object") return { schema: schema as JSONObject, wrapped: false };
  const inner = isPlainObject(schema) ? { ...schema } : {};
  const defs = inner.$defs;
  delete inner.$defs;
  const out: JSONObject = {
    type: "object",
    properties: { [wrappedAnswerKey]: (schema === true ? {} : inner) as JSONObject },
    required: [wrappedAnswerKey],
    additionalProperties: false,
  };
  if (defs !== undefined) out.$defs = defs as JSONObject;
  return { schema: out, wrapped: true };
}

/** The description of the answer tool. */
export const answerToolDescription =
  "Give your final answer by calling this tool once, with the answer as its input. Call it only when you are done with every other tool.";

/** The schema a typed answer is sent with in native mode, and its strict conversion when there is one. */
export interface NativeAnswerSchema {
  /** Strict-converted when the schema allows it, else as given (a boolean schema as `{}`, which means the same). */
  schema: { [keyword: string]: unknown };
  /** The conversion, whose nulls for omitted properties the reply maps back. */
  strict?: StrictSchemaResult;
}

// Schemas already reported as sent non-strict: the warning comes once per schema, as for a tool.
const warnedSchemas = new WeakSet<object>();
const booleanSchemas = { true: {}, false: {} };

/**
 * The answer schema of `output` for a response format that takes strict schemas (OpenAI's
 * `response_format`, the Responses API's `text.format`). `onWarning` hears, once per schema, when it
 * cannot be strict and goes with `strict: false`.
 */
export function nativeAnswerSchema(output: OutputRequest, onWarning?: (message: string) => void): NativeAnswerSchema {
  const strict = toStrictSchema(output.schema);
  if (strict.strict) return { schema: strict.schema as { [keyword: string]: unknown }, strict };
  const key = typeof output.schema === "boolean" ? booleanSchemas[`${output.schema}`] : output.schema;
  if (onWarning !== undefined && !warnedSchemas.has(key)) {
    warnedSchemas.add(key);
    onWarning(
      `The answer schema "${output.name}" is sent without strict mode: ${strict.reason}. ` +
        `The server may not hold the answer to it; it is still validated here and asked for again when it does not match. ` +
        `For strict mode use closed object types without Record, unknown or tuples (see typed answers in the docs).`,
    );
  }
  return { schema: isPlainObject(output.schema) ? output.schema : {} };
}
