// importMcpTools against servers whose listings are wrong: a client stand-in that answers
// `tools/list` from fixed pages, so no process is needed to show what is refused and why.
import { DuplicateToolError, ToolDefinitionError, ToolRegistry } from "@tooltype/core";
import { importMcpTools, type McpToolClient } from "@tooltype/mcp";

type Page = { tools: Array<{ name: string; inputSchema: { type: "object" } }>; nextCursor?: string };

/** A client whose `tools/list` answers page `cursor ?? "start"` of `pages`; it never expects a call. */
function listingClient(pages: Record<string, Page>): McpToolClient {
  return {
    listTools: async (params?: { cursor?: string }) => pages[params?.cursor ?? "start"]!,
    callTool: async () => {
      throw new Error("no call was expected");
    },
  } as unknown as McpToolClient;
}

const tool = (name: string) => ({ name, inputSchema: { type: "object" as const } });

describe("importMcpTools with a broken listing", () => {
  it("refuses two MCP tools that map to one registry name, and adds neither", async () => {
    const registry = new ToolRegistry();
    const client = listingClient({ start: { tools: [tool("files.read"), tool("files/read"), tool("other")] } });
    await expect(importMcpTools(client, registry)).rejects.toThrow(ToolDefinitionError);
    await expect(importMcpTools(client, registry)).rejects.toThrow(
      /"files\.read" and "files\/read" would both be registered as "files_read"/,
    );
    expect(registry.size).toBe(0);
  });

  it("stops at a cursor handed out twice instead of listing forever", async () => {
    const client = listingClient({
      start: { tools: [tool("a")], nextCursor: "p2" },
      p2: { tools: [tool("b")], nextCursor: "p2" },
    });
    const registry = new ToolRegistry();
    await expect(importMcpTools(client, registry)).rejects.toThrow(/returned the cursor "p2" twice/);
    expect(registry.size).toBe(0);
  });

  it("checks every name against the registry before adding any", async () => {
    const registry = new ToolRegistry();
    registry.define({ name: "b", description: "taken", impl: () => "mine" });
    const client = listingClient({ start: { tools: [tool("a"), tool("b")] } });
    await expect(importMcpTools(client, registry)).rejects.toThrow(DuplicateToolError);
    expect(registry.list().map((t) => t.name)).toEqual(["b"]);
    expect(registry.get("b").source).toBe("native");
  });
});
