const longest = 64;

/**
 * The registry name of an MCP tool: `prefix + name`, with every character tooltype (and model
 * providers) do not accept in a tool name replaced by `_`, cut to 64 characters. MCP names may
 * hold `.` and `/` and be 128 characters long; providers accept `^[A-Za-z0-9_-]{1,64}$`.
 */
export function registryName(mcpName: string, prefix = ""): string {
  const mapped = `${prefix}${mcpName}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, longest);
  return mapped === "" ? "_" : mapped;
}
