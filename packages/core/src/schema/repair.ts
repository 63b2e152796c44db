import type { JSONObject, JSONSchema } from "../json.js";
import type { RepairRecord } from "./repair-record.js";
import { repairArgumentText } from "./repair-text.js";
import { repairArgumentValues } from "./repair-values.js";
import { unwrapArguments } from "./repair-wrapper.js";

export { REPAIR_CODES, isRepairCode, type RepairCode, type RepairRecord } from "./repair-record.js";
export { repairArgumentText, type TextRepair } from "./repair-text.js";
export { repairArgumentValues, type ValueRepair } from "./repair-values.js";

/** Arguments made valid by `repair: true`, and every change, for `call.repaired`. */
export interface ArgumentRepair {
  /** The repaired arguments, valid against the tool's schema. */
  arguments: JSONObject;
  /** Each change made, in the order it was made. */
  repaired: RepairRecord[];
}

/** What `repairArguments` looks at: the parsed arguments (null when unusable) and the text as received. */
export interface RepairableCall {
  /** The arguments as parsed, or `null` when they could not be read. */
  arguments: JSONObject | null;
  /** The arguments text exactly as received. */
  rawArguments: string;
}

/** Limits and context of one repair. */
export interface RepairOptions {
  /** The tool's name: a `{"name": …, "arguments": …}` wrapper is unwrapped only when it names this tool. */
  toolName?: string;
  /** Text longer than this many UTF-8 bytes is not looked at (default: no limit). */
  maxInputBytes?: number;
  /** Deepest nesting read (default 64). */
  maxDepth?: number;
}

/**
 * Recovers the arguments a model meant (`repair: true`), exactly or not at all. Text that is almost
 * JSON is repaired first (when the arguments could not be parsed); then the values are converted to
 * what the schema wants, and a call-shaped wrapper is considered. A reading is kept only when
 * `isValid` accepts it, and only when exactly one reading does: with two, nothing is guessed.
 * Returns undefined when there is nothing to repair or no single valid reading.
 */
export function repairArguments(
  call: RepairableCall,
  schema: JSONSchema,
  isValid: (args: JSONObject) => boolean,
  options: RepairOptions = {},
): ArgumentRepair | undefined {
  const maxDepth = options.maxDepth ?? 64;
  let base = call.arguments;
  let repaired: RepairRecord[] = [];
  if (base === null) {
    if (Buffer.byteLength(call.rawArguments, "utf8") > (options.maxInputBytes ?? Number.POSITIVE_INFINITY))
      return undefined;
    const text = repairArgumentText(call.rawArguments, maxDepth);
    if (!text.ok) return undefined;
    base = text.value;
    repaired = text.repaired;
    if (isValid(base)) return { arguments: base, repaired };
  } else if (isValid(base)) return undefined;

  const readings: ArgumentRepair[] = [];
  const values = repairArgumentValues(base, schema, maxDepth);
  if (values !== undefined && isValid(values.value))
    readings.push({ arguments: values.value, repaired: [...repaired, ...values.repaired] });
  const unwrapped = unwrapArguments(base, schema, options.toolName);
  if (unwrapped !== undefined) {
    const inner = isValid(unwrapped.inner)
      ? { value: unwrapped.inner, repaired: [] }
      : repairArgumentValues(unwrapped.inner, schema, maxDepth);
    if (inner !== undefined && isValid(inner.value))
      readings.push({ arguments: inner.value, repaired: [...repaired, unwrapped.record, ...inner.repaired] });
  }
  return readings.length === 1 ? readings[0] : undefined;
}
