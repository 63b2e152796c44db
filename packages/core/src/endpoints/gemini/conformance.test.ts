// Type-level conformance with `@google/genai`: every body we send is what its types allow, and
// what its types describe as a response is what our readers parse.
import type { AssistantMessage } from "../../context/message.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { endpointRequest, feedSSE, limits } from "../fixtures/endpoint-setup.js";
import type { GenAIRequestBody, GenAIResponse, Wire } from "../fixtures/gemini-types.js";
import type { FunctionCallingConfig, Part, ThinkingConfig } from "@google/genai";
import { parseGeminiReply } from "./reply.js";
import { buildGeminiBody } from "./request.js";
import { GeminiStreamAssembler } from "./stream.js";
import type { GeminiRequestBody, GeminiThinkingConfig, GeminiWirePart, GeminiWireToolConfig } from "./wire.js";

// Compile-time checks: each line fails the test file's type check when our shapes drift.
type Assignable<T, U> = [T] extends [U] ? true : false;
const bodyFits: Assignable<GeminiRequestBody, GenAIRequestBody> = true;
const partFits: Assignable<GeminiWirePart, Wire<Part>> = true;
const choiceFits: Assignable<GeminiWireToolConfig["functionCallingConfig"], Wire<FunctionCallingConfig>> = true;
const thinkingFits: Assignable<GeminiThinkingConfig, Wire<ThinkingConfig>> = true;

const registry = new ToolRegistry();
registry.define({
  name: "getWeather",
  description: "Weather.",
  schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  impl: () => "sunny",
});

describe("conformance with @google/genai's types", () => {
  it("every body we build is a generateContent request as the SDK types it", () => {
    expect([bodyFits, partFits, choiceFits, thinkingFits]).toEqual([true, true, true, true]);
    const model: AssistantMessage = {
      role: "assistant",
      content: "Checking.",
      toolCalls: parseGeminiReply(
        {
          candidates: [
            {
              content: {
                role: "model",
                parts: [
                  {
                    functionCall: { id: "fc_1", name: "getWeather", args: { city: "Paris" } },
                    thoughtSignature: "U0lH",
                  },
                ],
              },
            },
          ],
        },
        limits,
      ).choices[0]!.toolCalls,
    };
    const request = endpointRequest({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather?" },
        model,
        { role: "tool", callId: "fc_1", name: "getWeather", content: "sunny", isError: false },
      ],
      tools: registry.list(),
      toolChoice: { name: "getWeather" },
      output: { name: "answer", schema: { type: "object", properties: { summary: { type: "string" } } } },
    });
    const built = JSON.parse(
      buildGeminiBody(
        request,
        { maxTokens: 10, temperature: 0 },
        { registry, thinkingConfig: { thinkingLevel: "LOW", includeThoughts: true } },
      ).text,
    ) as GeminiRequestBody;
    const params: GenAIRequestBody = built;
    expect(Object.keys(params).sort()).toEqual([
      "contents",
      "generationConfig",
      "systemInstruction",
      "toolConfig",
      "tools",
    ]);
    expect(params.generationConfig).toEqual({
      maxOutputTokens: 10,
      temperature: 0,
      thinkingConfig: { thinkingLevel: "LOW", includeThoughts: true },
      responseMimeType: "application/json",
      responseJsonSchema: { type: "object", properties: { summary: { type: "string" } } },
    });
  });

  it("parses a response typed by the SDK, and a stream of them", () => {
    const response: GenAIResponse = {
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              { text: "Plan the call.", thought: true },
              { functionCall: { id: "fc_9", name: "getWeather", args: { city: "Lima" } }, thoughtSignature: "U0lH" },
            ],
          },
          finishReason: "STOP",
          index: 0,
          safetyRatings: [{ category: "HARM_CATEGORY_HARASSMENT", probability: "NEGLIGIBLE" }],
        },
      ],
      usageMetadata: {
        promptTokenCount: 9,
        candidatesTokenCount: 3,
        thoughtsTokenCount: 5,
        totalTokenCount: 17,
        trafficType: "ON_DEMAND",
      },
      modelVersion: "gemini-3-flash-preview",
      responseId: "abc",
    };
    const parsed = parseGeminiReply(response, limits);
    expect(parsed.choices[0]).toMatchObject({
      reasoning: "Plan the call.",
      toolCalls: [{ id: "fc_9", arguments: { city: "Lima" } }],
    });
    expect(parsed.usage).toMatchObject({ promptTokens: 9, completionTokens: 8, totalTokens: 17 });

    const chunks: GenAIResponse[] = [
      { candidates: [{ content: { role: "model", parts: [{ text: "Hi" }] }, index: 0 }] },
      {
        candidates: [
          {
            content: { role: "model", parts: [{ text: "", thoughtSignature: "RQ==" }] },
            index: 0,
            finishReason: "STOP",
          },
        ],
        usageMetadata: { totalTokenCount: 3 },
      },
    ];
    const assembler = new GeminiStreamAssembler(1);
    feedSSE(chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join(""), (m) => assembler.push(m));
    expect(parseGeminiReply(assembler.finish(), limits).choices[0]!.text).toBe("Hi");
  });
});
