import type { JSONSchema } from "../json.js";

/**
 * A JSON Schema that carries, in its type only, the TypeScript type it describes: what
 * `jsonSchema<T>()` returns, so `completions(…, { output: jsonSchema<Forecast>() })` can type
 * `completion.output` as `Forecast`. At run time it is the plain schema object (no `__type` key).
 */
export type TypedSchema<T> = JSONSchema & { readonly __type?: T };

/** The type a `TypedSchema` describes (`unknown` for a plain schema). */
export type SchemaType<S> = S extends { readonly __type?: infer T } ? T : unknown;

/**
 * What a streamed typed answer looks like before it is complete: every property optional, all the
 * way down, array items too (the last item of an array may itself be partial).
 */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? DeepPartial<Item>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;
