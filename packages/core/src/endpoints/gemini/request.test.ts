import type { AssistantMessage, Message } from "../../context/message.js";
import { newToolCall } from "../../context/new-tool-call.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { endpointRequest } from "../fixtures/endpoint-setup.js";
import type { ModelConfig } from "../model-config.js";
import type { EndpointRequest } from "../model-endpoint.js";
import { skipSignature } from "./model-parts.js";
import { parseGeminiReply } from "./reply.js";
import { buildGeminiBody } from "./request.js";
import type { GeminiRequestBody } from "./wire.js";

const registry = new ToolRegistry();
registry.define({
  name: "getWeather",
  description: "Get the weather.",
  schema: { type: "object", properties: { city: { type: "string", pattern: "^[A-Z]" } }, required: ["city"] },
  impl: () => "sunny",
});
registry.define({ name: "getTime", description: "", schema: { type: "object" }, impl: () => "noon" });

function body(request: Partial<EndpointRequest>, config: ModelConfig = {}): GeminiRequestBody {
  return JSON.parse(buildGeminiBody(endpointRequest(request), config, { registry }).text) as GeminiRequestBody;
}

const call = (id: string, name: string, args: object) =>
  newToolCall(id, "function", name, { ...args } as never, JSON.stringify(args));

/** An assistant message as the reply parser makes it from Gemini's parts. */
function fromGemini(parts: object[]): AssistantMessage {
  const choice = parseGeminiReply(
    { candidates: [{ content: { role: "model", parts }, finishReason: "STOP" }] },
    { maxToolInput: 1 << 20, maxDepth: 64 },
  ).choices[0]!;
  const message: AssistantMessage = { role: "assistant", content: choice.text, toolCalls: choice.toolCalls };
  if (choice.providerData) message.providerData = choice.providerData;
  return message;
}

describe("the Gemini request body", () => {
  it("puts system text in systemInstruction and the conversation in user/model contents", () => {
    const messages: Message[] = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello!" },
      { role: "system", content: "Answer in French." },
      { role: "user", content: "Weather?" },
    ];
    expect(body({ messages })).toEqual({
      systemInstruction: { parts: [{ text: "Be brief.\n\nAnswer in French." }] },
      contents: [
        { role: "user", parts: [{ text: "Hi" }] },
        { role: "model", parts: [{ text: "Hello!" }] },
        { role: "user", parts: [{ text: "Weather?" }] },
      ],
    });
  });

  it("offers tools as functionDeclarations with the whole schema in parametersJsonSchema, and maps the tool choice", () => {
    const tools = registry.list();
    const sent = body({ tools, toolChoice: "auto" });
    expect(sent.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "getWeather",
            description: "Get the weather.",
            parametersJsonSchema: {
              type: "object",
              properties: { city: { type: "string", pattern: "^[A-Z]" } },
              required: ["city"],
            },
          },
          { name: "getTime", parametersJsonSchema: { type: "object" } },
        ],
      },
    ]);
    expect(sent.toolConfig).toEqual({ functionCallingConfig: { mode: "AUTO" } });
    expect(body({ tools, toolChoice: "none" }).toolConfig).toEqual({ functionCallingConfig: { mode: "NONE" } });
    expect(body({ tools, toolChoice: "required" }).toolConfig).toEqual({ functionCallingConfig: { mode: "ANY" } });
    expect(body({ tools, toolChoice: { name: "getTime" } }).toolConfig).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["getTime"] },
    });
    expect(body({ tools }).toolConfig).toBeUndefined();
  });

  it("sets generationConfig from the config and merges extra.generationConfig into it", () => {
    const config: ModelConfig = {
      maxTokens: 100,
      temperature: 0.2,
      extra: { generationConfig: { thinkingConfig: { thinkingLevel: "LOW" } }, cachedContent: "cachedContents/1" },
    };
    expect(body({}, config)).toMatchObject({
      generationConfig: { maxOutputTokens: 100, temperature: 0.2, thinkingConfig: { thinkingLevel: "LOW" } },
      cachedContent: "cachedContents/1",
    });
    const thinking = JSON.parse(
      buildGeminiBody(endpointRequest(), {}, { registry, thinkingConfig: { thinkingBudget: 0 } }).text,
    ) as GeminiRequestBody;
    expect(thinking.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
  });

  it("answers every call of a model turn once, in its order, by name and id, before the user's text; a missing answer is an error", () => {
    const messages: Message[] = [
      { role: "user", content: "Weather and time?" },
      fromGemini([
        { functionCall: { name: "getWeather", args: { city: "Paris" }, id: "fc_1" }, thoughtSignature: "SIG1" },
        { functionCall: { name: "getTime", id: "fc_2" } },
      ]),
    ];
    const [weather, time] = (messages[1] as AssistantMessage).toolCalls!;
    messages.push(
      { role: "tool", callId: time!.id, name: "getTime", content: "noon", isError: false },
      { role: "user", content: "Also, hello." },
    );
    const sent = body({ messages });
    expect(weather!.id).toBe("fc_1");
    expect(sent.contents.slice(1)).toEqual([
      {
        role: "model",
        parts: [
          { functionCall: { name: "getWeather", args: { city: "Paris" }, id: "fc_1" }, thoughtSignature: "SIG1" },
          { functionCall: { name: "getTime", args: {}, id: "fc_2" } },
        ],
      },
      {
        role: "user",
        parts: [
          {
            functionResponse: {
              name: "getWeather",
              response: { error: "No result was recorded for this call: it was not run." },
              id: "fc_1",
            },
          },
          { functionResponse: { name: "getTime", response: { output: "noon" }, id: "fc_2" } },
          { text: "Also, hello." },
        ],
      },
    ]);
    // The history used the tools: with none offered they are declared anyway, mode NONE.
    expect(sent.toolConfig).toEqual({ functionCallingConfig: { mode: "NONE" } });
    expect(sent.tools?.[0]?.functionDeclarations.map((d) => d.name)).toEqual(["getWeather", "getTime"]);
  });

  it("sends calls that came without an id without one (results matched by name and order)", () => {
    const model = fromGemini([
      { functionCall: { name: "getTime" }, thoughtSignature: "S" },
      { functionCall: { name: "getTime", args: {} } },
    ]);
    const [a, b] = model.toolCalls!;
    expect(a!.id).not.toBe(b!.id);
    const sent = body({
      messages: [
        { role: "user", content: "Twice" },
        model,
        { role: "tool", callId: b!.id, name: "getTime", content: "2", isError: false },
        { role: "tool", callId: a!.id, name: "getTime", content: "1", isError: true },
      ],
    });
    expect(sent.contents.slice(1)).toEqual([
      {
        role: "model",
        parts: [
          { functionCall: { name: "getTime", args: {} }, thoughtSignature: "S" },
          { functionCall: { name: "getTime", args: {} } },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "getTime", response: { error: "1" } } },
          { functionResponse: { name: "getTime", response: { output: "2" } } },
        ],
      },
    ]);
  });

  it("sends thoughts, text and other parts back in their order, each signature on its own part", () => {
    const parts = [
      { text: "Let me think.", thought: true, thoughtSignature: "T1" },
      { text: "Checking." },
      { executableCode: { language: "PYTHON", code: "print(1)" }, thoughtSignature: "C1" },
      { codeExecutionResult: { outcome: "OUTCOME_OK", output: "1" } },
      { functionCall: { name: "getWeather", args: { city: "Rome" } }, thoughtSignature: "F1" },
      { text: "", thoughtSignature: "E1" },
    ];
    const model = fromGemini(parts);
    expect(model.content).toBe("Checking.");
    const sent = body({ messages: [{ role: "user", content: "Go" }, model] });
    expect(sent.contents[1]).toEqual({
      role: "model",
      parts: [
        parts[0],
        parts[1],
        parts[2],
        parts[3],
        { functionCall: { name: "getWeather", args: { city: "Rome" } }, thoughtSignature: "F1" },
        parts[5],
      ],
    });
  });

  it("gives calls written by another provider the documented placeholder signature on the first call of each turn", () => {
    const foreign: AssistantMessage = {
      role: "assistant",
      content: "On it.",
      toolCalls: [call("call_abc", "getWeather", { city: "Oslo" }), call("call_def", "getTime", {})],
      providerData: { openai: { message: { reasoning_content: "x" } } },
    };
    const sent = body({
      messages: [
        { role: "user", content: "Go" },
        foreign,
        { role: "tool", callId: "call_abc", name: "getWeather", content: "cold", isError: false },
        { role: "tool", callId: "call_def", name: "getTime", content: "noon", isError: false },
      ],
    });
    expect(sent.contents[1]).toEqual({
      role: "model",
      parts: [
        { text: "On it." },
        { functionCall: { name: "getWeather", args: { city: "Oslo" } }, thoughtSignature: skipSignature },
        { functionCall: { name: "getTime", args: {} } },
      ],
    });
    expect(sent.contents[2]!.parts.map((p) => p.functionResponse?.name)).toEqual(["getWeather", "getTime"]);
  });

  it("reads stored parts as untrusted: entries of no known shape are skipped, changed text goes first, unknown calls after", () => {
    const message: AssistantMessage = {
      role: "assistant",
      content: "Edited text",
      toolCalls: [call("c1", "getTime", {})],
      providerData: {
        gemini: { parts: [{ text: "Original", thoughtSignature: "S" }, 42, { callId: "gone" }, { nonsense: true }] },
      },
    };
    expect(body({ messages: [{ role: "user", content: "x" }, message] }).contents[1]).toEqual({
      role: "model",
      parts: [
        { text: "Edited text" },
        { functionCall: { name: "getTime", args: {} }, thoughtSignature: skipSignature },
      ],
    });
  });

  it("writes a lone surrogate in the history as U+FFFD", () => {
    const text = buildGeminiBody(
      endpointRequest({ messages: [{ role: "user", content: "a\ud800b" }] }),
      {},
      { registry },
    ).text;
    expect(text).toContain("a\ufffdb");
  });

  it("asks for a typed answer natively, or in tool mode as the only function the model may call", () => {
    const output = { name: "answer", schema: { type: "string" } };
    expect(body({ output }).generationConfig).toEqual({
      responseMimeType: "application/json",
      responseJsonSchema: { type: "string" },
    });
    const tool = body({ output }, { outputMode: "tool" });
    expect(tool.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["answer"] } });
    expect(tool.tools?.[0]?.functionDeclarations[0]).toMatchObject({
      name: "answer",
      parametersJsonSchema: { type: "object", properties: { value: { type: "string" } }, required: ["value"] },
    });
    expect(body({ output }, { outputMode: "prompt" }).systemInstruction?.parts[0]?.text).toMatch(
      /^Answer with one JSON value/,
    );
  });
});
