import type * as ts from "typescript";
import type { TypeScript } from "./types.js";

/** A JSDoc tag as text: `@minimum 0.5` → `{ name: "minimum", text: "0.5" }`. */
export interface TagText {
  name: string;
  text: string;
}

// Files whose JSDoc the compiler skipped (tsc, and so ts-patch's tspc, parse only the JSDoc that
// affects type errors), re-parsed in full once; keyed by the compiler's own SourceFile object.
const reparsed = new WeakMap<ts.SourceFile, ts.SourceFile>();

function hasFullJsDoc(tsm: TypeScript, file: ts.SourceFile): boolean {
  // Internal field, read defensively: absent means the file was parsed the default way (all JSDoc).
  const mode = (file as { jsDocParsingMode?: ts.JSDocParsingMode }).jsDocParsingMode;
  return mode === undefined || mode === tsm.JSDocParsingMode.ParseAll;
}

/**
 * `node` itself when its file carries all JSDoc, else the same node (same kind and range) in a
 * full re-parse of the file's text, so descriptions and tags read the same under every compiler host.
 */
export function withJsDoc<T extends ts.Node>(tsm: TypeScript, node: T): T {
  const file = node.getSourceFile();
  if (!file || hasFullJsDoc(tsm, file)) return node;
  let twin = reparsed.get(file);
  if (!twin) {
    twin = tsm.createSourceFile(
      file.fileName,
      file.text,
      { languageVersion: file.languageVersion, jsDocParsingMode: tsm.JSDocParsingMode.ParseAll },
      true,
    );
    reparsed.set(file, twin);
  }
  return (findSameNode(tsm, twin, node) as T | undefined) ?? node;
}

function findSameNode(tsm: TypeScript, root: ts.Node, target: ts.Node): ts.Node | undefined {
  let current: ts.Node | undefined = root;
  while (current) {
    if (current.kind === target.kind && current.pos === target.pos && current.end === target.end) return current;
    let next: ts.Node | undefined;
    tsm.forEachChild(current, (child) => {
      if (!next && child.pos <= target.pos && child.end >= target.end) next = child;
    });
    current = next;
  }
  return undefined;
}

/** The JSDoc text (without tags) written on a node, or undefined. */
export function nodeDocText(tsm: TypeScript, node: ts.Node): string | undefined {
  const blocks = tsm.getJSDocCommentsAndTags(withJsDoc(tsm, node)).filter((n): n is ts.JSDoc => tsm.isJSDoc(n));
  for (let i = blocks.length - 1; i >= 0; i--) {
    const text = tsm.getTextOfJSDocComment(blocks[i]!.comment)?.trim();
    if (text) return text;
  }
  return undefined;
}

/** The JSDoc tags written on a node (a parameter also gets its function's `@param` tag). */
export function nodeTagTexts(tsm: TypeScript, node: ts.Node): { tag: ts.JSDocTag; name: string; text: string }[] {
  return tsm
    .getJSDocTags(withJsDoc(tsm, node))
    .map((tag) => ({ tag, name: tag.tagName.text, text: tsm.getTextOfJSDocComment(tag.comment) ?? "" }));
}

/** The JSDoc text of a symbol (all its declarations), or undefined. */
export function symbolDocText(tsm: TypeScript, checker: ts.TypeChecker, symbol: ts.Symbol): string | undefined {
  const declarations = symbol.declarations ?? [];
  if (declarations.every((d) => hasFullJsDoc(tsm, d.getSourceFile()))) {
    return tsm.displayPartsToString(symbol.getDocumentationComment(checker)).trim() || undefined;
  }
  const texts = declarations.map((d) => nodeDocText(tsm, d)).filter((t): t is string => t !== undefined);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/** The JSDoc tags of a symbol as text. */
export function symbolTagTexts(tsm: TypeScript, checker: ts.TypeChecker, symbol: ts.Symbol): TagText[] {
  const declarations = symbol.declarations ?? [];
  if (declarations.every((d) => hasFullJsDoc(tsm, d.getSourceFile()))) {
    return symbol.getJsDocTags(checker).map((tag) => ({ name: tag.name, text: tsm.displayPartsToString(tag.text) }));
  }
  return declarations.flatMap((d) => nodeTagTexts(tsm, d).map(({ name, text }) => ({ name, text })));
}
