import type { JSONSchema } from "../json.js";
import { globalWeakMap } from "./global-maps.js";

// Where a typed answer holds `Date`s. The schema cannot say: `Date` and a string with
// `@format date-time` both become `{ type: "string", format: "date-time" }`. So the transformer
// passes the paths beside the schema (`jsonSchema(schema, dates)`, or `registerOutputSchema(id,
// schema, dates)` in the sidecar), and they are kept here, keyed by the schema object.
const datesBySchema = globalWeakMap<object, readonly (readonly string[])[]>("tooltype.outputDates");

/** The paths a transformer passed for a generated answer schema, or nothing for any other value. */
function datePaths(value: unknown): string[][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const paths = value.filter(
    (path): path is string[] => Array.isArray(path) && path.every((segment) => typeof segment === "string"),
  );
  return paths.length > 0 ? paths.map((path) => [...path]) : undefined;
}

/** Records the `Date` paths of an answer schema (written as `ToolMetadata.dates` writes them). */
export function recordOutputDates(schema: JSONSchema, dates: unknown): void {
  const paths = datePaths(dates);
  if (paths !== undefined && typeof schema === "object") datesBySchema.set(schema, paths);
}

/** The `Date` paths of an answer schema made by `jsonSchema<T>()` (empty for a schema of your own). */
export function outputDatesOf(schema: JSONSchema): readonly (readonly string[])[] {
  return (typeof schema === "object" ? datesBySchema.get(schema) : undefined) ?? [];
}
