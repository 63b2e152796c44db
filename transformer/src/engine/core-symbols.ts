import type * as ts from "typescript";
import type { TypeScript } from "./types.js";

/** The package whose declarations the transformer acts on. */
export const corePackageName = "@tooltype/core";

const packageNames = new Map<string, string | undefined>();

/**
 * True when `fileName` is part of `@tooltype/core`: installed (`node_modules/@tooltype/core/…`),
 * or inside a directory whose nearest named package.json says `"name": "@tooltype/core"`
 * (the workspace sources, symlinked installs). Files the compiler only holds in memory fall back
 * on the repository layout (`packages/core/src`).
 */
export function isCoreFile(tsm: TypeScript, fileName: string): boolean {
  const normal = fileName.replace(/\\/g, "/");
  if (normal.includes("/node_modules/@tooltype/core/")) return true;
  const name = nearestPackageName(tsm, normal.slice(0, normal.lastIndexOf("/")));
  if (name !== undefined) return name === corePackageName;
  return /\/packages\/core\/src\//.test(normal);
}

function nearestPackageName(tsm: TypeScript, start: string): string | undefined {
  const sys = tsm.sys as ts.System | undefined;
  if (!sys) return undefined;
  const visited: string[] = [];
  let directory = start;
  let found: string | undefined;
  for (;;) {
    if (packageNames.has(directory)) {
      found = packageNames.get(directory);
      break;
    }
    visited.push(directory);
    const text = sys.readFile(`${directory}/package.json`);
    const name = text === undefined ? undefined : readName(text);
    if (name !== undefined) {
      found = name;
      break;
    }
    const parent = directory.slice(0, directory.lastIndexOf("/"));
    if (parent === directory || parent === "") break;
    directory = parent;
  }
  for (const entry of visited) packageNames.set(entry, found);
  return found;
}

function readName(text: string): string | undefined {
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Follows import/export aliases to the symbol that declares the thing. */
export function resolveSymbol(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  symbol: ts.Symbol | undefined,
): ts.Symbol | undefined {
  if (symbol && symbol.flags & tsm.SymbolFlags.Alias) return checker.getAliasedSymbol(symbol);
  return symbol;
}

const typeNameSymbols = new WeakMap<ts.TypeChecker, WeakMap<ts.EntityName, ts.Symbol | null>>();

/**
 * The symbol the name of a type reference resolves to, import aliases followed. Remembered per
 * checker and node: the engine asks it of one node several times (JSONValue, alias docs, union
 * order, `integer`), and the checker resolves the name anew each time.
 */
export function symbolOfTypeName(tsm: TypeScript, checker: ts.TypeChecker, name: ts.EntityName): ts.Symbol | undefined {
  let known = typeNameSymbols.get(checker);
  if (!known) typeNameSymbols.set(checker, (known = new WeakMap()));
  const cached = known.get(name);
  if (cached !== undefined) return cached ?? undefined;
  const symbol = resolveSymbol(tsm, checker, checker.getSymbolAtLocation(name));
  known.set(name, symbol ?? null);
  return symbol;
}

/** True when `symbol` is `name` declared by `@tooltype/core`. */
export function isCoreSymbol(tsm: TypeScript, symbol: ts.Symbol | undefined, name: string): boolean {
  if (!symbol || symbol.getName() !== name) return false;
  const declarations = symbol.declarations ?? [];
  return (
    declarations.length > 0 && declarations.every((declaration) => isCoreSourceFile(tsm, declaration.getSourceFile()))
  );
}

// Per declaration file, what isCoreFile said: every `@Description` asks about the same file.
const coreSourceFiles = new WeakMap<ts.SourceFile, boolean>();

function isCoreSourceFile(tsm: TypeScript, file: ts.SourceFile): boolean {
  let core = coreSourceFiles.get(file);
  if (core === undefined) coreSourceFiles.set(file, (core = isCoreFile(tsm, file.fileName)));
  return core;
}
