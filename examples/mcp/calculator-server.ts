import { ToolPolicy, ToolRegistry } from "@tooltype/core";
import { serveMcp, type McpToolServer } from "@tooltype/mcp";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { Calculator } from "./calculator.js";

/**
 * Serves a Calculator's tools over MCP on `transport`. The policy decides, not the client:
 * add and divide run, clearMemory is denied, and store (no rule) needs an approval this
 * server never gives, so MCP clients are told so and it does not run.
 */
export function serveCalculator(transport: Transport): Promise<McpToolServer> {
  const registry = new ToolRegistry();
  registry.add(new Calculator());
  const policy = new ToolPolicy().allow("add", "divide").deny("clear*");
  return serveMcp(registry, transport, { policy, name: "calculator", version: "1.0.0" });
}
