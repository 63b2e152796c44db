import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import type { SchemaObject } from "../types.js";

/** Library types that hold no JSON data of their own, with the fix to suggest. */
const notJsonBuiltins = new Map<string, string>([
  ["Map", "take a Record<string, T> (an object) instead"],
  ["ReadonlyMap", "take a Record<string, T> (an object) instead"],
  ["WeakMap", "take a Record<string, T> (an object) instead"],
  ["Set", "take an array (T[], with @uniqueItems) instead"],
  ["ReadonlySet", "take an array (T[], with @uniqueItems) instead"],
  ["WeakSet", "take an array instead"],
  ["Promise", "take the resolved value; a model cannot send a promise"],
  ["PromiseLike", "take the resolved value; a model cannot send a promise"],
  ["Function", "take the data the function would need instead"],
  ["CallableFunction", "take the data the function would need instead"],
  ["RegExp", "take the pattern as a string"],
  ["Symbol", "take a string name instead"],
  ["ArrayBuffer", "take a base64 string instead"],
  ["SharedArrayBuffer", "take a base64 string instead"],
  ["DataView", "take a base64 string instead"],
  ["Buffer", "take a base64 string instead"],
  ["Blob", "take a base64 string instead"],
  ["Int8Array", "take a number[] instead"],
  ["Uint8Array", "take a number[] or a base64 string instead"],
  ["Uint8ClampedArray", "take a number[] instead"],
  ["Int16Array", "take a number[] instead"],
  ["Uint16Array", "take a number[] instead"],
  ["Int32Array", "take a number[] instead"],
  ["Uint32Array", "take a number[] instead"],
  ["Float32Array", "take a number[] instead"],
  ["Float64Array", "take a number[] instead"],
  ["BigInt64Array", "take a string[] instead"],
  ["BigUint64Array", "take a string[] instead"],
  ["WeakRef", "take the data instead"],
  ["Iterator", "take an array instead"],
  ["IterableIterator", "take an array instead"],
  ["Generator", "take an array instead"],
  ["AsyncIterable", "take an array instead"],
  ["AsyncIterator", "take an array instead"],
  ["AsyncGenerator", "take an array instead"],
  ["ReadableStream", "take the content as a string instead"],
]);

// Per symbol, what libraryName found (null: not a library type). A symbol's declarations are fixed
// once its program exists, and `Array`'s dozen (one per lib file) were walked for every array type.
const libraryNames = new WeakMap<ts.Symbol, string | null>();

/** The declaring library name of a type (`Date`, `Map`, …) when it comes from a lib or @types file. */
function libraryName(type: ts.Type): string | undefined {
  const symbol = type.aliasSymbol && !type.symbol ? type.aliasSymbol : type.symbol;
  if (!symbol) return undefined;
  let name = libraryNames.get(symbol);
  if (name === undefined) libraryNames.set(symbol, (name = declaredInLibrary(symbol) ? symbol.getName() : null));
  return name ?? undefined;
}

function declaredInLibrary(symbol: ts.Symbol): boolean {
  const declarations = symbol.declarations ?? [];
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      const file = declaration.getSourceFile();
      return (
        file.hasNoDefaultLib || /[\\/]node_modules[\\/](typescript[\\/]lib|@types[\\/]node)[\\/]/.test(file.fileName)
      );
    })
  );
}

/** True for `Date` and for library types that cannot cross JSON. */
export function isBuiltinType(type: ts.Type): boolean {
  const name = libraryName(type);
  return name !== undefined && (name === "Date" || notJsonBuiltins.has(name));
}

/**
 * `Date` → an ISO 8601 string (`format: "date-time"`), revived into a `Date` before the call;
 * `Map`, `Set`, `Promise`, typed arrays and the like → a diagnostic. Undefined for other types.
 */
export function builtinSchema(ctx: SchemaContext, type: ts.Type): SchemaObject | undefined {
  const name = libraryName(type);
  if (name === undefined) return undefined;
  if (name === "Date") {
    ctx.recordDate();
    return { type: "string", format: "date-time" };
  }
  const fix = notJsonBuiltins.get(name);
  if (fix === undefined) return undefined;
  return ctx.notJson(type, `a ${name} does not serialise to JSON`, fix);
}
