/**
 * A WeakMap shared by every installed copy of @tooltype/core in the process (kept on `globalThis`
 * under a `Symbol.for` key), so a class decorated through one copy is found by another.
 */
export function globalWeakMap<K extends object, V>(key: string): WeakMap<K, V> {
  const slot = Symbol.for(key);
  const holder = globalThis as unknown as Record<symbol, WeakMap<K, V> | undefined>;
  let map = holder[slot];
  if (map === undefined) {
    map = new WeakMap<K, V>();
    Object.defineProperty(globalThis, slot, { value: map, enumerable: false, configurable: false, writable: false });
  }
  return map;
}

/** Like `globalWeakMap`, for string keys: a Map shared by every installed copy of @tooltype/core. */
export function globalMap<K, V>(key: string): Map<K, V> {
  const slot = Symbol.for(key);
  const holder = globalThis as unknown as Record<symbol, Map<K, V> | undefined>;
  let map = holder[slot];
  if (map === undefined) {
    map = new Map<K, V>();
    Object.defineProperty(globalThis, slot, { value: map, enumerable: false, configurable: false, writable: false });
  }
  return map;
}
