import { isPlainObject, type JSONObject, type JSONSchema } from "../json.js";
import type { RepairRecord } from "./repair-record.js";
import { declaresProperty, resolve } from "./repair-schema.js";

/** The arguments inside a call-shaped wrapper, and the record saying so. */
export interface Unwrapped {
  inner: JSONObject;
  record: RepairRecord;
}

/**
 * The arguments inside `{"name": "<this tool>", "arguments": …}`, `{"arguments": …}` or
 * `{"parameters": …}` (an object, or a JSON string holding one), when the tool's schema declares no
 * property of that name. A wrapper naming another tool, or with any other key, is not unwrapped:
 * which call was meant cannot be known. Whether the inside validates is the caller's check.
 */
export function unwrapArguments(
  args: JSONObject,
  schema: JSONSchema,
  toolName: string | undefined,
): Unwrapped | undefined {
  const keys = Object.keys(args);
  const key = keys.find((k) => k === "arguments" || k === "parameters");
  if (key === undefined || keys.some((k) => k !== key && k !== "name")) return undefined;
  if (declaresProperty(resolve(schema, schema), key)) return undefined;
  const named = Object.hasOwn(args, "name");
  if (named && (toolName === undefined || args.name !== toolName)) return undefined;
  const inner = decodeObject(args[key]!);
  if (inner === undefined) return undefined;
  const message = named
    ? `took the arguments out of a {"name": "${toolName}", "${key}": …} wrapper`
    : `took the arguments out of a {"${key}": …} wrapper`;
  return { inner, record: { code: "wrapper", path: "", message } };
}

function decodeObject(value: unknown): JSONObject | undefined {
  if (typeof value !== "string") return isPlainObject(value) ? (value as JSONObject) : undefined;
  try {
    const decoded: unknown = JSON.parse(value);
    return isPlainObject(decoded) ? (decoded as JSONObject) : undefined;
  } catch {
    return undefined;
  }
}
