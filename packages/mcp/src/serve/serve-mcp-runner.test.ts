// serveMcp runs each tools/call through core's CallRunner, the one a completion uses: the same
// output limit, repair when asked, hooks (an execute_tool span from @tooltype/otel, recorded here
// by the real OpenTelemetry SDK) and results.
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { ToolPolicy, ToolPolicyStatus, ToolRegistry } from "@tooltype/core";
import { Telemetry } from "@tooltype/otel";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { serveMcp, type McpToolServer, type ServeMcpOptions } from "./serve-mcp.js";

let served: McpToolServer | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await served?.close();
});

function tools(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.define<{ amount: number }>({
    name: "pay",
    description: "Pays an amount.",
    schema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
    impl: ({ amount }) => `paid ${amount}`,
  });
  registry.define({ name: "dump", description: "Returns a lot.", impl: () => "é".repeat(400) });
  registry.define({
    name: "report",
    description: "A large object result.",
    returns: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    impl: () => ({ text: "x".repeat(400) }),
  });
  registry.define({
    name: "broken",
    description: "Throws.",
    impl: () => {
      throw new Error("disk full");
    },
  });
  return registry;
}

async function serve(options: Partial<ServeMcpOptions> = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  served = await serveMcp(tools(), serverSide, {
    policy: new ToolPolicy().allow("*"),
    watchIntervalMs: 0,
    ...options,
  });
  client = new Client({ name: "test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

async function call(mcp: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await mcp.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");

describe("serveMcp runs calls like a completion does", () => {
  it("cuts a result over maxToolOutput with a note, and refuses to cut an object its outputSchema declares", async () => {
    const mcp = await serve({ maxToolOutput: 100 });
    const dumped = await call(mcp, "dump");
    expect(dumped.isError).toBeFalsy();
    expect(textOf(dumped)).toMatch(/^(é){50}\n\[Cut by tooltype: the result was 800 bytes/);
    const report = await call(mcp, "report");
    expect(report.isError).toBe(true);
    expect(textOf(report)).toMatch(/report returned more than maxToolOutput \(100 bytes\)/);
  });

  it("repairs almost-valid arguments only when asked", async () => {
    expect(textOf(await call(await serve({ repair: true }), "pay", { amount: "12" }))).toBe("paid 12");
    await client!.close();
    await served!.close();
    const strict = await call(await serve(), "pay", { amount: "12" });
    expect(strict.isError).toBe(true);
    expect(textOf(strict)).toMatch(/Invalid arguments for pay/);
  });

  it("answers a call the evaluator failed with the evaluator's message", async () => {
    const policy = new ToolPolicy();
    policy.evaluator = () => ({ status: ToolPolicyStatus.Failed, message: "The ledger is closed today." });
    const failed = await call(await serve({ policy }), "pay", { amount: 1 });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toBe("The ledger is closed today.");
  });

  it("gives each tool run an execute_tool span when given @tooltype/otel's hooks", async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    try {
      const telemetry = new Telemetry({ tracerProvider });
      const mcp = await serve({ hooks: telemetry.hooks });
      expect(textOf(await call(mcp, "pay", { amount: 3 }))).toBe("paid 3");
      expect(textOf(await call(mcp, "broken"))).toBe("disk full");
      const spans = exporter.getFinishedSpans();
      expect(spans.map((span) => span.name)).toEqual(["execute_tool pay", "execute_tool broken"]);
      expect(spans[0]!.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "pay",
        "gen_ai.tool.call.id": expect.stringMatching(/^mcp_/),
      });
      expect(spans[1]!.attributes["error.type"]).toBe("tool_error");
    } finally {
      await tracerProvider.shutdown();
      trace.disable();
      context.disable();
      manager.disable();
    }
  });
});
