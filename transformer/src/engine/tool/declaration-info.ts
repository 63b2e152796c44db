import type * as ts from "typescript";
import { displayPath } from "../diagnostics.js";
import { nodeDocText } from "../jsdoc.js";
import type { ToolDeclaration, TypeScript } from "../types.js";

/** What tool names providers accept. */
export const toolNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The node that names a tool declaration: its own name, or the variable/property it is assigned to. */
export function nameNodeOf(tsm: TypeScript, declaration: ToolDeclaration): ts.Node | undefined {
  if (declaration.name) return declaration.name;
  const parent = declaration.parent;
  if (tsm.isVariableDeclaration(parent) && parent.initializer === declaration) return parent.name;
  if (tsm.isPropertyAssignment(parent) && parent.initializer === declaration) return parent.name;
  if (tsm.isPropertyDeclaration(parent) && parent.initializer === declaration) return parent.name;
  return undefined;
}

/** The declared identifier of a tool (`getWeather`, `#secret`), when it has a static one. */
export function declaredName(tsm: TypeScript, declaration: ToolDeclaration): string | undefined {
  const node = nameNodeOf(tsm, declaration);
  if (!node) return undefined;
  if (
    tsm.isIdentifier(node) ||
    tsm.isPrivateIdentifier(node) ||
    tsm.isStringLiteral(node) ||
    tsm.isNumericLiteral(node)
  )
    return node.text;
  return undefined;
}

/** The node whose JSDoc documents the tool (a `const f = () => …` is documented on its statement). */
function documentedNode(tsm: TypeScript, declaration: ToolDeclaration): ts.Node {
  const parent = declaration.parent;
  if (
    (tsm.isArrowFunction(declaration) || tsm.isFunctionExpression(declaration)) &&
    (tsm.isVariableDeclaration(parent) || tsm.isPropertyAssignment(parent) || tsm.isPropertyDeclaration(parent))
  ) {
    return parent;
  }
  return declaration;
}

/** The JSDoc text above the declaration (without its tags), or undefined. */
export function jsDocSummary(tsm: TypeScript, declaration: ToolDeclaration): string | undefined {
  return nodeDocText(tsm, documentedNode(tsm, declaration));
}

/** `file#Class.method` or `file#function`, the file relative to `root` when inside it. */
export function sourceOf(
  tsm: TypeScript,
  declaration: ToolDeclaration,
  name: string | undefined,
  root?: string,
): string {
  const file = displayPath(declaration.getSourceFile().fileName, root);
  const own = name ?? "(anonymous)";
  const owner =
    tsm.isMethodDeclaration(declaration) && tsm.isClassLike(declaration.parent)
      ? (declaration.parent.name?.text ?? "(anonymous)")
      : undefined;
  return `${file}#${owner ? `${owner}.${own}` : own}`;
}
