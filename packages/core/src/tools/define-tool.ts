import { TransformerRequiredError } from "../errors/transformer-required-error.js";
import type { JSONObject, JSONSchema } from "../json.js";
import type { TypedSchema } from "../schema/typed-schema.js";
import { recordOutputDates } from "./output-dates.js";
import { outputSchemaById } from "./output-schema-registry.js";
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
 * The JSON Schema of `T`, generated at compile time: the transformer (ts-patch, `tooltype build`,
 * ts-jest, the bundler plugin) appends the schema to the call, `jsonSchema<T>()` →
 * `jsonSchema(schema)`, and after it the paths of `T`'s `Date`s when it has any (a typed answer
 * revives them). The result is a plain schema whose type remembers `T` (`TypedSchema<T>`),
 * so passing it as a completion's `output` types `completion.output` as `T`; it is assignable
 * wherever a `JSONSchema` is.
 *
 * `siteId` (a string literal, e.g. `jsonSchema<Forecast>("forecast")`) makes the call work without
 * the transformer too: `tooltype generate` writes the schema into the sidecar under that id, and
 * this returns it (filled in place if the sidecar runs after this call, before the schema is used).
 * Without the transformer and without a site id this throws `TransformerRequiredError`.
 */
export function jsonSchema<T>(siteId?: string): TypedSchema<T>;
/** A schema of your own, typed `T` (nothing is generated: you keep it in step with `T`). */
export function jsonSchema<T>(schema: JSONSchema): TypedSchema<T>;
export function jsonSchema<T>(
  siteIdOrInjected?: string | JSONSchema,
  injected?: JSONSchema | unknown[],
  injectedDates?: unknown[],
): TypedSchema<T> {
  // The transformer appends the schema, then the paths of its `Date`s when it has any: first
  // argument without a site id (`jsonSchema(schema, dates)`), second with one (`jsonSchema(id, schema, dates)`).
  if (typeof siteIdOrInjected === "object" || typeof siteIdOrInjected === "boolean") {
    recordOutputDates(siteIdOrInjected, injected);
    return siteIdOrInjected;
  }
  if (injected !== undefined && !Array.isArray(injected)) {
    recordOutputDates(injected, injectedDates);
    return injected;
  }
  if (siteIdOrInjected === undefined || siteIdOrInjected === "") {
    throw new TransformerRequiredError(
      "jsonSchema<T>()",
      'It needs the tooltype transformer (ts-patch plugin, `tooltype build`, ts-jest astTransformers, or the bundler plugin). Without it (sidecar mode), give the call a site id, jsonSchema<T>("forecast"), and run `tooltype generate`; or pass your own schema as a TypedSchema<T>.',
    );
  }
  return outputSchemaById(siteIdOrInjected);
}
