import type { Message } from "../../context/message.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import type { ModelConfig } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { bodyText } from "../fixtures/body-text.js";
import { buildOpenAIBody } from "./request.js";

function requestOf(overrides: Partial<EndpointRequest> = {}): EndpointRequest {
  return {
    model: "m",
    messages: [],
    tools: [],
    toolChoice: undefined,
    stream: false,
    round: 1,
    maxToolInput: 1 << 20,
    maxDepth: 64,
    ...overrides,
  };
}

const body = (request: EndpointRequest, config: ModelConfig = {}) =>
  JSON.parse(bodyText(buildOpenAIBody(request, config, { maxTokensField: "max_tokens" }))) as Record<string, unknown>;

function weatherTools(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.define({
    name: "getWeather",
    description: "Get the weather.",
    schema: {
      type: "object",
      properties: { location: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } },
      required: ["location"],
      additionalProperties: false,
    },
    impl: () => "sunny",
  });
  tools.define({ name: "patch", description: "Apply a patch.", custom: true, impl: (input: string) => input.length });
  return tools;
}

describe("buildOpenAIBody", () => {
  it("translates the conversation: assistant calls with their raw arguments and extras, tool results by call id", () => {
    const messages: Message[] = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: null,
        toolCalls: [
          {
            id: "call_1",
            type: "function",
            name: "getWeather",
            arguments: { location: "Paris" },
            rawArguments: '{"location": "Paris"}',
            extra: { extra_content: { google: { thought_signature: "sig" } } },
          },
          { id: "call_2", type: "custom", name: "patch", arguments: {}, rawArguments: "*** Begin Patch" },
        ],
      },
      { role: "tool", callId: "call_1", name: "getWeather", content: "sunny", isError: false },
      { role: "tool", callId: "call_2", name: "patch", content: '{"error":"no"}', isError: true },
    ];
    expect(body(requestOf({ messages })).messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "getWeather", arguments: '{"location": "Paris"}' },
            extra_content: { google: { thought_signature: "sig" } },
          },
          { id: "call_2", type: "custom", custom: { name: "patch", input: "*** Begin Patch" } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "sunny" },
      { role: "tool", tool_call_id: "call_2", content: '{"error":"no"}' },
    ]);
  });

  it("offers function and custom tools, and sends tool choice and parallel calls only with tools", () => {
    const tools = weatherTools().list();
    const sent = body(requestOf({ tools, toolChoice: { name: "getWeather" } }), {
      parallelToolCalls: false,
      temperature: 0.2,
      maxTokens: 100,
    });
    expect(sent.tools).toEqual([
      {
        type: "function",
        function: { name: "getWeather", description: "Get the weather.", parameters: tools[0]!.schema },
      },
      { type: "custom", custom: { name: "patch", description: "Apply a patch." } },
    ]);
    expect(sent).toMatchObject({
      model: "m",
      tool_choice: { type: "function", function: { name: "getWeather" } },
      parallel_tool_calls: false,
      temperature: 0.2,
      max_tokens: 100,
      stream: false,
    });
    expect(body(requestOf({ tools, toolChoice: { name: "patch" } })).tool_choice).toEqual({
      type: "custom",
      custom: { name: "patch" },
    });
    expect(body(requestOf({ tools, toolChoice: "required" })).tool_choice).toBe("required");
    const without = body(requestOf({ toolChoice: "required" }), { parallelToolCalls: true });
    expect(Object.keys(without)).toEqual(["messages", "model", "stream"]);
  });

  it("uses the configured max tokens field and asks for usage when streaming", () => {
    const text = bodyText(
      buildOpenAIBody(requestOf({ stream: true }), { maxTokens: 5 }, { maxTokensField: "max_completion_tokens" }),
    );
    expect(JSON.parse(text)).toMatchObject({
      max_completion_tokens: 5,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("merges extra last: its keys replace tooltype's, messages and tools included", () => {
    const sent = body(requestOf({ tools: weatherTools().list() }), {
      temperature: 1,
      extra: { temperature: 0, top_k: 20, tools: [] },
    });
    expect(sent).toMatchObject({ temperature: 0, top_k: 20, tools: [] });
    expect(body(requestOf(), { extra: { n: 1 } }).n).toBe(1);
  });

  it("refuses n other than 1 before sending", () => {
    expect(() => body(requestOf(), { extra: { n: 3 } })).toThrow(/extra\.n is 3.*n = 1/);
  });

  it("sends strict tools with the converted schema, and warns once for a tool that cannot be strict", () => {
    const tools = weatherTools();
    tools.define({
      name: "tag",
      description: "Tag.",
      schema: {
        type: "object",
        properties: { labels: { type: "object", additionalProperties: { type: "string" } } },
        required: ["labels"],
      },
      impl: () => "ok",
    });
    const warnings: string[] = [];
    const build = () =>
      JSON.parse(
        bodyText(
          buildOpenAIBody(
            requestOf({ tools: tools.list() }),
            { strict: true },
            { maxTokensField: "max_tokens", onWarning: (m) => warnings.push(m) },
          ),
        ),
      ) as { tools: { function?: Record<string, unknown> }[] };
    const sent = build();
    expect(sent.tools[0]!.function).toMatchObject({
      strict: true,
      parameters: {
        required: ["location", "unit"],
        properties: { unit: { anyOf: [{ type: "string", enum: ["c", "f"] }, { type: "null" }] } },
      },
    });
    expect(sent.tools[2]!.function!.strict).toBeUndefined();
    build();
    expect(warnings).toEqual([
      expect.stringMatching(/"tag" is sent without strict mode: \/labels is an object with arbitrary keys/),
    ]);
  });

  it("sends every round the whole conversation and the current tools, also when pieces are kept from earlier rounds", () => {
    // How many serialisations a round costs is checked by `npm run bench:work` (bench/work-per-round.mjs).
    const tools = weatherTools();
    const messages: Message[] = [{ role: "user", content: "Weather in Paris?" }];
    const fresh = () => body(requestOf({ messages: [...messages], tools: [...tools.list()] }));
    const built = () => body(requestOf({ messages, tools: tools.list() }));
    expect(built()).toEqual(fresh());
    const assistant: Message = {
      role: "assistant",
      content: null,
      toolCalls: [{ id: "c1", type: "function", name: "getWeather", arguments: {}, rawArguments: "{}" }],
    };
    messages.push(assistant, { role: "tool", callId: "c1", name: "getWeather", content: "sunny", isError: false });
    const second = built();
    expect(second).toEqual(fresh());
    expect((second.messages as unknown[]).length).toBe(3);
    assistant.toolCalls![0]!.result = { output: "sunny", isError: false }; // results travel in tool messages only
    expect(built()).toEqual(second);
    tools.get("getWeather").description = "Get the current weather.";
    const changed = built();
    expect(changed).toEqual(fresh());
    expect((changed.tools as Array<{ function?: { description: string } }>)[0]!.function!.description).toBe(
      "Get the current weather.",
    );
  });
});
