/**
 * Every kind of mistake `repair: true` repairs, as a stable code (see docs/repairing-arguments.md).
 * Text codes describe the arguments text; value codes describe one value, named by `path`.
 */
export const REPAIR_CODES = [
  // text
  "fence",
  "prose",
  "template-tag",
  "comment",
  "trailing-comma",
  "single-quotes",
  "typographic-quotes",
  "python-literal",
  "unquoted-key",
  "control-character",
  "plus-sign",
  "string-arguments",
  // values
  "string-to-number",
  "string-to-boolean",
  "string-to-json",
  "python-list",
  "value-to-array",
  "enum-case",
  "wrapper",
] as const;

/** One kind of repaired mistake. */
export type RepairCode = (typeof REPAIR_CODES)[number];

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

/** True when `value` is one of the `REPAIR_CODES`. */
export function isRepairCode(value: unknown): value is RepairCode {
  return typeof value === "string" && known.has(value);
}
