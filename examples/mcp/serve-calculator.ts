// The calculator as an MCP server on stdio: `node examples/dist/mcp/serve-calculator.js`
// (an MCP client such as main.ts, or an MCP host's config, starts it). stdout is the protocol:
// log to stderr only.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { serveCalculator } from "./calculator-server.js";

serveCalculator(new StdioServerTransport()).catch((error: unknown) => {
  console.error(`calculator server failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
