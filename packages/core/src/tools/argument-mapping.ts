import { isPlainObject, setOwn, type JSONObject, type JSONSchema, type JSONValue } from "../json.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ParameterBinding } from "./tool-metadata.js";

// Arguments reach a tool function as fresh JSON data: own properties only, written with
// defineProperty so that keys such as `__proto__` stay plain data and pollute no prototype.

// Moved to json.ts (schema/ and endpoints/ use it too); still exported here for existing imports.
export { setOwn } from "../json.js";

/** Reads an own property only: a parameter named `constructor` must not see `Object`. */
export function ownValue(object: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * Fills in the schema's `default` for each top-level property the arguments lack, so a default
 * recorded by the transformer applies even when the function's own default would not.
 */
export function applyDefaults(args: JSONObject, schema: JSONSchema): void {
  if (!isPlainObject(schema) || !isPlainObject(schema["properties"])) return;
  const properties = schema["properties"];
  for (const key of Object.keys(properties)) {
    const property = properties[key];
    if (ownValue(args, key) !== undefined || !isPlainObject(property) || !("default" in property)) continue;
    const fallback = property["default"];
    // A copy per call: the function may mutate what it receives.
    setOwn(args, key, fallback === undefined ? undefined : (JSON.parse(JSON.stringify(fallback)) as JSONValue));
  }
}

/**
 * Turns the `date-time` strings at `paths` (lists of property names, `"*"` for every item or
 * value) into `Date`s. Returns the path of the first string that is not a date, else undefined.
 */
export function reviveDates(args: JSONObject, paths: readonly (readonly string[])[]): string | undefined {
  for (const path of paths) {
    const bad = reviveAt(args, path, 0, "");
    if (bad !== undefined) return bad;
  }
  return undefined;
}

function reviveAt(holder: unknown, path: readonly string[], index: number, where: string): string | undefined {
  if (typeof holder !== "object" || holder === null) return undefined;
  const segment = path[index];
  if (segment === undefined) return undefined;
  const keys =
    segment === "*" ? (Array.isArray(holder) ? holder.map((_, i) => String(i)) : Object.keys(holder)) : [segment];
  for (const key of keys) {
    const value = ownValue(holder, key);
    const here = `${where}/${key}`;
    if (index < path.length - 1) {
      const bad = reviveAt(value, path, index + 1, here);
      if (bad !== undefined) return bad;
    } else if (typeof value === "string") {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return here;
      setOwn(holder, key, date);
    }
  }
  return undefined;
}

/** The values to call a function with, one per declared parameter, from its bindings. */
export function positionalArguments(
  parameters: readonly ParameterBinding[],
  args: JSONObject,
  context: ToolCallContext,
): unknown[] {
  return parameters.map((binding) => {
    switch (binding.kind) {
      case "named":
        return ownValue(args, binding.name);
      case "arguments":
        return args;
      case "context":
        return context;
    }
  });
}
