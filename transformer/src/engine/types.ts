import type * as ts from "typescript";

/** The `typescript` module the engine is handed (ts-patch's, ts-jest's, the CLI's or ts-morph's copy). */
export type TypeScript = typeof ts;

/** A JSON Schema (draft 2020-12), kept as plain data; mirrors `JSONSchema` of `@tooltype/core`. */
export type JSONSchema = { [keyword: string]: unknown } | boolean;

/** A schema object (never the boolean form): what the programmers build and mutate. */
export type SchemaObject = { [keyword: string]: unknown };

/**
 * How one declared parameter receives its value. Mirrors `ParameterBinding` of `@tooltype/core`
 * (packages/core/src/tools/tool-metadata.ts); metadata.test.ts checks the two stay identical.
 */
export type ParameterBinding = { kind: "named"; name: string } | { kind: "arguments" } | { kind: "context" };

/**
 * What the transformer injects for one tool, version 1. Mirrors `ToolMetadata` of `@tooltype/core`
 * (the transformer cannot depend on core's build); metadata.test.ts checks the two stay identical.
 */
export interface ToolMetadata {
  /** Shape version; always 1 for now. */
  v: 1;
  /** The declared identifier of the method or function (the default tool name). */
  name: string;
  /** The tool description: `@Description` text when known at compile time, else the JSDoc summary. */
  description?: string;
  /** The parameters object schema (draft 2020-12), always `type: "object"`. */
  schema: JSONSchema;
  /** One entry per declared parameter, in order. */
  parameters: ParameterBinding[];
  /** Schema of the awaited return type, when it can cross JSON. */
  returns?: JSONSchema;
  /**
   * Paths in the arguments object whose values were declared `Date` (`"*"`: every item or value; a
   * name that is `*` or starts with `~` or `#` gets a `~` before it). A recursive type's `Date`s
   * are listed from its `$defs` entry (first segment `"#/$defs/Name"`), and a path ending in
   * `"#/$defs/Name"` meets that type (`["#", "#/$defs/Name"]`: the arguments object is one).
   */
  dates?: string[][];
  /** Where the tool was declared, `file#Class.method` or `file#function`. */
  source?: string;
}

/** A declaration the engine can describe as a tool. */
export type ToolDeclaration = ts.MethodDeclaration | ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;
