import type * as ts from "typescript";
import { resolveSymbol } from "../engine/index.js";

/**
 * The name under which `declaration` is exported from its own module (`"default"` for a default
 * export), or undefined when another module cannot import it. Its own name is preferred, then
 * other names in alphabetical order, `default` last, so the choice is stable.
 */
export function exportNameOf(
  tsModule: typeof ts,
  checker: ts.TypeChecker,
  declaration: ts.Declaration,
): string | undefined {
  const moduleSymbol = checker.getSymbolAtLocation(declaration.getSourceFile());
  if (!moduleSymbol) return undefined; // a script, not a module: nothing can import from it
  const names: string[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = resolveSymbol(tsModule, checker, exported);
    if (target?.declarations?.includes(declaration)) names.push(exported.getName());
  }
  const own = (declaration as ts.NamedDeclaration).name;
  const ownName = own && tsModule.isIdentifier(own) ? own.text : undefined;
  if (ownName && names.includes(ownName)) return ownName;
  const sorted = names.filter((name) => name !== "default").sort();
  return sorted[0] ?? (names.includes("default") ? "default" : undefined);
}
