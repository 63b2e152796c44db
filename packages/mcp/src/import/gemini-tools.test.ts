// An MCP server's tools (written with the official SDK, on stdio) offered to Gemini: declared as
// functions with the server's schema in parametersJsonSchema, called by the loop, answered back.
import { completions, Context, Gemini, ToolRegistry } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { importMcpTools } from "@tooltype/mcp";
import { connectFixture } from "../fixtures/connect-fixture.js";

let client: Client;
beforeAll(async () => {
  client = await connectFixture("sdk-server");
});
afterAll(async () => {
  await client?.close();
});

it("offers imported MCP tools through the Gemini endpoint and answers its call with the server's result", async () => {
  const registry = new ToolRegistry();
  await importMcpTools(client, registry);
  const server = await ScriptedModelServer.start();
  const gemini = new Gemini({ baseURL: server.origin, tools: registry });
  try {
    server.enqueue(turn.toolCall("math_add", { a: 20, b: 22 }), turn.text("It is 42."));
    const ctx = new Context().user("What is 20 + 22?");
    ctx.toolPolicy.allow("math_*");
    const completion = await completions(gemini, "gemini-test", ctx);
    expect(completion.text).toBe("It is 42.");
    type Body = {
      tools: Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema: unknown }> }>;
      contents: Array<{ role: string; parts: Array<{ functionResponse?: unknown }> }>;
    };
    const [first, second] = server.requests.map((r) => r.body as Body);
    const declared = first!.tools[0]!.functionDeclarations.find((d) => d.name === "math_add");
    expect(declared?.parametersJsonSchema).toEqual(registry.get("math_add").schema);
    expect(second!.contents.at(-1)).toEqual({
      role: "user",
      parts: [{ functionResponse: { name: "math_add", id: expect.any(String), response: { output: "42" } } }],
    });
  } finally {
    await gemini.close();
    await server.close();
  }
});
