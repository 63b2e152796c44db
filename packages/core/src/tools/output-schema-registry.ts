import { TransformerRequiredError } from "../errors/transformer-required-error.js";
import { isPlainObject, type JSONSchema } from "../json.js";
import { globalMap, globalWeakMap } from "./global-maps.js";
import { recordOutputDates } from "./output-dates.js";

// Output schemas registered by the generated sidecar (`tooltype generate`), keyed by the site id
// written at the call: `jsonSchema<Forecast>("forecast")`. A module may call `jsonSchema` before
// the sidecar ran (the sidecar imports tool modules, which are evaluated first), so an id not yet
// registered gets an empty placeholder object that registration fills in place.
const registered = globalMap<string, JSONSchema>("tooltype.sidecarOutputSchemas");
const pending = globalMap<string, Record<string, unknown>[]>("tooltype.sidecarPendingOutputs");
const placeholders = globalWeakMap<object, string>("tooltype.sidecarOutputPlaceholders");

/**
 * Registers the schema of the `jsonSchema<T>(id)` calls written with site id `id`, and the paths of
 * the `Date`s in `T` (`dates`, revived in the answer). The generated sidecar calls this; calls made
 * before it get their schema now, in place.
 */
export function registerOutputSchema(id: string, schema: JSONSchema, dates?: readonly (readonly string[])[]): void {
  if (typeof id !== "string" || id === "") throw new TypeError("registerOutputSchema needs a non-empty site id.");
  if (typeof schema !== "boolean" && !isPlainObject(schema))
    throw new TypeError(`registerOutputSchema("${id}") needs a JSON Schema.`);
  registered.set(id, schema);
  recordOutputDates(schema, dates);
  for (const placeholder of pending.get(id) ?? []) {
    // A boolean schema cannot fill an object: `true` is the empty schema, `false` the one that rejects all.
    Object.assign(placeholder, typeof schema === "boolean" ? (schema ? {} : { not: {} }) : schema);
    recordOutputDates(placeholder, dates);
    placeholders.delete(placeholder);
  }
  pending.delete(id);
}

/** The schema registered under `id`, or a placeholder that its registration will fill. */
export function outputSchemaById(id: string): JSONSchema {
  const schema = registered.get(id);
  if (schema !== undefined) return schema;
  const placeholder: Record<string, unknown> = {};
  placeholders.set(placeholder, id);
  const list = pending.get(id) ?? [];
  list.push(placeholder);
  pending.set(id, list);
  return placeholder;
}

/** Throws `TransformerRequiredError` when `schema` is a placeholder no sidecar has filled. */
export function assertOutputSchemaRegistered(schema: JSONSchema): void {
  if (typeof schema === "boolean") return;
  const id = placeholders.get(schema);
  if (id === undefined) return;
  throw new TransformerRequiredError(
    `jsonSchema<T>(${JSON.stringify(id)})`,
    `No schema is registered under the site id ${JSON.stringify(id)}: run \`tooltype generate\` and import the generated sidecar once at start-up, or build with the tooltype transformer.`,
  );
}
