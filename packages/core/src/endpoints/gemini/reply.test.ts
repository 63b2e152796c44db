import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { limits } from "../fixtures/endpoint-setup.js";
import { parseGeminiReply } from "./reply.js";

const read = (body: unknown) => parseGeminiReply(body, limits);
const reply = (parts: object[], extra: object = {}) => ({
  candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0, ...extra }],
});

describe("reading a generateContent reply", () => {
  it("reads parts in order: text joined, thoughts as reasoning only, calls with their ids, signatures kept per part", () => {
    const parsed = read({
      ...reply([
        { text: "I should check the weather.", thought: true },
        { text: "Let me " },
        { text: "check.", thoughtSignature: "U0lHMQ==" },
        { functionCall: { id: "fc_1", name: "getWeather", args: { city: "Paris" } }, thoughtSignature: "U0lHMg==" },
        { functionCall: { id: "fc_2", name: "getWeather", args: { city: "Rome" } } },
      ]),
      usageMetadata: {
        promptTokenCount: 20,
        candidatesTokenCount: 9,
        thoughtsTokenCount: 30,
        cachedContentTokenCount: 12,
        totalTokenCount: 59,
      },
      modelVersion: "gemini-3-pro-preview",
      responseId: "resp-1",
    });
    const [choice] = parsed.choices;
    expect(choice).toMatchObject({
      text: "Let me check.",
      reasoning: "I should check the weather.",
      finishReason: "stop",
      refusal: null,
    });
    expect(choice!.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ["fc_1", "getWeather", { city: "Paris" }],
      ["fc_2", "getWeather", { city: "Rome" }],
    ]);
    expect(choice!.providerData).toEqual({
      gemini: {
        parts: [
          { text: "I should check the weather.", thought: true },
          { text: "Let me " },
          { text: "check.", thoughtSignature: "U0lHMQ==" },
          { callId: "fc_1", id: "fc_1", thoughtSignature: "U0lHMg==" },
          { callId: "fc_2", id: "fc_2" },
        ],
      },
    });
    expect(parsed.usage).toEqual({
      promptTokens: 20,
      completionTokens: 39,
      totalTokens: 59,
      cachedTokens: 12,
      reasoningTokens: 30,
    });
    expect([parsed.responseId, parsed.responseModel]).toEqual(["resp-1", "gemini-3-pro-preview"]);
  });

  it("reads a call without args as a call with no arguments, and gives calls without an id unique ones", () => {
    const [choice] = read(
      reply([{ functionCall: { name: "getTime" } }, { functionCall: { name: "getTime", args: {} } }]),
    ).choices;
    expect(choice!.toolCalls.map((c) => c.arguments)).toEqual([{}, {}]);
    expect(new Set(choice!.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(choice!.providerData).toBeUndefined(); // nothing to send back but what the message holds
  });

  it("maps finish reasons: MAX_TOKENS → length, the filters → content_filter, others as sent", () => {
    const reasons = [
      "MAX_TOKENS",
      "SAFETY",
      "RECITATION",
      "BLOCKLIST",
      "PROHIBITED_CONTENT",
      "SPII",
      "UNEXPECTED_TOOL_CALL",
      "OTHER",
    ];
    expect(reasons.map((finishReason) => read(reply([], { finishReason })).choices[0]!.finishReason)).toEqual([
      "length",
      "content_filter",
      "content_filter",
      "content_filter",
      "content_filter",
      "content_filter",
      "UNEXPECTED_TOOL_CALL",
      "OTHER",
    ]);
  });

  it("answers a MALFORMED_FUNCTION_CALL with an unusable call the loop answers, so the model can try again", () => {
    const [choice] = read({
      candidates: [
        {
          finishReason: "MALFORMED_FUNCTION_CALL",
          finishMessage: "Malformed function call: print(default_api.getWeather(city=Paris))",
          index: 0,
        },
      ],
    }).choices;
    expect(choice!.finishReason).toBe("MALFORMED_FUNCTION_CALL");
    expect(choice!.toolCalls).toHaveLength(1);
    expect(choice!.toolCalls[0]).toMatchObject({ name: "getWeather", arguments: null });
    expect(choice!.toolCalls[0]!.argumentError).toMatch(
      /could not be read .*MALFORMED_FUNCTION_CALL.*Call the function again/,
    );
  });

  it("reads a blocked prompt (promptFeedback.blockReason, no candidates) as a content_filter choice", () => {
    const parsed = read({
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    });
    expect(parsed.choices[0]).toMatchObject({ text: null, toolCalls: [], finishReason: "content_filter" });
    expect(parsed.usage).toEqual({ promptTokens: 5, completionTokens: 0, totalTokens: 5 });
  });

  it("throws the error object of a body as an EndpointError, retryable as its code; other bodies are ProtocolErrors", () => {
    const error = (() => {
      try {
        read([{ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } }]);
      } catch (e) {
        return e;
      }
    })();
    expect(EndpointError.isInstance(error) && [error.status, error.retryable, error.message]).toEqual([
      503,
      true,
      "The server reported an error instead of a reply (UNAVAILABLE): The model is overloaded.",
    ]);
    expect(() => read({ choices: [] })).toThrow(ProtocolError);
    expect(() => read({ candidates: [] })).toThrow(/no candidates/);
  });

  it("reads arguments past the limits as unusable, never parsed", () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    const [choice] = parseGeminiReply(reply([{ functionCall: { name: "f", args: deep } }]), {
      maxToolInput: 1 << 20,
      maxDepth: 3,
    }).choices;
    expect(choice!.toolCalls[0]).toMatchObject({ arguments: null });
    expect(choice!.toolCalls[0]!.argumentError).toMatch(/deeper than 3 levels/);
  });
});
