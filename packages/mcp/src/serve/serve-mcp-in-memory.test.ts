// serveMcp in one process, the SDK client linked in memory: cancellation and manual list_changed.
import { ToolPolicy, ToolRegistry } from "@tooltype/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { serveMcp, type McpToolServer } from "./serve-mcp.js";

describe("serveMcp in memory", () => {
  let registry: ToolRegistry;
  let served: McpToolServer;
  let client: Client;
  let started!: () => void;
  let toolStarted: Promise<void>;
  let toolSignal: AbortSignal | undefined;

  beforeEach(async () => {
    registry = new ToolRegistry();
    toolStarted = new Promise((resolve) => (started = resolve));
    registry.define({
      name: "wait",
      description: "Waits until cancelled.",
      impl: (_args, ctx) => {
        toolSignal = ctx.signal;
        started();
        return new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve("stopped")));
      },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    served = await serveMcp(registry, serverSide, { policy: new ToolPolicy().allow("*"), watchIntervalMs: 0 });
    client = new Client({ name: "test", version: "0.0.0" });
    await client.connect(clientSide);
  });
  afterEach(async () => {
    await client.close();
    await served.close();
  });

  it("aborts the running tool's signal when the client cancels the call", async () => {
    const controller = new AbortController();
    const reply = client.callTool({ name: "wait", arguments: {} }, undefined, { signal: controller.signal });
    await toolStarted;
    expect(toolSignal?.aborted).toBe(false);
    controller.abort("user pressed stop");
    await expect(reply).rejects.toThrow(/user pressed stop/);
    await new Promise<void>((resolve) =>
      toolSignal!.aborted ? resolve() : toolSignal!.addEventListener("abort", () => resolve()),
    );
    expect(toolSignal?.aborted).toBe(true);
  });

  it("announces a changed list when asked, with the watcher turned off", async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    registry.define({ name: "later", description: "Added later.", impl: () => "hi" });
    await served.notifyToolsChanged();
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["wait", "later"]);
  });
});
