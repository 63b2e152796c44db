/**
 * The type → JSON Schema engine. Every function takes the `typescript` module it should use
 * (the one the program was built with) and never imports its own.
 */
export type { TypeScript, JSONSchema, SchemaObject, ToolMetadata, ParameterBinding, ToolDeclaration } from "./types.js";
export { describeTool } from "./tool/describe-tool.js";
export type { DescribeToolOptions, DescribeToolResult } from "./tool/describe-tool.js";
export { schemaOfType } from "./schema-of-type.js";
export type { SchemaOfTypeOptions, SchemaOfTypeResult } from "./schema-of-type.js";
export type { SchemaSubject } from "./context.js";
export { DiagnosticCode, diagnosticAt, formatDiagnostic, isTooltypeDiagnostic, displayPath } from "./diagnostics.js";
export type { DiagnosticCodeValue } from "./diagnostics.js";
export { isCoreFile, isCoreSymbol, resolveSymbol, corePackageName } from "./core-symbols.js";
export { toolNamePattern, declaredName, jsDocSummary } from "./tool/declaration-info.js";
export { readLiteral } from "./tool/literal-values.js";
export { jsonToExpression } from "./json-expression.js";
export { jsonParseExpression } from "./json-parse-expression.js";
export { findToolSites } from "./sites.js";
export type { ToolSite } from "./sites.js";
