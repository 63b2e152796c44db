// serveMcp, end to end: a tooltype registry served by a child process on stdio (see
// fixtures/tooltype-server.cjs), called through the official SDK client.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { assertBuilt, connectFixture } from "../fixtures/connect-fixture.js";

let client: Client;

beforeAll(async () => {
  assertBuilt();
  client = await connectFixture("tooltype-server");
});
afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

/** How often each tool of the fixture really ran. */
async function runs(): Promise<Record<string, number>> {
  return JSON.parse(textOf(await call("stats"))) as Record<string, number>;
}

describe("serveMcp over stdio", () => {
  it("introduces itself with the name and version it was given", () => {
    expect(client.getServerVersion()).toEqual({ name: "tooltype-fixture", version: "1.2.3" });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it("lists every tool with its schema as inputSchema, and outputSchema only for object results", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("add")).toEqual({
      name: "add",
      description: "Add two numbers.",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
        additionalProperties: false,
      },
    });
    expect(byName.get("describeCity")?.outputSchema).toEqual({
      type: "object",
      properties: { name: { type: "string" }, population: { type: "number" } },
      required: ["name", "population"],
    });
    // A tool defined without a schema takes no arguments.
    expect(byName.get("shutdown")?.inputSchema).toEqual({
      type: "object",
      properties: {},
      additionalProperties: false,
    });
    // A free-text tool takes its text as the one string property `input`.
    expect(byName.get("shout")?.inputSchema).toMatchObject({
      type: "object",
      properties: { input: { type: "string" } },
      required: ["input"],
    });
  });

  it("runs a call the policy allows and answers with its result as text", async () => {
    const result = await call("add", { a: 2, b: 3 });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe("5");
    expect(result.structuredContent).toBeUndefined();
  });

  it("sends an object result also as structuredContent, matching the outputSchema", async () => {
    await client.listTools(); // the SDK client checks structuredContent against the listed outputSchema
    const result = await call("describeCity", { city: "Oslo" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ name: "Oslo", population: 4000 });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it("never runs a denied call, and names the policy rule that denied it", async () => {
    const result = await call("deleteEverything");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('deny "delete*"');
    expect((await runs())["deleteEverything"]).toBeUndefined();
  });

  it("answers a pending call, or one no rule covers, with 'approval is needed' and does not run it", async () => {
    const before = await runs();
    const pending = await call("transferMoney", { amount: 100 });
    const undecided = await call("shutdown");
    expect(pending.isError).toBe(true);
    expect(textOf(pending)).toMatch(/^Approval is needed for transferMoney; it was not run\./);
    expect(undecided.isError).toBe(true);
    expect(textOf(undecided)).toMatch(/^Approval is needed for shutdown; it was not run\./);
    const after = await runs();
    expect(after["transferMoney"]).toBe(before["transferMoney"]);
    expect(after["shutdown"]).toBe(before["shutdown"]);
    expect(after["transferMoney"]).toBeUndefined();
  });

  it("refuses bad arguments with the validation message, before the policy or the tool", async () => {
    const before = (await runs())["add"] ?? 0;
    const result = await call("add", { a: 2, b: "three" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Invalid arguments for add");
    expect(textOf(result)).toMatch(/b.*number/);
    expect((await runs())["add"] ?? 0).toBe(before);
  });

  it("reports a thrown error, an unknown tool and a result that contradicts its return type as errors", async () => {
    const thrown = await call("failing");
    expect(thrown.isError).toBe(true);
    expect(textOf(thrown)).toContain("disk full");

    const unknown = await call("nope");
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No tool named "nope".*Available tools: add, /);

    const wrong = await call("wrongShape");
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain("its return type is an object");
  });

  it("passes a free-text tool its input string", async () => {
    expect(textOf(await call("shout", { input: "quiet please" }))).toBe("QUIET PLEASE");
  });

  it("offers tools added after it started, and tells the client the list changed", async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    expect((await client.listTools()).tools.some((tool) => tool.name === "greet")).toBe(false);
    expect(textOf(await call("addGreeter"))).toBe("greet is registered");
    await changed;
    expect((await client.listTools()).tools.some((tool) => tool.name === "greet")).toBe(true);
    expect(textOf(await call("greet", { who: "Ada" }))).toBe("Hello, Ada!");
  });
});
