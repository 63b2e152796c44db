import { ToolRegistry } from "@tooltype/core";
import { importMcpTools } from "@tooltype/mcp";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

/**
 * Walks through the calculator server with a connected MCP client: lists its tools, calls them
 * as any MCP client would, then imports them into a tooltype registry and calls one from there.
 * Returns the registry holding the imported tools.
 */
export async function tourCalculator(
  client: Client,
  print: (line: string) => void = console.log,
): Promise<ToolRegistry> {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    print(
      `${tool.name}: ${tool.description} input ${JSON.stringify(tool.inputSchema)}${tool.outputSchema ? ` output ${JSON.stringify(tool.outputSchema)}` : ""}`,
    );
  }
  const calls: Array<[string, Record<string, unknown>]> = [
    ["add", { a: 2, b: 40 }],
    ["divide", { dividend: 17, divisor: 5 }],
    ["divide", { dividend: 1, divisor: "zero" }],
    ["store", { value: 7 }],
    ["clearMemory", {}],
  ];
  for (const [name, args] of calls) {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const structured = result.structuredContent ? ` structured ${JSON.stringify(result.structuredContent)}` : "";
    print(`${name}(${JSON.stringify(args)}) ${result.isError ? "error" : "ok"}: ${textOf(result)}${structured}`);
  }

  const registry = new ToolRegistry();
  const imported = await importMcpTools(client, registry, { prefix: "calc_" });
  print(`Imported: ${imported.map((tool) => `${tool.name} (${tool.source})`).join(", ")}`);
  const result = await registry.call("calc_divide", { dividend: 9, divisor: 4 });
  print(`registry.call("calc_divide") → ${result.output}`);
  return registry;
}
