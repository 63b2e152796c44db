import { ToolDefinitionError } from "../errors/tool-definition-error.js";

/** What providers accept as a tool name: letters, digits, `_` and `-`, 1 to 64 characters. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Throws a `ToolDefinitionError` naming `where` unless `name` is a valid tool name. */
export function assertToolName(name: unknown, where: string): asserts name is string {
  if (typeof name === "string" && TOOL_NAME_PATTERN.test(name)) return;
  const shown =
    typeof name === "string" ? JSON.stringify(name.length > 80 ? name.slice(0, 80) + "…" : name) : String(name);
  throw new ToolDefinitionError(
    `Invalid tool name ${shown} for ${where}: a tool name must be 1 to 64 letters, digits, "_" or "-" ` +
      `(/^[A-Za-z0-9_-]{1,64}$/). Pass another one with { name: "…" }.`,
  );
}
