import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { feedSSE, limits } from "../fixtures/endpoint-setup.js";
import type { StreamEvent } from "../stream-event.js";
import { parseGeminiReply } from "./reply.js";
import { GeminiStreamAssembler } from "./stream.js";

/** SSE text as the Gemini API frames it: `data: ` lines, events separated by \r\n\r\n, no end event. */
const sse = (...chunks: object[]) => chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join("");
const chunk = (parts: object[], extra: object = {}) => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
});

function assemble(text: string | Uint8Array[], events: StreamEvent[] = []) {
  const assembler = new GeminiStreamAssembler(1, (event) => events.push(event));
  feedSSE(text, (message) => assembler.push(message));
  return parseGeminiReply(assembler.finish(), limits);
}

describe("assembling a Gemini stream", () => {
  it("joins text pieces, and a signature on a closing empty text part lands on the text it closes", () => {
    const events: StreamEvent[] = [];
    const text = sse(
      chunk([{ text: "Thinking", thought: true }]),
      chunk([{ text: " more.", thought: true, thoughtSignature: "VDE=" }]),
      chunk([{ text: "Hel" }], { usageMetadata: undefined }),
      { ...chunk([{ text: "lo" }]), usageMetadata: { promptTokenCount: 4 } },
      {
        ...chunk([{ text: "", thoughtSignature: "RU5E" }], { finishReason: "STOP" }),
        modelVersion: "gemini-3-flash",
        responseId: "r1",
      },
    );
    const reply = assemble(text, events);
    const [choice] = reply.choices;
    expect(choice).toMatchObject({ text: "Hello", reasoning: "Thinking more.", finishReason: "stop" });
    expect(choice!.providerData).toEqual({
      gemini: {
        parts: [
          { text: "Thinking more.", thought: true, thoughtSignature: "VDE=" },
          { text: "Hello", thoughtSignature: "RU5E" },
        ],
      },
    });
    expect(events.filter((e) => e.type === "text-delta").map((e) => (e as { text: string }).text)).toEqual([
      "Hel",
      "lo",
    ]);
    expect(reply.usage).toEqual({ promptTokens: 4, completionTokens: 0, totalTokens: 4 });
    expect(reply.responseModel).toBe("gemini-3-flash");
  });

  it("takes each call whole, keeps the first parallel call's signature, and reports a delta per call", () => {
    const events: StreamEvent[] = [];
    const reply = assemble(
      sse(
        chunk([{ functionCall: { name: "getWeather", args: { city: "Paris" } }, thoughtSignature: "U0lH" }]),
        chunk([{ functionCall: { name: "getWeather", args: { city: "Rome" } } }], { finishReason: "STOP" }),
      ),
      events,
    );
    expect(reply.choices[0]!.toolCalls.map((c) => c.arguments)).toEqual([{ city: "Paris" }, { city: "Rome" }]);
    expect(reply.choices[0]!.providerData).toMatchObject({ gemini: { parts: [{ thoughtSignature: "U0lH" }, {}] } });
    expect(events.map((e) => e.type === "tool-call-delta" && [e.index, e.name, e.argumentsDelta])).toEqual([
      [0, "getWeather", '{"city":"Paris"}'],
      [1, "getWeather", '{"city":"Rome"}'],
    ]);
  });

  it("assembles arguments streamed in partialArgs pieces (Vertex AI), nested paths included", () => {
    const reply = assemble(
      sse(
        chunk([{ functionCall: { name: "plan", willContinue: true }, thoughtSignature: "UA==" }]),
        chunk([
          {
            functionCall: {
              partialArgs: [{ jsonPath: "$.trip.stops[0].city", stringValue: "Par", willContinue: true }],
              willContinue: true,
            },
          },
        ]),
        chunk([
          {
            functionCall: {
              partialArgs: [
                { jsonPath: "$.trip.stops[0].city", stringValue: "is" },
                { jsonPath: "$.days", numberValue: 3 },
              ],
              willContinue: true,
            },
          },
        ]),
        chunk([{ functionCall: {} }], { finishReason: "STOP" }),
      ),
    );
    const [call] = reply.choices[0]!.toolCalls;
    expect([call!.name, call!.arguments]).toEqual(["plan", { trip: { stops: [{ city: "Paris" }] }, days: 3 }]);
    expect(reply.choices[0]!.providerData).toMatchObject({ gemini: { parts: [{ thoughtSignature: "UA==" }] } });
  });

  it("never guesses the arguments of a call the stream cut (a finish reason while it still continued)", () => {
    const reply = assemble(
      sse(
        chunk([
          {
            functionCall: {
              name: "plan",
              partialArgs: [{ jsonPath: "$.a", stringValue: "x", willContinue: true }],
              willContinue: true,
            },
          },
        ]),
        chunk([], { finishReason: "MAX_TOKENS" }),
      ),
    );
    expect(reply.choices[0]).toMatchObject({ finishReason: "length", toolCalls: [{ name: "plan", arguments: null }] });
  });

  it("keeps code-execution and server-tool parts with their signatures, in order", () => {
    const code = { executableCode: { language: "PYTHON", code: "print(2+2)" }, thoughtSignature: "Q0U=" };
    const result = { codeExecutionResult: { outcome: "OUTCOME_OK", output: "4\n" } };
    const reply = assemble(
      sse(chunk([code]), chunk([result]), chunk([{ text: "It is 4." }], { finishReason: "STOP" })),
    );
    expect(reply.choices[0]!.text).toBe("It is 4.");
    expect(reply.choices[0]!.providerData).toEqual({
      gemini: { parts: [{ part: code }, { part: result }, { text: "It is 4." }] },
    });
  });

  it("reads bytes split anywhere, and a stream with usage on no chunk as zero usage", () => {
    const bytes = Buffer.from(sse(chunk([{ text: "Grüße" }]), chunk([{ text: "!" }], { finishReason: "STOP" })));
    const pieces = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3));
    const reply = assemble(pieces);
    expect(reply.choices[0]!.text).toBe("Grüße!");
    expect(reply.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it("fails a stream that ends before any finish reason (cut) and one that sends an error object", () => {
    expect(() => assemble(sse(chunk([{ text: "Hel" }])))).toThrow(ProtocolError);
    let error: unknown;
    try {
      assemble(sse(chunk([{ text: "Hel" }]), { error: { code: 500, message: "Internal error", status: "INTERNAL" } }));
    } catch (e) {
      error = e;
    }
    expect(EndpointError.isInstance(error) && [error.retryable, error.status]).toEqual([true, 500]);
  });

  it("completes a stream whose prompt was blocked", () => {
    const reply = assemble(sse({ promptFeedback: { blockReason: "SAFETY" } }));
    expect(reply.choices[0]!.finishReason).toBe("content_filter");
  });
});
