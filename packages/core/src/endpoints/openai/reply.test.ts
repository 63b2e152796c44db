import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { toStrictSchema } from "../../schema/strict-schema.js";
import { parseOpenAIReply } from "./reply.js";
import { limits } from "../fixtures/endpoint-setup.js";

const reply = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: "x",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...extra }],
});
const first = (body: unknown) => parseOpenAIReply(body, limits).choices[0]!;

describe("parseOpenAIReply (docs/wire-format.md)", () => {
  it.each([undefined, null, "", "  \n "])("reads content %j as no visible text", (content) => {
    expect(first(reply({ content })).text).toBeNull();
  });

  it("keeps visible text exactly as sent (not trimmed), and text parts joined", () => {
    expect(first(reply({ content: "  Hello.\n" })).text).toBe("  Hello.\n");
    expect(
      first(
        reply({
          content: [
            { type: "text", text: "Hel" },
            { type: "text", text: "lo" },
          ],
        }),
      ).text,
    ).toBe("Hello");
  });

  it("keeps reasoning and refusal apart from the text", () => {
    const choice = first(reply({ content: "4", reasoning_content: "2+2=4" }));
    expect([choice.text, choice.reasoning, choice.refusal]).toEqual(["4", "2+2=4", null]);
    expect(first(reply({ content: "fine", refusal: null })).refusal).toBeNull();
    expect(first(reply({ content: null, reasoning: "thinking" })).reasoning).toBe("thinking");
    expect(first(reply({ content: null, reasoning_content: "", reasoning: "the second field" })).reasoning).toBe(
      "the second field",
    );
    expect(first(reply({ content: null, refusal: "I can't help with that." })).refusal).toBe("I can't help with that.");
  });

  it("keeps finish_reason as sent and every choice in index order", () => {
    const body = {
      choices: [
        { index: 1, message: { content: "b" }, finish_reason: "eos_token" },
        "not a choice",
        { index: 0, message: { content: "a" }, finish_reason: "tool_use" },
      ],
    };
    const parsed = parseOpenAIReply(body, limits);
    expect(parsed.choices.map((c) => [c.index, c.text, c.finishReason])).toEqual([
      [0, "a", "tool_use"],
      [1, "b", "eos_token"],
    ]);
  });

  it("reads usage, with zeros when absent and a missing total summed", () => {
    expect(
      parseOpenAIReply({ ...reply({ content: "a" }), usage: { prompt_tokens: 3, completion_tokens: 4 } }, limits).usage,
    ).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    expect(parseOpenAIReply(reply({ content: "a" }), limits).usage).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 0,
    });
  });

  it("reads tool calls whatever the finish reason says", () => {
    const choice = first(
      reply({
        content: null,
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "getWeather", arguments: '{"location":"Paris"}' } },
        ],
      }),
    );
    expect(choice.finishReason).toBe("stop");
    expect(choice.toolCalls).toEqual([
      {
        id: "call_a",
        type: "function",
        name: "getWeather",
        arguments: { location: "Paris" },
        rawArguments: '{"location":"Paris"}',
      },
    ]);
  });

  it("gives calls without a usable id distinct synthetic ids, and takes function.id (old llama.cpp)", () => {
    const calls = first(
      reply({
        tool_calls: [
          { function: { name: "f", arguments: "{}" } },
          { id: null, function: { name: "f", arguments: "{}" } },
          { id: "", function: { name: "f", arguments: "{}" } },
          { function: { id: "legacy_7", name: "f", arguments: "{}" } },
          { id: "dup", function: { name: "g", arguments: "{}" } },
          { id: "dup", function: { name: "g", arguments: "{}" } },
        ],
      }),
    ).toolCalls;
    const ids = calls.map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual([
      expect.stringMatching(/^call_\w+$/),
      expect.stringMatching(/^call_\w+$/),
      expect.stringMatching(/^call_\w+$/),
    ]);
    expect(ids[3]).toBe("legacy_7");
    expect(ids[4]).toBe("dup");
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps provider extras on a call to send them back (Gemini's thought signature)", () => {
    const call = first(
      reply({
        tool_calls: [
          {
            id: "c",
            type: "function",
            function: { name: "f", arguments: "{}" },
            extra_content: { google: { thought_signature: "sig" } },
          },
        ],
      }),
    ).toolCalls[0]!;
    expect(call.extra).toEqual({ extra_content: { google: { thought_signature: "sig" } } });
  });

  it("reads object arguments, unusable arguments (with the reason) and custom tool input", () => {
    const calls = first(
      reply({
        tool_calls: [
          { id: "a", function: { name: "f", arguments: { q: 1 } } },
          { id: "b", function: { name: "f", arguments: '{"q": 1' } },
          { id: "c", type: "custom", custom: { name: "patch", input: "*** Begin Patch\n" } },
        ],
      }),
    ).toolCalls;
    expect(calls[0]).toMatchObject({ arguments: { q: 1 }, rawArguments: '{"q":1}' });
    expect(calls[1]).toMatchObject({
      arguments: null,
      rawArguments: '{"q": 1',
      argumentError: expect.stringContaining("not valid JSON"),
    });
    expect(calls[2]).toMatchObject({ id: "c", type: "custom", name: "patch", rawArguments: "*** Begin Patch\n" });
  });

  it("reads the legacy function_call as one call", () => {
    expect(first(reply({ function_call: { name: "f", arguments: '{"a":1}' } })).toolCalls).toMatchObject([
      { name: "f", arguments: { a: 1 } },
    ]);
  });

  it("rejects bodies that are not chat completions, and reports error objects sent with a success status", () => {
    expect(() => parseOpenAIReply([1], limits)).toThrow(ProtocolError);
    expect(() => parseOpenAIReply({ choices: [] }, limits)).toThrow(/no choices/);
    expect(() => parseOpenAIReply({ object: "list" }, limits)).toThrow(/choices/);
    const error = (() => {
      try {
        parseOpenAIReply({ error: { message: "model overloaded" } }, limits);
      } catch (e) {
        return e;
      }
    })();
    expect(EndpointError.isInstance(error) && error.message).toMatch(/model overloaded/);
  });

  it("takes an error object beside choices as the error (as in a stream), and `error: null` as none", () => {
    const failed = { choices: [{ index: 0, message: { content: "Par" }, finish_reason: "error" }] };
    expect(() => parseOpenAIReply({ ...failed, error: { message: "provider disconnected" } }, limits)).toThrow(
      EndpointError,
    );
    expect(() => parseOpenAIReply({ error: null }, limits)).toThrow(ProtocolError);
    const ok = parseOpenAIReply({ choices: [{ index: 0, message: { content: "Paris" } }], error: null }, limits);
    expect(ok.choices[0]!.text).toBe("Paris");
  });

  it("reads what the request asked for in the same pass: calls in the text, strict nulls, the typed answer", () => {
    const book = {
      type: "object",
      properties: { city: { type: "string" }, note: { type: "string" } },
      required: ["city"],
    };
    const options = {
      ...limits,
      qwenTools: new Map([["book", book]]),
      strict: new Map([["book", toStrictSchema(book)]]),
      output: { mode: "native" as const },
    };
    const text = '<tool_call>{"name": "book", "arguments": {"city": "Oslo", "note": null}}</tool_call>';
    const parsed = parseOpenAIReply(
      {
        choices: [
          {
            index: 0,
            message: {
              content: text,
              tool_calls: [{ id: "call_1", function: { name: "book", arguments: '{"city":"Rome","note":null}' } }],
            },
          },
          { index: 1, message: { content: "Done." } },
        ],
      },
      options,
    );
    const [withCalls, answer] = parsed.choices;
    // Native and written calls alike: strict nulls back to absent, ids unique within the reply, no typed answer.
    expect(withCalls!.toolCalls.map((call) => call.arguments)).toEqual([{ city: "Rome" }, { city: "Oslo" }]);
    expect(new Set(withCalls!.toolCalls.map((call) => call.id)).size).toBe(2);
    expect([withCalls!.text, withCalls!.output]).toEqual([null, undefined]);
    // The choice without calls is the answer.
    expect(answer!.output).toEqual({ text: "Done.", mode: "native" });
  });
});
