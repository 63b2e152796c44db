import { setOwn, type JSONObject, type JSONValue } from "../json.js";
import type { NullMap, StrictSchemaResult } from "./strict-schema.js";

/** The plain (non-union) maps a map stands for: union branches and `$ref`s flattened. */
function flatten(map: NullMap | undefined, into: NullMap[] = [], seen = new Set<NullMap>()): NullMap[] {
  if (map === undefined || seen.has(map)) return into;
  seen.add(map);
  if (map.anyOf) for (const branch of map.anyOf) flatten(branch, into, seen);
  else into.push(map);
  return into;
}

function restoreObject(value: JSONObject, maps: NullMap[]): JSONObject {
  let copy: JSONObject | undefined;
  for (const key of Object.keys(value)) {
    const child = value[key]!;
    if (child === null) {
      // `null` means "absent" only where the conversion made an optional property nullable, and
      // no branch of a union accepts null there on its own.
      const madeNullable = maps.some((m) => m.absent?.has(key));
      const reallyNull = maps.some((m) => m.nullable?.has(key));
      if (madeNullable && !reallyNull) {
        copy ??= { ...value };
        delete copy[key];
      }
      continue;
    }
    const childMaps = maps.flatMap((m) => flatten(m.properties?.get(key)));
    if (childMaps.length === 0) continue;
    const restored = restore(child, childMaps);
    if (restored !== child) {
      copy ??= { ...value };
      setOwn(copy, key, restored);
    }
  }
  return copy ?? value;
}

function restore(value: JSONValue, maps: NullMap[]): JSONValue {
  if (typeof value !== "object" || value === null) return value;
  if (!Array.isArray(value)) return restoreObject(value, maps);
  const itemMaps = maps.flatMap((m) => flatten(m.items));
  if (itemMaps.length === 0) return value;
  let copy: JSONValue[] | undefined;
  value.forEach((item, i) => {
    const restored = restore(item, itemMaps);
    if (restored !== item) (copy ??= value.slice())[i] = restored;
  });
  return copy ?? value;
}

/**
 * Undoes what the strict conversion added: a `null` at a path that `toStrictSchema` made nullable
 * (an optional property) becomes an absent property, so the original schema validates it and the
 * tool sees `undefined` as it would have without strict mode. `null` anywhere else stays. Returns
 * the same object when nothing changed (never mutates `args`). Call it before validation.
 */
export function restoreOmittedArguments(args: JSONObject, strict: StrictSchemaResult): JSONObject {
  if (!strict.strict || strict.nullablePaths.length === 0) return args;
  return restoreObject(args, flatten(strict.nulls));
}
