// importMcpTools, end to end: an MCP server written with the official SDK (McpServer + zod,
// fixtures/sdk-server.cjs) on stdio, imported into a registry and called directly and by the loop.
import { completions, Context, DuplicateToolError, OpenAI, OpenAIResponses, ToolRegistry } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { importMcpTools, type McpToolClient } from "@tooltype/mcp";
import { assertBuilt, connectFixture } from "../fixtures/connect-fixture.js";

let client: Client;

beforeAll(async () => {
  client = await connectFixture("sdk-server");
});
afterAll(async () => {
  await client?.close();
});

describe("importMcpTools from an SDK McpServer over stdio", () => {
  let registry: ToolRegistry;
  beforeEach(async () => {
    registry = new ToolRegistry();
    await importMcpTools(client, registry);
  });

  it("registers each tool with source 'mcp', its description, input schema and output schema", () => {
    // "math.add" is not a name providers accept: it is registered as math_add.
    expect(registry.list().map((tool) => tool.name)).toEqual([
      "math_add",
      "weather",
      "explode",
      "gallery",
      "wait",
      "cancellations",
    ]);
    const add = registry.get("math_add");
    expect(add.source).toBe("mcp");
    expect(add.description).toBe("Add two numbers.");
    expect(add.schema).toMatchObject({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number", description: "the second number" } },
      required: ["a", "b"],
    });
    expect(add.returns).toBeUndefined();
    expect(registry.get("weather").returns).toMatchObject({
      type: "object",
      properties: { sky: { enum: ["clear", "cloudy"] } },
    });
  });

  it("calls the server through registry.call and answers with its text", async () => {
    expect(await registry.call("math_add", { a: 2, b: 3 })).toEqual({ output: "5", isError: false });
  });

  it("checks arguments against the server's schema before calling it", async () => {
    const result = await registry.call("math_add", { a: 2, b: "three" });
    expect(result.isError).toBe(true);
    expect(result.output).toContain("Invalid arguments for math_add");
  });

  it("answers with structuredContent as JSON when the server sends it", async () => {
    const result = await registry.call("weather", { city: "Oslo" });
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.output)).toEqual({ city: "Oslo", celsius: 18, sky: "clear" });
  });

  it("turns an MCP error result into an error result", async () => {
    expect(await registry.call("explode", {})).toEqual({
      output: JSON.stringify({ error: "boom: the fuse was lit" }),
      isError: true,
    });
  });

  it("joins text content, one block a line, and describes binary content", async () => {
    const result = await registry.call("gallery", {});
    expect(result.output).toBe("first line\n[image image/png, 16 bytes]\nlast line");
  });

  it("cancels the MCP request when the call is aborted", async () => {
    let sent!: () => void;
    const requestSent = new Promise<void>((resolve) => (sent = resolve));
    // Tells the test when the request is on the wire, so the abort comes after it.
    const watched: McpToolClient = {
      listTools: (...args) => client.listTools(...args),
      callTool: (...args) => {
        const reply = client.callTool(...args);
        sent();
        return reply;
      },
    };
    const own = new ToolRegistry();
    await importMcpTools(watched, own, { filter: (tool) => tool.name === "wait" || tool.name === "cancellations" });
    const controller = new AbortController();
    const running = own.call("wait", {}, { signal: controller.signal });
    await requestSent;
    controller.abort();
    const result = await running;
    expect(result.isError).toBe(true);
    expect(result.output).toContain("cancelled");
    expect((await own.call("cancellations", {})).output).toBe("1");
  });

  it("imports all or nothing: a taken name throws unless replace, and a prefix keeps servers apart", async () => {
    const before = registry.list();
    await expect(importMcpTools(client, registry)).rejects.toThrow(DuplicateToolError);
    expect(registry.list()).toBe(before);

    const replaced = await importMcpTools(client, registry, { replace: true });
    expect(registry.get("math_add")).toBe(replaced[0]);

    const prefixed = await importMcpTools(client, registry, {
      prefix: "sdk_",
      filter: (tool) => tool.name === "math.add",
    });
    expect(prefixed.map((tool) => tool.name)).toEqual(["sdk_math_add"]);
    expect(await registry.call("sdk_math_add", { a: 1, b: 1 })).toEqual({ output: "2", isError: false });
  });

  it("lets the completions loop call an imported tool", async () => {
    const server = await ScriptedModelServer.start();
    const ep = new OpenAI({ baseURL: server.url, tools: registry });
    try {
      server.enqueue(turn.toolCall("math_add", { a: 20, b: 22 }), turn.text("It is 42."));
      const ctx = new Context();
      ctx.user("What is 20 + 22?");
      ctx.toolPolicy.allow("math_*");

      const completion = await completions(ep, "scripted", ctx);

      expect(completion.text).toBe("It is 42.");
      expect(completion.calls.map((call) => call.result?.output)).toEqual(["42"]);
      const offered = (
        server.requests[0]!.body as { tools: Array<{ function: { name: string; parameters: unknown } }> }
      ).tools;
      expect(offered.find((tool) => tool.function.name === "math_add")?.function.parameters).toEqual(
        registry.get("math_add").schema,
      );
      const answer = (server.requests[1]!.body as { messages: Array<{ role: string; content?: unknown }> }).messages.at(
        -1,
      );
      expect(answer).toMatchObject({ role: "tool", content: "42" });
    } finally {
      await ep.close();
      await server.close();
    }
  });
  it("offers imported tools through the Responses API too, answered by function_call_output", async () => {
    const server = await ScriptedModelServer.start();
    const ep = new OpenAIResponses({ baseURL: server.origin, tools: registry });
    try {
      server.enqueue(turn.toolCall("math_add", { a: 20, b: 22 }), turn.text("It is 42."));
      const ctx = new Context().user("What is 20 + 22?");
      ctx.toolPolicy.allow("math_*");
      const completion = await ep.completions("scripted", ctx);
      expect([completion.text, completion.calls.map((call) => call.result?.output)]).toEqual(["It is 42.", ["42"]]);
      const offered = (server.requests[0]!.body as { tools: Array<{ name: string; parameters: unknown }> }).tools;
      expect(offered.find((tool) => tool.name === "math_add")?.parameters).toEqual(registry.get("math_add").schema);
      const input = (server.requests[1]!.body as { input: Array<Record<string, unknown>> }).input;
      expect(input.at(-1)).toMatchObject({ type: "function_call_output", output: "42" });
    } finally {
      await ep.close();
      await server.close();
    }
  });
});

describe("importMcpTools from serveMcp (a tooltype server), page by page", () => {
  let served: Client;
  beforeAll(async () => {
    assertBuilt();
    served = await connectFixture("tooltype-server", ["--page-size", "3"]);
  });
  afterAll(async () => {
    await served?.close();
  });

  it("follows nextCursor through every page and keeps the server's policy in charge", async () => {
    let pages = 0;
    const counting: McpToolClient = {
      listTools: (...args) => {
        pages += 1;
        return served.listTools(...args);
      },
      callTool: (...args) => served.callTool(...args),
    };
    const registry = new ToolRegistry();
    const tools = await importMcpTools(counting, registry);

    const everything: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await served.listTools(cursor === undefined ? undefined : { cursor });
      expect(page.tools.length).toBeLessThanOrEqual(3);
      everything.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(tools.map((tool) => tool.name)).toEqual(everything);
    expect(pages).toBe(Math.ceil(everything.length / 3));
    expect(registry.get("describeCity").returns).toMatchObject({ type: "object", required: ["name", "population"] });

    expect(await registry.call("add", { a: 1, b: 2 })).toEqual({ output: "3", isError: false });
    expect(JSON.parse((await registry.call("describeCity", { city: "Rome" })).output)).toEqual({
      name: "Rome",
      population: 4000,
    });
    const denied = await registry.call("deleteEverything", {});
    expect(denied.isError).toBe(true);
    expect(denied.output).toContain('deny \\"delete*\\"');
  });
});
