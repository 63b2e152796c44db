// The MCP example end to end: starts the calculator server (serve-calculator.js, next to this
// file once built) as a child process, connects the official MCP client to it over stdio and
// tours it. Run: node scripts/build.mjs && node transformer/dist/cjs/cli/main.js build -p examples/tsconfig.json && node examples/dist/mcp/main.js
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { tourCalculator } from "./tour-calculator.js";

async function main(): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(__dirname, "serve-calculator.js")],
    stderr: "inherit",
  });
  const client = new Client({ name: "calculator-tour", version: "1.0.0" });
  await client.connect(transport);
  try {
    await tourCalculator(client);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`mcp example failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
