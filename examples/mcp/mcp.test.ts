// The MCP example in process: the calculator server and the client linked in memory.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpToolServer } from "@tooltype/mcp";
import { serveCalculator } from "./calculator-server.js";
import { tourCalculator } from "./tour-calculator.js";

describe("the MCP example", () => {
  let server: McpToolServer;
  let client: Client;
  beforeEach(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    server = await serveCalculator(serverSide);
    client = new Client({ name: "test", version: "0.0.0" });
    await client.connect(clientSide);
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it("serves the calculator's compile-time schemas and answers each call as its policy says", async () => {
    const lines: string[] = [];
    const registry = await tourCalculator(client, (line) => lines.push(line));

    const { tools } = await client.listTools();
    const divide = tools.find((tool) => tool.name === "divide")!;
    expect(divide.inputSchema).toMatchObject({
      type: "object",
      properties: { dividend: { type: "number", description: "the number to divide" }, divisor: { type: "number" } },
      required: ["dividend", "divisor"],
    });
    expect(divide.outputSchema).toMatchObject({
      type: "object",
      properties: { quotient: { type: "number" }, remainder: { type: "number" } },
    });
    expect(tools.find((tool) => tool.name === "add")?.outputSchema).toBeUndefined();

    expect(lines).toContain('add({"a":2,"b":40}) ok: 42');
    expect(lines).toContain(
      'divide({"dividend":17,"divisor":5}) ok: {"quotient":3,"remainder":2} structured {"quotient":3,"remainder":2}',
    );
    expect(lines.find((line) => line.startsWith('divide({"dividend":1,'))).toMatch(
      /error: Invalid arguments for divide/,
    );
    expect(lines.find((line) => line.startsWith("store("))).toMatch(
      /error: Approval is needed for store; it was not run/,
    );
    expect(lines.find((line) => line.startsWith("clearMemory("))).toMatch(
      /error: clearMemory was not run: Denied by the policy \(deny "clear\*"\)/,
    );

    expect(registry.list().map((tool) => tool.name)).toEqual([
      "calc_add",
      "calc_divide",
      "calc_store",
      "calc_clearMemory",
    ]);
    expect(lines).toContain('registry.call("calc_divide") → {"quotient":2,"remainder":1}');
  });
});
