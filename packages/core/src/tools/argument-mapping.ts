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
