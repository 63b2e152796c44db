import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/**
 * True when `file` declares a value named `name` anywhere (variable, parameter, function, class,
 * import, enum, namespace): a global of that name may then be shadowed somewhere in the file.
 */
export function declaresName(tsm: TypeScript, file: ts.SourceFile, name: string): boolean {
  if (!file.text.includes(name)) return false;
  const visit = (node: ts.Node): boolean => {
    if (declaredName(tsm, node) === name) return true;
    return tsm.forEachChild(node, visit) ?? false;
  };
  return visit(file);
}

/** The identifier a value declaration binds (binding patterns are reached as their elements). */
function declaredName(tsm: TypeScript, node: ts.Node): string | undefined {
  const named =
    tsm.isVariableDeclaration(node) ||
    tsm.isParameter(node) ||
    tsm.isBindingElement(node) ||
    tsm.isFunctionDeclaration(node) ||
    tsm.isFunctionExpression(node) ||
    tsm.isClassDeclaration(node) ||
    tsm.isClassExpression(node) ||
    tsm.isEnumDeclaration(node) ||
    tsm.isModuleDeclaration(node) ||
    tsm.isImportEqualsDeclaration(node) ||
    tsm.isImportClause(node) ||
    tsm.isImportSpecifier(node) ||
    tsm.isNamespaceImport(node);
  const identifier = named ? (node as ts.NamedDeclaration).name : undefined;
  return identifier && tsm.isIdentifier(identifier) ? identifier.text : undefined;
}
