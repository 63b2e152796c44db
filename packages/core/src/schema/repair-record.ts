/**
 * One kind of mistake `repair: true` repairs, as a stable code (see docs/repairing-arguments.md).
 * Text codes describe the arguments text; value codes describe one value, named by `path`.
 */
export type RepairCode =
  // text
  | "fence"
  | "prose"
  | "template-tag"
  | "comment"
  | "trailing-comma"
  | "single-quotes"
  | "typographic-quotes"
  | "python-literal"
  | "unquoted-key"
  | "control-character"
  | "plus-sign"
  | "string-arguments"
  // values
  | "string-to-number"
  | "string-to-boolean"
  | "string-to-json"
  | "python-list"
  | "value-to-array"
  | "enum-case"
  | "wrapper";

// Every code once: a code added to the type and not here (or the other way round) fails to compile.
const everyCode: { readonly [code in RepairCode]: true } = {
  fence: true,
  prose: true,
  "template-tag": true,
  comment: true,
  "trailing-comma": true,
  "single-quotes": true,
  "typographic-quotes": true,
  "python-literal": true,
  "unquoted-key": true,
  "control-character": true,
  "plus-sign": true,
  "string-arguments": true,
  "string-to-number": true,
  "string-to-boolean": true,
  "string-to-json": true,
  "python-list": true,
  "value-to-array": true,
  "enum-case": true,
  wrapper: true,
};

/** Every repair code, in the order of the type. */
export const REPAIR_CODES = Object.keys(everyCode) as readonly RepairCode[];

/** One repair made to a call's arguments, as recorded on `call.repaired`. */
export interface RepairRecord {
  /** What kind of mistake was repaired; stable across releases. */
  code: RepairCode;
  /** JSON Pointer of the repaired value (`""` is the whole arguments object); absent for text repairs. */
  path?: string;
  /** What was changed, in words. */
  message: string;
}

const known: ReadonlySet<string> = new Set(REPAIR_CODES);

/** True when `value` is a `RepairCode`. */
export function isRepairCode(value: unknown): value is RepairCode {
  return typeof value === "string" && known.has(value);
}
