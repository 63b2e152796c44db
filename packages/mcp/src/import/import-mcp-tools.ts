import { DuplicateToolError, Tool, ToolDefinitionError, type JSONSchema, type ToolRegistry } from "@tooltype/core";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { mcpResultValue } from "./mcp-result-value.js";
import { registryName } from "./tool-name-mapping.js";

/** What `importMcpTools` needs of a client: the SDK's `Client`, connected. */
export type McpToolClient = Pick<Client, "listTools" | "callTool">;

/** Options of `importMcpTools`. */
export interface ImportMcpToolsOptions {
  /** Put before every tool's name (`"github_"`), to keep two servers' tools apart. */
  prefix?: string;
  /** Replace registered tools of the same name instead of throwing `DuplicateToolError`. */
  replace?: boolean;
  /** Per-call timeout in milliseconds, for the tool and the MCP request (the SDK's default is 60 s). */
  timeoutMs?: number;
  /** Import only the tools for which this answers true. */
  filter?: (tool: McpTool) => boolean;
  /** Cancels the listing. */
  signal?: AbortSignal;
}

const maxPages = 10_000;

/** Every tool the server lists, following `nextCursor` page by page. */
async function listAll(client: McpToolClient, signal: AbortSignal | undefined): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await client.listTools(
      cursor === undefined ? undefined : { cursor },
      signal ? { signal } : undefined,
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    // A server that hands out a cursor twice would be listed forever.
    if (cursors.has(cursor))
      throw new ToolDefinitionError(
        `The MCP server returned the cursor "${cursor.slice(0, 40)}" twice while listing its tools; its pagination is broken.`,
      );
    cursors.add(cursor);
  }
  throw new ToolDefinitionError(`The MCP server listed more than ${maxPages} pages of tools; giving up.`);
}

/** A detached copy of a schema from the wire, so later changes to the listing cannot reach it. */
function copyOf(schema: object): JSONSchema {
  return JSON.parse(JSON.stringify(schema)) as JSONSchema;
}

function toTool(client: McpToolClient, listed: McpTool, name: string, timeoutMs: number | undefined): Tool {
  const requestOptions = timeoutMs !== undefined ? { timeout: timeoutMs } : {};
  return new Tool({
    name,
    description: listed.description ?? listed.title ?? listed.annotations?.title ?? "",
    schema: copyOf(listed.inputSchema),
    ...(listed.outputSchema !== undefined ? { returns: copyOf(listed.outputSchema) } : {}),
    source: "mcp",
    timeoutMs,
    impl: async (args: Record<string, unknown>, context) => {
      const result = await client.callTool({ name: listed.name, arguments: args }, undefined, {
        ...requestOptions,
        signal: context.signal,
      });
      return mcpResultValue(listed.name, result);
    },
  });
}

/**
 * Registers every tool of a connected MCP server in `registry` (`source: "mcp"`): its input
 * schema (draft-07 or 2020-12) validates the model's arguments, its `outputSchema` becomes
 * `returns`, and a call goes to the server with `client.callTool`, cancelled with the call.
 * An MCP error result becomes an error result; text content is joined, one block a line;
 * `structuredContent`, when present, is the result (as JSON). Names that providers would refuse
 * (`.`, `/`, over 64 characters) are mapped to `_` and cut. All or nothing: a taken name throws
 * `DuplicateToolError` (unless `replace`) before any tool is added. Returns the tools added.
 */
export async function importMcpTools(
  client: McpToolClient,
  registry: ToolRegistry,
  options: ImportMcpToolsOptions = {},
): Promise<Tool[]> {
  const listed = (await listAll(client, options.signal)).filter((tool) => options.filter?.(tool) ?? true);
  const origins = new Map<string, string>();
  const tools = listed.map((tool) => {
    const name = registryName(tool.name, options.prefix);
    const other = origins.get(name);
    if (other !== undefined) {
      throw new ToolDefinitionError(
        `The MCP tools "${other}" and "${tool.name}" would both be registered as "${name}"; import them with a filter or apart.`,
      );
    }
    origins.set(name, tool.name);
    return toTool(client, tool, name, options.timeoutMs);
  });
  if (options.replace !== true) {
    const taken = tools.find((tool) => registry.has(tool.name));
    if (taken !== undefined) throw new DuplicateToolError(taken.name);
  }
  for (const tool of tools) registry.add(tool, { replace: options.replace === true });
  return tools;
}
