/** A configured bound (bytes, milliseconds, counts): `fallback` when unset, else a positive integer. */
export function positiveLimit(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`builtins: ${what} must be a positive integer, got ${String(value)}.`);
  return value;
}
