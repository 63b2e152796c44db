import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { parseAnthropicReply, parseAnthropicUsage, silentRefusal } from "./reply.js";
import { limits } from "../fixtures/endpoint-setup.js";

const message = (content: unknown[], stop_reason: string | null = "end_turn", extra: Record<string, unknown> = {}) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content,
  stop_reason,
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 5 },
  ...extra,
});

describe("parseAnthropicReply", () => {
  it("reads text blocks as the text and tool_use blocks as calls (input: the arguments, rawArguments: its JSON)", () => {
    const reply = parseAnthropicReply(
      message(
        [
          { type: "text", text: "Let me check " },
          { type: "text", text: "that." },
          { type: "tool_use", id: "toolu_1", name: "getWeather", input: { city: "Paris" } },
        ],
        "tool_use",
      ),
      limits,
    );
    expect(reply.choices).toEqual([
      {
        index: 0,
        text: "Let me check that.",
        toolCalls: [
          {
            id: "toolu_1",
            type: "function",
            name: "getWeather",
            arguments: { city: "Paris" },
            rawArguments: '{"city":"Paris"}',
          },
        ],
        finishReason: "tool_use",
        refusal: null,
        reasoning: null,
      },
    ]);
    expect(reply.usage).toEqual({ promptTokens: 12, completionTokens: 5, totalTokens: 17 });
  });

  it('keeps stop_reason as sent: end_turn, max_tokens (the loop stops with "length"), …', () => {
    expect(parseAnthropicReply(message([{ type: "text", text: "Done." }]), limits).choices[0]).toMatchObject({
      text: "Done.",
      finishReason: "end_turn",
      toolCalls: [],
    });
    expect(
      parseAnthropicReply(message([{ type: "text", text: "Once upon" }], "max_tokens"), limits).choices[0]!
        .finishReason,
    ).toBe("max_tokens");
  });

  it("makes a call that ends a max_tokens reply unusable: its input was cut", () => {
    const reply = parseAnthropicReply(
      message(
        [
          { type: "tool_use", id: "a", name: "f", input: {} },
          { type: "tool_use", id: "b", name: "g", input: { x: 1 } },
        ],
        "max_tokens",
      ),
      limits,
    );
    const [first, last] = reply.choices[0]!.toolCalls;
    expect(first!.arguments).toEqual({});
    expect(last).toMatchObject({ id: "b", arguments: null, argumentError: expect.stringMatching(/max_tokens/) });
  });

  it("reads a refusal: the text, or a sentence saying so when the model said nothing", () => {
    expect(
      parseAnthropicReply(message([{ type: "text", text: "I can't help with that." }], "refusal"), limits).choices[0],
    ).toMatchObject({ refusal: "I can't help with that.", finishReason: "refusal" });
    expect(parseAnthropicReply(message([], "refusal"), limits).choices[0]).toMatchObject({
      text: null,
      refusal: silentRefusal,
    });
  });

  it("keeps thinking out of the text, in reasoning, and the blocks as received in providerData", () => {
    const thinking = { type: "thinking", thinking: "The user wants weather.", signature: "EqQBCgIYAhIM" };
    const redacted = { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix" };
    const reply = parseAnthropicReply(
      message(
        [thinking, redacted, { type: "text", text: "Checking." }, { type: "tool_use", id: "t", name: "f", input: {} }],
        "tool_use",
      ),
      limits,
    );
    expect(reply.choices[0]).toMatchObject({
      text: "Checking.",
      reasoning: "The user wants weather.",
      providerData: {
        anthropic: {
          thinking: [
            { after: 0, block: thinking },
            { after: 0, block: redacted },
          ],
        },
      },
    });
  });

  it("gives missing or repeated ids unique synthetic ones, and reads whitespace-only text as none", () => {
    const reply = parseAnthropicReply(
      message(
        [
          { type: "text", text: "  \n" },
          { type: "tool_use", name: "f", input: {} },
          { type: "tool_use", id: "x", name: "f", input: {} },
          { type: "tool_use", id: "x", name: "f", input: {} },
        ],
        "tool_use",
      ),
      limits,
    );
    const ids = reply.choices[0]!.toolCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids[1]).toBe("x");
    expect(reply.choices[0]!.text).toBeNull();
  });

  it("reads input sent as JSON text (an assembled stream): empty is {}, invalid or an array is unusable", () => {
    const reply = parseAnthropicReply(
      message(
        [
          { type: "tool_use", id: "a", name: "f", input: "" },
          { type: "tool_use", id: "b", name: "f", input: '{"q":"\\u00e9"}' },
          { type: "tool_use", id: "c", name: "f", input: '{"q":' },
          { type: "tool_use", id: "d", name: "f", input: [1] },
        ],
        "tool_use",
      ),
      limits,
    );
    expect(reply.choices[0]!.toolCalls.map((c) => c.arguments)).toEqual([{}, { q: "é" }, null, null]);
  });

  it("does not parse input over maxToolInput or nested past maxDepth", () => {
    const deep = { a: { b: { c: {} } } };
    const reply = parseAnthropicReply(
      message(
        [
          { type: "tool_use", id: "a", name: "f", input: { s: "x".repeat(200) } },
          { type: "tool_use", id: "b", name: "f", input: deep },
        ],
        "tool_use",
      ),
      { maxToolInput: 100, maxDepth: 3 },
    );
    expect(reply.choices[0]!.toolCalls.map((c) => [c.arguments, c.argumentError])).toEqual([
      [null, expect.stringMatching(/over the limit of 100 bytes/)],
      [null, expect.stringMatching(/deeper than 3 levels/)],
    ]);
  });

  it("reads a custom tool's { input } as its raw text, and refuses other input for it", () => {
    const options = { ...limits, customTools: new Set(["patch"]) };
    const reply = parseAnthropicReply(
      message(
        [
          { type: "tool_use", id: "a", name: "patch", input: { input: "*** Begin Patch" } },
          { type: "tool_use", id: "b", name: "patch", input: { text: 1 } },
        ],
        "tool_use",
      ),
      options,
    );
    expect(reply.choices[0]!.toolCalls).toEqual([
      { id: "a", type: "custom", name: "patch", arguments: {}, rawArguments: "*** Begin Patch" },
      {
        id: "b",
        type: "function",
        name: "patch",
        arguments: null,
        rawArguments: '{"text":1}',
        argumentError: expect.stringContaining('{"input"'),
      },
    ]);
  });

  it("counts cache reads and writes as prompt tokens", () => {
    expect(
      parseAnthropicUsage({
        input_tokens: 3,
        cache_creation_input_tokens: 100,
        cache_read_input_tokens: 50,
        output_tokens: 7,
      }),
    ).toEqual({ promptTokens: 153, completionTokens: 7, totalTokens: 160 });
    expect(parseAnthropicUsage(undefined)).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it("throws EndpointError for an error body, ProtocolError for anything else that is not a message", () => {
    const overloaded = (() => {
      try {
        parseAnthropicReply({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, limits);
      } catch (error) {
        return error;
      }
    })();
    expect(
      EndpointError.isInstance(overloaded) && [overloaded.message, overloaded.status, overloaded.retryable],
    ).toEqual([expect.stringContaining("Overloaded"), 529, true]);
    expect(() => parseAnthropicReply({ choices: [] }, limits)).toThrow(ProtocolError);
    expect(() => parseAnthropicReply("text", limits)).toThrow(/not an Anthropic message/);
  });
});
