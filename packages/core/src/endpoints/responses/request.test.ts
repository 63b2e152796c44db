import { ToolRegistry } from "../../tools/tool-registry.js";
import { endpointRequest } from "../fixtures/endpoint-setup.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { buildResponsesBody } from "./request.js";
import type { ResponsesModelConfig } from "./responses-config.js";

const baseURL = "http://127.0.0.1:8080/v1";

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.define({
    name: "getWeather",
    description: "Weather for a city.",
    schema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
    impl: () => "sunny",
  });
  tools.define({
    name: "lookup",
    description: "Look a record up.",
    schema: { type: "object", properties: { tags: { type: "object", additionalProperties: { type: "string" } } } },
    impl: () => "found",
  });
  tools.define({ name: "applyPatch", description: "Apply a patch.", custom: true, impl: () => "applied" });
  tools.define({
    name: "setCode",
    description: "Set a code.",
    custom: true,
    schema: { type: "string", pattern: "^[A-Z]{3}$" },
    impl: () => "set",
  });
  return tools;
}

function build(overrides: Partial<EndpointRequest> = {}, config: ResponsesModelConfig = {}, warnings: string[] = []) {
  const body = buildResponsesBody(endpointRequest(overrides), config, {
    baseURL,
    onWarning: (message) => warnings.push(message),
  });
  return { ...body, json: JSON.parse(body.text) as Record<string, unknown> };
}

describe("the Responses request body", () => {
  it("sends the conversation, and by default asks for reasoning back encrypted without server state", () => {
    const { json } = build({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
    });
    expect(json).toEqual({
      model: "m",
      input: [{ type: "message", role: "user", content: "Hi" }],
      store: false,
      stream: false,
      instructions: "Be brief.",
      include: ["reasoning.encrypted_content"],
    });
  });

  it("offers function tools (strict where the schema allows, always saying strict), custom tools with grammars, then server tools", () => {
    const tools = registry().list();
    const webSearch = { type: "web_search" };
    const warnings: string[] = [];
    const config: ResponsesModelConfig = {
      strict: true,
      serverTools: [webSearch],
      grammars: { applyPatch: { syntax: "lark", definition: 'start: "*** Begin Patch"' } },
    };
    const { json, strict } = build({ tools }, config, warnings);
    expect(json.tools).toEqual([
      {
        type: "function",
        name: "getWeather",
        description: "Weather for a city.",
        parameters: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
          additionalProperties: false,
        },
        strict: true,
      },
      {
        type: "function",
        name: "lookup",
        description: "Look a record up.",
        parameters: {
          type: "object",
          properties: { tags: { type: "object", additionalProperties: { type: "string" } } },
        },
        strict: false,
      },
      {
        type: "custom",
        name: "applyPatch",
        description: "Apply a patch.",
        format: { type: "grammar", syntax: "lark", definition: 'start: "*** Begin Patch"' },
      },
      {
        type: "custom",
        name: "setCode",
        description: "Set a code.",
        format: { type: "grammar", syntax: "regex", definition: "^[A-Z]{3}$" },
      },
      webSearch,
    ]);
    expect([...strict.keys()]).toEqual(["getWeather"]);
    expect(warnings).toEqual([expect.stringMatching(/^Tool "lookup" is sent without strict mode/)]);
    build({ tools }, config, warnings);
    expect(warnings).toHaveLength(1); // once per tool revision
    expect((build({ tools }).json.tools as Array<{ strict?: boolean }>)[0]!.strict).toBe(false);
  });

  it("sends tool choice, parallel calls, temperature, max_output_tokens and reasoning settings", () => {
    const tools = registry().list();
    const config: ResponsesModelConfig = {
      parallelToolCalls: false,
      temperature: 0.2,
      maxTokens: 500,
      reasoning: { effort: "high", summary: "auto" },
    };
    const named = build({ tools, toolChoice: { name: "getWeather" } }, config).json;
    expect(named).toMatchObject({
      tool_choice: { type: "function", name: "getWeather" },
      parallel_tool_calls: false,
      temperature: 0.2,
      max_output_tokens: 500,
      reasoning: { effort: "high", summary: "auto" },
    });
    expect(build({ tools, toolChoice: { name: "applyPatch" } }).json.tool_choice).toEqual({
      type: "custom",
      name: "applyPatch",
    });
    for (const choice of ["auto", "none", "required"] as const)
      expect(build({ tools, toolChoice: choice }).json.tool_choice).toBe(choice);
    // Without tools there is nothing to choose from.
    const bare = build({ toolChoice: "required" }, config).json;
    expect(bare).not.toHaveProperty("tool_choice");
    expect(bare).not.toHaveProperty("parallel_tool_calls");
  });

  it("lets the server keep the conversation when asked: store, no include, previous_response_id", () => {
    const stored = { responses: { baseURL, responseId: "resp_7", stored: true } };
    const { json } = build(
      {
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello", providerData: stored },
          { role: "user", content: "More" },
        ],
      },
      { serverState: true },
    );
    expect(json).toEqual({
      model: "m",
      input: [{ type: "message", role: "user", content: "More" }],
      store: true,
      stream: false,
      previous_response_id: "resp_7",
    });
    expect(build({}, { encryptedReasoning: false }).json).not.toHaveProperty("include");
  });

  it("merges config.extra last (a key there replaces tooltype's) and sends a lone surrogate as U+FFFD", () => {
    const { json, text } = build(
      { messages: [{ role: "user", content: "bad \ud800 text" }] },
      { extra: { store: true, include: [], truncation: "auto", ["__proto__"]: { polluted: true } } },
    );
    expect(json).toMatchObject({ store: true, include: [], truncation: "auto" });
    expect(Object.hasOwn(json, "__proto__")).toBe(true);
    expect(text).toContain("bad \uFFFD text");
    expect(text).not.toContain("\\ud800");
  });
});
