import type * as ts from "typescript";
import type { TypeScript } from "./types.js";

/** Checkers whose schemas are watched, between `watchGlobalDependence` and `takeGlobalDependence`. */
const watched = new WeakSet<ts.TypeChecker>();
/** Watched checkers whose schemas read a type that left-out globals could change. */
const dependent = new WeakSet<ts.TypeChecker>();

/**
 * Starts noting whether schemas built with `checker` read a type that left-out globals could change
 * (see `noteGlobalDependence`). Only the bundler plugin compiles in a reduced program and asks, so
 * the other ways (`tooltype build`, ts-patch, ts-jest) never pay for the check.
 */
export function watchGlobalDependence(checker: ts.TypeChecker): void {
  watched.add(checker);
  dependent.delete(checker);
}

/**
 * Notes, for a watched checker, when a schema reads `type` in a way that a program without some
 * global declarations (the DOM lib, `@types/*` packages) could get wrong: TypeScript could not
 * resolve it (its error type: a name only those globals declare), or its members are listed while
 * it is an interface, class or enum declared in the global scope (a lib file, a script, `declare
 * global`), which those globals may extend by declaration merging. The bundler plugin then
 * compiles in the full program.
 */
export function noteGlobalDependence(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  type: ts.Type,
  listsMembers: boolean,
): void {
  if (!watched.has(checker) || dependent.has(checker)) return;
  if (isUnresolved(tsm, type) || (listsMembers && isGlobalDeclaration(tsm, type))) dependent.add(checker);
}

/** True when schemas built with `checker` read such a type since `watchGlobalDependence`; stops watching. */
export function takeGlobalDependence(checker: ts.TypeChecker): boolean {
  watched.delete(checker);
  return dependent.delete(checker);
}

function isUnresolved(tsm: TypeScript, type: ts.Type): boolean {
  return (type.flags & tsm.TypeFlags.Any) !== 0 && (type as { intrinsicName?: string }).intrinsicName === "error";
}

function isGlobalDeclaration(tsm: TypeScript, type: ts.Type): boolean {
  const symbol = type.getSymbol();
  if (!symbol || (symbol.flags & (tsm.SymbolFlags.Interface | tsm.SymbolFlags.Class | tsm.SymbolFlags.Enum)) === 0)
    return false;
  return (symbol.declarations ?? []).some((declaration) => {
    if (!tsm.isExternalModule(declaration.getSourceFile())) return true;
    for (let node = declaration.parent; node; node = node.parent)
      if (tsm.isModuleDeclaration(node) && (node.flags & tsm.NodeFlags.GlobalAugmentation) !== 0) return true;
    return false;
  });
}
