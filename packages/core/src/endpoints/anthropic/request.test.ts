import { ToolRegistry } from "../../tools/tool-registry.js";
import { buildAnthropicBody } from "./request.js";
import type { ModelConfig } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";

function requestOf(overrides: Partial<EndpointRequest> = {}): EndpointRequest {
  return {
    model: "claude-test",
    messages: [{ role: "user", content: "Hi" }],
    tools: [],
    toolChoice: undefined,
    stream: false,
    round: 1,
    maxToolInput: 1 << 20,
    maxDepth: 64,
    ...overrides,
  };
}

function weatherTools(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.define({
    name: "getWeather",
    description: "Get the weather.",
    schema: {
      type: "object",
      properties: { location: { type: "string" } },
      required: ["location"],
      additionalProperties: false,
    },
    impl: () => "sunny",
  });
  tools.define({ name: "patch", description: "", custom: true, impl: (input: string) => input.length });
  return tools;
}

const build = (request: EndpointRequest, config: ModelConfig = {}, registry = new ToolRegistry()) =>
  buildAnthropicBody(request, config, { maxTokens: 4096, registry });
const body = (request: EndpointRequest, config: ModelConfig = {}, registry?: ToolRegistry) =>
  JSON.parse(build(request, config, registry).text) as Record<string, unknown>;

describe("buildAnthropicBody", () => {
  it("always sends max_tokens: the model's, else the endpoint's default", () => {
    expect(body(requestOf())).toEqual({
      model: "claude-test",
      max_tokens: 4096,
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
    expect(body(requestOf(), { maxTokens: 300, temperature: 0.2 })).toMatchObject({
      max_tokens: 300,
      temperature: 0.2,
    });
  });

  it("offers tools as { name, description, input_schema }; a custom tool takes its text as { input }", () => {
    const tools = weatherTools();
    const built = build(requestOf({ tools: tools.list() }));
    expect(JSON.parse(built.text).tools).toEqual([
      {
        name: "getWeather",
        description: "Get the weather.",
        input_schema: {
          type: "object",
          properties: { location: { type: "string" } },
          required: ["location"],
          additionalProperties: false,
        },
      },
      {
        name: "patch",
        input_schema: {
          type: "object",
          properties: { input: { type: "string", description: expect.any(String) } },
          required: ["input"],
          additionalProperties: false,
        },
      },
    ]);
    expect([...built.customTools]).toEqual(["patch"]);
  });

  it.each<[string, EndpointRequest["toolChoice"], ModelConfig, unknown]>([
    ["no choice", undefined, {}, undefined],
    ["auto", "auto", {}, { type: "auto" }],
    ["required", "required", {}, { type: "any" }],
    ["a name", { name: "getWeather" }, {}, { type: "tool", name: "getWeather" }],
    ["none", "none", {}, { type: "none" }],
    [
      "no choice, one call at a time",
      undefined,
      { parallelToolCalls: false },
      { type: "auto", disable_parallel_tool_use: true },
    ],
    [
      "required, one call at a time",
      "required",
      { parallelToolCalls: false },
      { type: "any", disable_parallel_tool_use: true },
    ],
    [
      "a name, one call at a time",
      { name: "getWeather" },
      { parallelToolCalls: false },
      { type: "tool", name: "getWeather", disable_parallel_tool_use: true },
    ],
    ["parallel allowed (the default)", "auto", { parallelToolCalls: true }, { type: "auto" }],
  ])("sends tool choice %s as Anthropic's tool_choice", (_, toolChoice, config, expected) => {
    expect(body(requestOf({ tools: weatherTools().list(), toolChoice }), config).tool_choice).toEqual(expected);
  });

  it("sends no tool_choice when no tool is offered", () => {
    expect(body(requestOf({ toolChoice: "required" }), { parallelToolCalls: false })).not.toHaveProperty("tool_choice");
  });

  it("defines the tools the history used when none is offered, with tool_choice none (the API refuses undefined tools)", () => {
    const registry = weatherTools();
    const request = requestOf({
      messages: [
        { role: "user", content: "Hi" },
        {
          role: "assistant",
          content: null,
          toolCalls: [
            { id: "c1", type: "function", name: "getWeather", arguments: { location: "Oslo" }, rawArguments: "{}" },
            { id: "c2", type: "function", name: "gone", arguments: {}, rawArguments: "{}" },
          ],
        },
        { role: "tool", callId: "c1", name: "getWeather", content: "cold", isError: false },
        { role: "tool", callId: "c2", name: "gone", content: "unknown tool", isError: true },
      ],
    });
    const sent = body(request, {}, registry);
    expect(sent.tool_choice).toEqual({ type: "none" });
    expect(sent.tools).toEqual([
      expect.objectContaining({ name: "getWeather", description: "Get the weather." }),
      { name: "gone", description: expect.any(String), input_schema: { type: "object" } },
    ]);
  });

  it("asks for a stream with stream: true, and merges config.extra last without polluting prototypes", () => {
    const extra = JSON.parse(
      '{"thinking":{"type":"enabled","budget_tokens":2048},"max_tokens":8000,"__proto__":{"polluted":true}}',
    );
    const text = build(requestOf({ stream: true }), { extra }).text;
    const sent = JSON.parse(text);
    expect(sent).toMatchObject({ stream: true, max_tokens: 8000, thinking: { type: "enabled", budget_tokens: 2048 } });
    expect(Object.hasOwn(sent, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("sends the system prompt apart from the messages", () => {
    const sent = body(
      requestOf({
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Hi" },
        ],
      }),
    );
    expect(sent.system).toBe("Be brief.");
    expect(sent.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);
  });
});
