import type { JSONSchema } from "../json.js";

/**
 * How one declared parameter of a method or function receives its value.
 * - `named`: `args[name]` (positional parameters; unnamed destructured ones are `param0`, `param1`, …)
 * - `arguments`: the whole arguments object (the options-object convention, or a lone `JSONValue` parameter)
 * - `context`: the call's `ToolCallContext` (not part of the schema)
 */
export type ParameterBinding = { kind: "named"; name: string } | { kind: "arguments" } | { kind: "context" };

/**
 * What the transformer (or the generated sidecar) knows about one tool, injected as a literal.
 * This is the one documented shape shared by the transformer and the runtime: version 1.
 *
 * The decorator receives it as a third argument (`@Description(text, options, metadata)`),
 * `registry.add(fn)` as a third argument (`add(fn, options, metadata)`), `defineTool` as a
 * second one. Hand-written metadata (tests, other tools) must follow the same shape.
 */
export interface ToolMetadata {
  /** Shape version; always 1 for now. */
  v: 1;
  /** The declared identifier of the method or function (the default tool name). */
  name: string;
  /** The JSDoc summary, used when no `@Description` text is given. */
  description?: string;
  /** The parameters object schema (draft 2020-12), always `type: "object"`. */
  schema: JSONSchema;
  /** One entry per declared parameter, in order. */
  parameters: ParameterBinding[];
  /** Schema of the awaited return type, when it can cross JSON (docs, MCP `outputSchema`). */
  returns?: JSONSchema;
  /**
   * Paths in the arguments object whose values were declared `Date` (validated as
   * `format: "date-time"` strings) and are revived into `Date` objects before the call.
   * A path is a list of property names; `"*"` stands for every array item or record value (a
   * name that is `*` or starts with `~` or `#` gets a `~` before it). A recursive type's `Date`s
   * are listed from its `$defs` entry (first segment `"#/$defs/Name"`), and a path ending in
   * `"#/$defs/Name"` meets that type (`["#", "#/$defs/Name"]`: the arguments object is one).
   */
  dates?: string[][];
  /** Where the tool was declared, `file#Class.method` or `file#function` (diagnostics, sidecar keys). */
  source?: string;
}
