import type * as ts from "typescript";
import { SchemaContext, type SchemaSubject } from "./context.js";
import { setOwn } from "./programmers/own-keys.js";
import type { JSONSchema, SchemaObject, TypeScript } from "./types.js";
import { visitType } from "./visit.js";

/** Options of `schemaOfType`. */
export interface SchemaOfTypeOptions {
  /** Named in diagnostics (`tool "x", parameter "y"`). */
  subject?: SchemaSubject;
  /** Leave object types open: for return values, which may carry more than declared. Default false. */
  open?: boolean;
  /** The type as written, when `node` is not itself the type node (gives `integer` aliases, union order). */
  typeNode?: ts.TypeNode;
}

/** The schema of a type, or the diagnostics that explain why it has none. */
export interface SchemaOfTypeResult {
  /** Draft 2020-12 schema; absent when `diagnostics` holds an error. */
  schema?: JSONSchema;
  /** Errors located on `node`, naming the subject and the path inside the type. */
  diagnostics: ts.Diagnostic[];
  /** Paths of `Date` values inside the type (see `ToolMetadata.dates`). */
  dates: string[][];
}

/**
 * The JSON Schema (draft 2020-12) of `type`, as `jsonSchema<T>()` injects it. `node` locates
 * diagnostics (and, when it is a type node, tells how the type was written). Deterministic:
 * properties in declared order, `$defs` sorted by name.
 */
export function schemaOfType(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  type: ts.Type,
  node: ts.Node,
  options: SchemaOfTypeOptions = {},
): SchemaOfTypeResult {
  const ctx = new SchemaContext(tsm, checker, node, options.subject ?? {}, { closeObjects: !options.open }, visitType);
  const typeNode = options.typeNode ?? (tsm.isTypeNode(node) ? node : undefined);
  const schema = visitType(ctx, type, { node: typeNode });
  return finishRoot(ctx, schema);
}

/** Attaches the sorted `$defs` and withholds the schema when there were errors. */
export function finishRoot(ctx: SchemaContext, schema: SchemaObject): SchemaOfTypeResult {
  const errors = ctx.diagnostics.filter((d) => d.category === ctx.ts.DiagnosticCategory.Error);
  if (errors.length > 0) return { diagnostics: ctx.diagnostics, dates: [] };
  if (ctx.defs.size > 0) {
    const defs: SchemaObject = {};
    for (const name of [...ctx.defs.keys()].sort()) setOwn(defs, name, ctx.defs.get(name));
    schema.$defs = defs;
  }
  return { schema, diagnostics: ctx.diagnostics, dates: ctx.dates };
}
