import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { aliasOfTypeNode } from "../type-nodes.js";
import type { SchemaObject } from "../types.js";
import { nodeTagTexts, symbolDocText, symbolTagTexts, type TagText } from "../jsdoc.js";
import { applyTags } from "./jsdoc-tags.js";

/** The JSDoc text of a symbol, or undefined when it has none. */
export function symbolDescription(ctx: SchemaContext, symbol: ts.Symbol): string | undefined {
  const own = symbolDocText(ctx.ts, ctx.checker, symbol);
  if (own) return own;
  const origin = syntheticOrigin(symbol);
  return origin ? symbolDescription(ctx, origin) : undefined;
}

/** The JSDoc tags of a symbol as text. */
export function symbolTags(ctx: SchemaContext, symbol: ts.Symbol): TagText[] {
  const own = symbolTagTexts(ctx.ts, ctx.checker, symbol);
  const origin = own.length > 0 ? undefined : syntheticOrigin(symbol);
  return origin ? symbolTagTexts(ctx.ts, ctx.checker, origin) : own;
}

/** The JSDoc tags written on a node (a parameter, an alias declaration), `@param` excluded. */
export function nodeTags(ctx: SchemaContext, node: ts.Node): TagText[] {
  return nodeTagTexts(ctx.ts, node)
    .filter(({ tag }) => !ctx.ts.isJSDocParameterTag(tag))
    .map(({ name, text }) => ({ name, text }));
}

/** Description and constraint tags of a property, written onto its schema. */
export function applyPropertyDocs(ctx: SchemaContext, symbol: ts.Symbol, schema: SchemaObject): void {
  const description = symbolDescription(ctx, symbol);
  if (description) schema.description = description;
  applyTags(ctx, schema, symbolTags(ctx, symbol));
}

/**
 * Docs of the named type a schema was built from: the constraint tags of a type alias
 * (`/** @minimum 0 *\/ type Age = number`), and the JSDoc text of an alias, interface, class or
 * enum declared in the project's sources (library types stay undescribed).
 */
export function namedTypeDocs(
  ctx: SchemaContext,
  type: ts.Type,
  node: ts.TypeNode | undefined,
  schema: SchemaObject,
): void {
  const alias =
    aliasOfTypeNode(ctx, node) ?? type.aliasSymbol?.declarations?.find((d) => ctx.ts.isTypeAliasDeclaration(d));
  const declaration =
    alias ??
    type.symbol?.declarations?.find(
      (d) => ctx.ts.isInterfaceDeclaration(d) || ctx.ts.isClassDeclaration(d) || ctx.ts.isEnumDeclaration(d),
    );
  if (!declaration || declaration.getSourceFile().isDeclarationFile) return;
  if (alias) applyTags(ctx, schema, nodeTags(ctx, alias));
  const symbol = alias ? ctx.checker.getSymbolAtLocation(alias.name) : type.symbol;
  const description = symbol ? symbolDocText(ctx.ts, ctx.checker, symbol) : undefined;
  if (description) schema.description = description;
}

/** The property a mapped type's property was made from (`as` remapping drops its declarations). */
function syntheticOrigin(symbol: ts.Symbol): ts.Symbol | undefined {
  // Internal compiler field: read defensively, only as a fallback for docs.
  const links = (symbol as { links?: { syntheticOrigin?: unknown } }).links;
  const origin = links?.syntheticOrigin;
  return origin && typeof origin === "object" && "getDocumentationComment" in origin
    ? (origin as ts.Symbol)
    : undefined;
}
