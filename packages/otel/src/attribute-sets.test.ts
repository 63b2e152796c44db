import { EndpointAttributes, MAX_CACHED_MODELS } from "./attribute-sets.js";

const identity = { provider: "openai", address: "127.0.0.1", port: 4000 };

describe("the attribute sets of an endpoint's models", () => {
  it("hands every completion of a model the same frozen sets, metric keys in sorted order", () => {
    const endpoint = new EndpointAttributes(identity, undefined);
    const sets = endpoint.model("gpt-test");
    expect(endpoint.model("gpt-test")).toBe(sets);
    const answered = sets.answered("gpt-test-0613");
    expect(sets.answered("gpt-test-0613")).toBe(answered);
    expect(Object.isFrozen(answered.input)).toBe(true);
    expect(Object.keys(answered.input)).toEqual([...Object.keys(answered.input)].sort());
    expect(answered.input).toEqual({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test-0613",
      "gen_ai.token.type": "input",
      "server.address": "127.0.0.1",
      "server.port": 4000,
    });
    expect(sets.chatSpan).toEqual({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "server.address": "127.0.0.1",
      "server.port": 4000,
    });
    expect(sets.chatSpanName).toBe("chat gpt-test");
  });

  it("names the agent on the completion span's set and leaves server.* out without an address", () => {
    const sets = new EndpointAttributes({ provider: "tooltype", address: undefined, port: undefined }, "support").model(
      "router",
    );
    expect(sets.agentSpan).toEqual({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "tooltype",
      "gen_ai.request.model": "router",
      "gen_ai.agent.name": "support",
    });
    expect(sets.failed("execute_tool", undefined, "tool_error")).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.provider.name": "tooltype",
      "gen_ai.request.model": "router",
      "error.type": "tool_error",
    });
  });

  it("stops caching past MAX_CACHED_MODELS models, still building correct sets", () => {
    const endpoint = new EndpointAttributes(identity, undefined);
    for (let i = 0; i < MAX_CACHED_MODELS; i++) endpoint.model(`model-${i}`);
    const extra = endpoint.model("one-too-many");
    expect(endpoint.model("one-too-many")).not.toBe(extra);
    expect(extra.chatSpan["gen_ai.request.model"]).toBe("one-too-many");
    expect(endpoint.model("model-0")).toBe(endpoint.model("model-0"));
  });
});
