import { setOwn } from "../json.js";

// A PartialJSON snapshot is taken in a step per open object or array and built only when read.
// That works because a streamed value changes in few ways: open containers grow (an item, a key),
// the string being read grows in its place, and a repeated key copies its object (PartialJSON
// does that). Closed containers and every value before the last never change again.

/** One open object or array when the snapshot was taken. */
export interface SnapshotFrame {
  /** The container (it may have grown since). */
  value: { [key: string]: unknown } | unknown[];
  /** Objects: their keys in arrival order (it may have grown since). */
  keys: readonly string[];
  /** How many items or keys it had. */
  count: number;
  /** Objects: the key of the open child or of the string being read. */
  key: string | undefined;
}

/**
 * The value as it was: each open container copied as it was (its first `count` items or keys),
 * the next frame's copy in place of its open child, and `pending` (the string being read then)
 * as the innermost one's last value.
 */
export function snapshotOf(frames: readonly SnapshotFrame[], pending: string | undefined): unknown {
  let inner: unknown = pending;
  for (let i = frames.length - 1; i >= 0; i--) {
    const { value, keys, count, key } = frames[i]!;
    if (Array.isArray(value)) {
      const copy = value.slice(0, count);
      if (inner !== undefined) copy[count - 1] = inner;
      inner = copy;
    } else {
      const copy: Record<string, unknown> = {};
      for (let k = 0; k < count; k++) {
        const name = keys[k]!;
        setOwn(copy, name, name === key && inner !== undefined ? inner : value[name]);
      }
      inner = copy;
    }
  }
  return inner;
}
