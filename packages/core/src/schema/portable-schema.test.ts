// What is sent is portable (llama.cpp rejects `items: false`); validation keeps the exact schema.
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { Anthropic } from "../endpoints/anthropic/anthropic.js";
import { OpenAI } from "../endpoints/openai/openai.js";
import { completions } from "../completions.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { portableSchema } from "./portable-schema.js";

/** A tuple `[x, y?]` as the transformer writes it. */
const point = {
  type: "array",
  prefixItems: [{ type: "number" }, { type: "number" }],
  items: false,
  minItems: 1,
};
const schema = {
  type: "object",
  properties: { at: point, path: { type: "array", items: point } },
  required: ["at"],
  additionalProperties: false,
};

/** The part of a sent schema the tests read. */
type SentSchema = { properties: { at: { maxItems?: number } } };

/** Every `items: false` anywhere in a value. */
function falseItems(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const own = !Array.isArray(value) && (value as Record<string, unknown>).items === false ? 1 : 0;
  return own + Object.values(value).reduce<number>((sum, item) => sum + falseItems(item), 0);
}

describe("portableSchema", () => {
  it("writes items: false beside prefixItems as maxItems, at any depth, without changing the input", () => {
    const before = JSON.stringify(schema);
    const sent = portableSchema(schema) as typeof schema;
    expect(JSON.stringify(schema)).toBe(before);
    expect(falseItems(sent)).toBe(0);
    expect(sent.properties.at).toEqual({ type: "array", prefixItems: point.prefixItems, minItems: 1, maxItems: 2 });
    expect(sent.properties.path.items).toEqual(sent.properties.at);
  });

  it("keeps a tighter maxItems, and returns a schema with nothing to rewrite as it is", () => {
    expect(portableSchema({ ...point, maxItems: 1 })).toEqual({
      type: "array",
      prefixItems: point.prefixItems,
      minItems: 1,
      maxItems: 1,
    });
    const plain = { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } };
    expect(portableSchema(plain)).toBe(plain);
    expect(portableSchema(true)).toBe(true);
  });
});

describe.each([
  [
    "OpenAI",
    (url: string) => new OpenAI({ baseURL: url, retries: 0 }),
    (body: unknown) =>
      (body as { tools: Array<{ function: { parameters: SentSchema } }> }).tools[0]!.function.parameters,
  ],
  [
    "Anthropic",
    (url: string) => new Anthropic({ baseURL: url, retries: 0 }),
    (body: unknown) => (body as { tools: Array<{ input_schema: SentSchema }> }).tools[0]!.input_schema,
  ],
])("%s over HTTP", (_name, make, sentSchema) => {
  let server: ScriptedModelServer;
  beforeAll(async () => {
    server = await ScriptedModelServer.start();
  });
  afterAll(() => server.close());

  it("sends the portable schema, and a call breaking the exact schema is still refused", async () => {
    const ep = make(server.url);
    const ran: unknown[] = [];
    ep.tools.define({ name: "mark", description: "Marks a point.", schema, impl: (args) => void ran.push(args) });
    server.enqueue(turn.toolCall("mark", { at: [1, 2, 3] }), turn.toolCall("mark", { at: [1, 2] }), turn.text("Done."));
    const ctx = new Context().user("Mark");
    ctx.toolPolicy.allow("*");
    try {
      const done = await completions(ep, "m", ctx);
      const sent = sentSchema(server.requests[0]!.body);
      expect(falseItems(sent)).toBe(0);
      expect(sent.properties.at.maxItems).toBe(2);
      expect(done.calls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
      expect(ran).toEqual([{ at: [1, 2] }]);
    } finally {
      await ep.close();
    }
  });
});
