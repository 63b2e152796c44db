import { TransformerRequiredError } from "../errors/transformer-required-error.js";
import type { JSONObject, JSONSchema } from "../json.js";
import type { TypedSchema } from "../schema/typed-schema.js";
import { assertToolMetadata } from "./sidecar-registry.js";
import { Tool } from "./tool.js";
import type { ToolFunction, ToolInit } from "./tool-types.js";
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
 * The result is a plain schema whose type remembers `T` (`TypedSchema<T>`), so passing it as a
 * completion's `output` types `completion.output` as `T`; it is assignable wherever a `JSONSchema` is.
 */
export function jsonSchema<T>(injected?: JSONSchema): TypedSchema<T> {
  if (injected === undefined) throw new TransformerRequiredError("jsonSchema<T>()");
  return injected;
}
