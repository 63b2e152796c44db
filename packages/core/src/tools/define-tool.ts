import { TransformerRequiredError } from "../errors/transformer-required-error.js";
import type { JSONObject, JSONSchema } from "../json.js";
import { assertToolMetadata } from "./sidecar-registry.js";
import { Tool, type ToolFunction, type ToolInit } from "./tool.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ToolMetadata } from "./tool-metadata.js";

/** What `defineTool` takes: like `registry.define`, with the schema derived from `Args` by the transformer. */
export interface DefineToolOptions<Args> extends Pick<ToolInit, "name" | "description" | "timeoutMs" | "strict"> {
  /** Receives the validated arguments and the call's context. */
  impl: (args: Args, context: ToolCallContext) => unknown;
  /** An explicit schema; wins over the injected one (and makes the transformer unnecessary). */
  schema?: JSONSchema;
}

/**
 * A `Tool` whose schema is generated from `Args` (or from `impl`'s first parameter) by the
 * tooltype transformer, which injects `metadata` at this call. Add it with `registry.add(tool)`.
 * Without the transformer (sidecar mode) pass `schema`, else this throws `TransformerRequiredError`.
 */
export function defineTool<Args = JSONObject>(options: DefineToolOptions<Args>, metadata?: ToolMetadata): Tool {
  if (metadata !== undefined) assertToolMetadata(metadata, `defineTool "${options.name}"`);
  const schema = options.schema ?? metadata?.schema;
  if (schema === undefined)
    throw new TransformerRequiredError(`defineTool({ name: "${options.name}" }) without a schema`);
  return new Tool({
    name: options.name,
    description: options.description,
    schema,
    returns: metadata?.returns,
    dates: options.schema === undefined ? metadata?.dates : undefined,
    timeoutMs: options.timeoutMs,
    strict: options.strict,
    impl: options.impl as ToolFunction,
  });
}

/**
 * The JSON Schema of `T`, generated at compile time: the transformer replaces
 * `jsonSchema<T>()` by `jsonSchema<T>(schema)`. Without it this throws `TransformerRequiredError`.
 */
// T is read by the transformer at compile time, never at run time.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function jsonSchema<T>(injected?: JSONSchema): JSONSchema {
  if (injected === undefined) throw new TransformerRequiredError("jsonSchema<T>()");
  return injected;
}
