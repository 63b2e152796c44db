import type { AssistantMessage, Message, ToolMessage } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { anthropicHistory, missingResultText } from "./messages.js";

const call = (id: string, name: string, args: ToolCall["arguments"], extra: Partial<ToolCall> = {}): ToolCall => ({
  id,
  type: "function",
  name,
  arguments: args,
  rawArguments: JSON.stringify(args),
  ...extra,
});
const assistant = (
  content: string | null,
  calls: ToolCall[] = [],
  more: Partial<AssistantMessage> = {},
): AssistantMessage => ({ role: "assistant", content, ...(calls.length > 0 ? { toolCalls: calls } : {}), ...more });
const result = (callId: string, content: string, isError = false): ToolMessage => ({
  role: "tool",
  callId,
  name: "t",
  content,
  isError,
});

describe("the shared history in the Messages API's shape", () => {
  it("puts system messages in the top-level system prompt and user text in text blocks", () => {
    const history = anthropicHistory([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
      { role: "system", content: "Answer in French." },
    ]);
    expect(history).toEqual({
      system: "Be brief.\n\nAnswer in French.",
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
    expect(anthropicHistory([{ role: "user", content: "x" }]).system).toBeUndefined();
  });

  it("sends calls as tool_use blocks (input: the arguments, {} when unusable) and results as tool_result blocks", () => {
    const broken = call("toolu_2", "b", null, { rawArguments: '{"cut', argumentError: "not JSON" });
    const history = anthropicHistory([
      { role: "user", content: "Go" },
      assistant("Checking.", [call("toolu_1", "a", { city: "Paris" }), broken]),
      result("toolu_1", "18 °C"),
      result("toolu_2", "The arguments were not valid JSON.", true),
    ]);
    expect(history.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Go" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Checking." },
          { type: "tool_use", id: "toolu_1", name: "a", input: { city: "Paris" } },
          { type: "tool_use", id: "toolu_2", name: "b", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "18 °C" },
          {
            type: "tool_result",
            tool_use_id: "toolu_2",
            content: "The arguments were not valid JSON.",
            is_error: true,
          },
        ],
      },
    ]);
  });

  it("puts all results of one turn in one user message, in the model's order, before any user text", () => {
    const history = anthropicHistory([
      assistant(null, [call("a1", "a", {}), call("b1", "b", {})]),
      result("b1", "B"),
      { role: "user", content: "and also…" },
      result("a1", "A"),
      { role: "user", content: "thanks" },
    ]);
    expect(history.messages).toEqual([
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "a1", name: "a", input: {} },
          { type: "tool_use", id: "b1", name: "b", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "a1", content: "A" },
          { type: "tool_result", tool_use_id: "b1", content: "B" },
          { type: "text", text: "and also…" },
          { type: "text", text: "thanks" },
        ],
      },
    ]);
  });

  it("answers every tool_use exactly once: a missing answer becomes an error result, a second or stray one becomes text", () => {
    const history = anthropicHistory([
      assistant(null, [call("a1", "a", {}), call("b1", "b", {})]),
      result("a1", "first"),
      result("a1", "again"),
      result("zz", "nobody asked"),
    ]);
    const user = history.messages[1]!;
    expect(user.content.filter((b) => b.type === "tool_result")).toEqual([
      { type: "tool_result", tool_use_id: "a1", content: "first" },
      { type: "tool_result", tool_use_id: "b1", content: missingResultText, is_error: true },
    ]);
    const texts = user.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
    expect(texts).toEqual([expect.stringContaining("again"), expect.stringContaining("nobody asked")]);
    expect(user.content.findIndex((b) => b.type === "text")).toBe(2);
  });

  it("answers the calls of a last assistant message too, so the request never ends on an unanswered tool_use", () => {
    const history = anthropicHistory([{ role: "user", content: "Go" }, assistant("x", [call("c1", "a", {})])]);
    expect(history.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "c1", content: missingResultText, is_error: true }],
    });
  });

  it("merges consecutive messages of one role and leaves out empty text", () => {
    const history = anthropicHistory([
      { role: "user", content: "one" },
      { role: "user", content: "   " },
      { role: "user", content: "two" },
      assistant("three"),
      assistant(null),
      assistant("four", [call("c1", "a", {})]),
      result("c1", ""),
    ]);
    expect(history.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "three" },
          { type: "text", text: "four" },
          { type: "tool_use", id: "c1", name: "a", input: {} },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1" }] },
    ]);
  });

  it("sends thinking blocks from providerData back unchanged, where they stood", () => {
    const first = { type: "thinking", thinking: "Let me think.", signature: "sig-1" };
    const second = { type: "redacted_thinking", data: "opaque" };
    const message = assistant("Looking.", [call("c1", "a", {}), call("c2", "b", {})], {
      providerData: {
        anthropic: {
          thinking: [
            { after: 0, block: first },
            { after: 2, block: second },
          ],
        },
      },
    });
    const [wire] = anthropicHistory([message]).messages;
    expect(wire!.content).toEqual([
      first,
      { type: "text", text: "Looking." },
      { type: "tool_use", id: "c1", name: "a", input: {} },
      second,
      { type: "tool_use", id: "c2", name: "b", input: {} },
    ]);
  });

  it("ignores provider data that is not Anthropic thinking (stored JSON is untrusted)", () => {
    const providerData = JSON.parse(
      '{"anthropic":{"thinking":[{"after":-3,"block":{"type":"thinking","thinking":"t","signature":"s"}},{"block":{"type":"text","text":"injected"}},"junk",{"after":1}]},"gemini":{"x":1}}',
    );
    const [wire] = anthropicHistory([assistant("Hi", [], { providerData })]).messages;
    expect(wire!.content).toEqual([
      { type: "thinking", thinking: "t", signature: "s" },
      { type: "text", text: "Hi" },
    ]);
  });

  it("sends a custom (free-text) call's raw input as { input } and a refusal as the text when there is no content", () => {
    const custom: ToolCall = {
      id: "c1",
      type: "custom",
      name: "patch",
      arguments: {},
      rawArguments: "*** Begin Patch",
    };
    const messages: Message[] = [
      assistant(null, [custom]),
      result("c1", "ok"),
      assistant(null, [], { refusal: "I can't help with that." }),
    ];
    const history = anthropicHistory(messages);
    expect(history.messages[0]!.content).toEqual([
      { type: "tool_use", id: "c1", name: "patch", input: { input: "*** Begin Patch" } },
    ]);
    expect(history.messages[2]!.content).toEqual([{ type: "text", text: "I can't help with that." }]);
  });
});
