import type { JSONObject, JSONSchema } from "../json.js";
import { repairArgumentText } from "./repair-text.js";
import { repairArgumentValues } from "./repair-values.js";

export { repairArgumentText, type TextRepair } from "./repair-text.js";
export { repairArgumentValues, type ValueRepair } from "./repair-values.js";

/** Arguments made valid by `repair: true`, and every change, for `call.repaired`. */
export interface ArgumentRepair {
  arguments: JSONObject;
  repaired: string[];
}

/** What `repairArguments` looks at: the parsed arguments (null when unusable) and the text as received. */
export interface RepairableCall {
  arguments: JSONObject | null;
  rawArguments: string;
}

/**
 * Tries to recover the arguments a model meant (`repair: true`): text that is almost JSON (a
 * markdown fence, trailing commas, single quotes) when the arguments could not be parsed, then
 * strings where the schema wants a number or a boolean. The repair is kept only when `isValid`
 * accepts the result; otherwise nothing changes (undefined). Text longer than `maxInputBytes`
 * is not looked at.
 */
export function repairArguments(
  call: RepairableCall,
  schema: JSONSchema,
  isValid: (args: JSONObject) => boolean,
  maxInputBytes = Number.POSITIVE_INFINITY,
): ArgumentRepair | undefined {
  let args = call.arguments;
  let repaired: string[] = [];
  if (args === null) {
    if (Buffer.byteLength(call.rawArguments, "utf8") > maxInputBytes) return undefined;
    const text = repairArgumentText(call.rawArguments);
    if (text === undefined) return undefined;
    args = text.value;
    repaired = text.repaired;
    if (isValid(args)) return { arguments: args, repaired };
  }
  const values = repairArgumentValues(args, schema);
  if (values === undefined || !isValid(values.value)) return undefined;
  return { arguments: values.value, repaired: [...repaired, ...values.repaired] };
}
