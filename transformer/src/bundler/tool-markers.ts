/**
 * What any tool site needs in a file's text: a `@Description` decorator, an `.add(` call, a
 * `defineTool` or a `jsonSchema<…>` macro. A file with none of them is never handed to the
 * compiler, so the plugin's cost grows with the files that hold tools, not with the program.
 */
const toolMarker = /@Description\b|\.add\s*\(|\bdefineTool\b|\bjsonSchema\s*</;

/** True when `code` may hold a tool site (a cheap text test, before any parsing). */
export function mayHoldTools(code: string): boolean {
  return toolMarker.test(code);
}

/** Decorators that a JavaScript parser must not meet (the emitted helpers of a compiled file do not match). */
const decoratorSyntax = /(^|[\s(,=;{}])@[A-Za-z_$][\w$.]*\s*[(\n\r]/m;

/** True when `code` still holds decorator syntax (a TypeScript file, not yet compiled). */
export function hasDecoratorSyntax(code: string): boolean {
  return decoratorSyntax.test(code);
}

/**
 * True when `code` is a `@Description` tool class already compiled by another plugin without
 * tooltype's metadata: decorator helpers calling `Description(…)` but no injected `{ v: 1` literal.
 */
export function isCompiledWithoutMetadata(code: string): boolean {
  return /__(?:es)?[dD]ecorate\b/.test(code) && /\bDescription\)?\(/.test(code) && !/\{\s*v:\s*1,/.test(code);
}
