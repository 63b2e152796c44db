import { ToolPolicy, ToolRegistry, type ToolPolicy as Policy } from "@tooltype/core";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { serveMcp } from "./serve-mcp.js";

describe("serveMcp options", () => {
  const registry = new ToolRegistry();
  const [, transport] = InMemoryTransport.createLinkedPair();

  it("needs a policy: without one nothing could decide what runs", async () => {
    await expect(serveMcp(registry, transport, {} as { policy: Policy })).rejects.toThrow(TypeError);
    await expect(serveMcp(registry, transport, {} as { policy: Policy })).rejects.toThrow(
      /new ToolPolicy\(\)\.allow\("\*"\)/,
    );
  });

  it("refuses a page size or watch interval that makes no sense", async () => {
    const policy = new ToolPolicy();
    await expect(serveMcp(registry, transport, { policy, pageSize: 0 })).rejects.toThrow(RangeError);
    await expect(serveMcp(registry, transport, { policy, pageSize: 0 })).rejects.toThrow(
      /pageSize must be a positive integer/,
    );
    await expect(serveMcp(registry, transport, { policy, watchIntervalMs: -1 })).rejects.toThrow(RangeError);
    await expect(serveMcp(registry, transport, { policy, watchIntervalMs: -1 })).rejects.toThrow(/watchIntervalMs/);
  });
});
