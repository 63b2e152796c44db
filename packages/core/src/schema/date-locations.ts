import { setOwn } from "../json.js";

// Where a value holds `Date`s. A schema cannot say (`Date` and a string with `@format date-time`
// both become `{ type: "string", format: "date-time" }`), so the transformer lists the paths. A
// recursive type's `Date`s sit at endlessly many paths: they are listed once per `$defs` entry,
// and a path that meets the type refers to its entry, followed as far as the data goes.

/**
 * The places of the `Date`s in a value, as the transformer writes them: each path a list of
 * segments, a property name or tuple index, or `"*"` for every item or value (a name that is `*`
 * or starts with `~` or `#` is written with a `~` before it). A recursive type is named by the
 * pointer of its `$defs` entry, `"#/$defs/Name"`: as the first segment, the path lies inside
 * every value of that type (`"#"` first: inside the whole value, as when left out); as the last,
 * the value there is one of that type.
 */
export type DatePaths = readonly (readonly string[])[];

/** Where a value sits among the paths (closed over `$defs` references); empty: no `Date` at or under it. */
export type DateState = readonly number[];

const defPrefix = "#/$defs/";

/** One path read: keys (undefined for `*`), then a date (undefined) or the `$defs` entry there. */
interface Trail {
  keys: readonly (string | undefined)[];
  then: string | undefined;
}

function readTrail(path: readonly string[]): { scope: string | undefined; trail: Trail } | undefined {
  let segments = path;
  let scope: string | undefined;
  let then: string | undefined;
  if (segments[0] === "#") segments = segments.slice(1);
  else if (segments[0]?.startsWith(defPrefix))
    [scope, segments] = [segments[0].slice(defPrefix.length), segments.slice(1)];
  const last = segments[segments.length - 1];
  if (last?.startsWith(defPrefix)) [then, segments] = [last.slice(defPrefix.length), segments.slice(0, -1)];
  if (segments.some((segment) => segment === "#" || segment.startsWith(defPrefix))) return undefined;
  const keys = segments.map((segment) =>
    segment === "*" ? undefined : segment.startsWith("~") ? segment.slice(1) : segment,
  );
  return { scope, trail: { keys, then } };
}

/** A name as a date path writes it: `*` and names starting with `~` or `#` get a `~` before them. */
export function dateKey(name: string): string {
  return name === "*" || name.startsWith("~") || name.startsWith("#") ? `~${name}` : name;
}

/** `paths` for the value held under `key` of an object (the `$defs` entries' own paths unchanged). */
export function datePathsUnder(key: string, paths: DatePaths): string[][] {
  return paths.map((path) =>
    path[0]?.startsWith(defPrefix) ? [...path] : [dateKey(key), ...(path[0] === "#" ? path.slice(1) : path)],
  );
}

const compiled = new WeakMap<DatePaths, DateLocations>();

/**
 * The `Date` paths of a value, read once: which positions hold a date (`isDate`), stepping from a
 * container to its items (`step`, for a value read piece by piece), and reviving a whole value.
 */
export class DateLocations {
  readonly #trails: Trail[] = [];
  readonly #defs = new Map<string, number[]>();
  /** Positions are numbered `trail * #stride + index`. */
  readonly #stride: number;
  /** The state of the value itself. */
  readonly start: DateState;

  private constructor(paths: DatePaths) {
    const roots: number[] = [];
    for (const path of paths) {
      const read = readTrail(path);
      if (read === undefined) continue;
      const index = this.#trails.push(read.trail) - 1;
      if (read.scope === undefined) roots.push(index);
      else this.#defs.set(read.scope, [...(this.#defs.get(read.scope) ?? []), index]);
    }
    this.#stride = Math.max(0, ...this.#trails.map((trail) => trail.keys.length)) + 1;
    this.start = this.#closure(roots.map((trail) => trail * this.#stride));
  }

  /** The locations of `paths` (read once per list). */
  static of(paths: DatePaths): DateLocations {
    let locations = compiled.get(paths);
    if (locations === undefined) compiled.set(paths, (locations = new DateLocations(paths)));
    return locations;
  }

  /** True when a string at this state is a date. */
  isDate(state: DateState): boolean {
    return state.some((id) => {
      const trail = this.#trails[Math.floor(id / this.#stride)]!;
      return id % this.#stride === trail.keys.length && trail.then === undefined;
    });
  }

  /** The state of the item or property `key` of a container at `state`. */
  step(state: DateState, key: string): DateState {
    if (state.length === 0) return state;
    const { any, named } = this.#advance(state);
    return this.#closure([...any, ...(named.get(key) ?? [])]);
  }

  /**
   * Turns the date strings of `value` into `Date`s, in place (a `Date` at the root is returned as
   * the value). Fails with the path of the first string there that is no date.
   */
  revive(value: unknown): { ok: true; value: unknown } | { ok: false; path: string } {
    if (this.start.length === 0) return { ok: true, value };
    if (typeof value === "string") {
      if (!this.isDate(this.start)) return { ok: true, value };
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? { ok: false, path: "" } : { ok: true, value: date };
    }
    const bad = typeof value === "object" && value !== null ? this.#reviveIn(value, this.start, "") : undefined;
    return bad === undefined ? { ok: true, value } : { ok: false, path: bad };
  }

  // Only the keys the state names are looked at, or all when one of its paths goes on with `*`.
  #reviveIn(container: object, state: DateState, where: string): string | undefined {
    const { any, named } = this.#advance(state);
    const forAny = this.#closure(any);
    const keys =
      forAny.length > 0
        ? Object.keys(container)
        : [...named.keys()].filter((key) => Object.prototype.hasOwnProperty.call(container, key));
    for (const key of keys) {
      const more = named.get(key);
      const next = more === undefined ? forAny : this.#closure([...any, ...more]);
      if (next.length === 0) continue;
      const value = (container as Record<string, unknown>)[key];
      const here = `${where}/${key}`;
      if (typeof value === "string") {
        if (!this.isDate(next)) continue;
        const date = new Date(value);
        if (Number.isNaN(date.getTime())) return here;
        setOwn(container, key, date);
      } else if (typeof value === "object" && value !== null) {
        const bad = this.#reviveIn(value, next, here);
        if (bad !== undefined) return bad;
      }
    }
    return undefined;
  }

  /** The positions one key further: those every key reaches (`*`), and those a named key reaches. */
  #advance(state: DateState): { any: number[]; named: Map<string, number[]> } {
    const any: number[] = [];
    const named = new Map<string, number[]>();
    for (const id of state) {
      const trail = this.#trails[Math.floor(id / this.#stride)]!;
      const index = id % this.#stride;
      if (index === trail.keys.length) continue;
      const key = trail.keys[index];
      if (key === undefined) any.push(id + 1);
      else named.set(key, [...(named.get(key) ?? []), id + 1]);
    }
    return { any, named };
  }

  // A path that ends at a `$defs` entry goes on with every path of that entry, from its start.
  #closure(ids: readonly number[]): DateState {
    if (ids.length === 0) return ids;
    const seen = new Set<number>();
    const todo = [...ids];
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const trail = this.#trails[Math.floor(id / this.#stride)]!;
      if (id % this.#stride !== trail.keys.length || trail.then === undefined) continue;
      for (const next of this.#defs.get(trail.then) ?? []) todo.push(next * this.#stride);
    }
    return [...seen];
  }
}
