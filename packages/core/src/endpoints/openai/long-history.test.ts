// Long conversations: the history's wire text is built once per message and kept per messages
// array, and a body of many pieces crosses HTTP whole, with its length declared.
import { type ScriptedModelServer, turn } from "@tooltype/testing";
import type { Message } from "../../context/message.js";
import { bodyText } from "../fixtures/body-text.js";
import { endpointRequest, scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { OpenAI } from "./openai.js";
import { buildOpenAIBody } from "./request.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

const build = (messages: Message[]) =>
  JSON.parse(bodyText(buildOpenAIBody(endpointRequest({ messages }), {}, { maxTokensField: "max_tokens" }))) as {
    messages: { role: string; content: string }[];
  };

/** A history of `count` tool rounds whose texts hold characters of 2, 3 and 4 bytes in UTF-8. */
function history(count: number): Message[] {
  const messages: Message[] = [{ role: "user", content: "Grüße aus Köln – plan the trip 🚆" }];
  for (let i = 0; i < count; i++) {
    const id = `call_${i}`;
    messages.push(
      {
        role: "assistant",
        content: null,
        toolCalls: [{ id, type: "function", name: "look", arguments: { q: `ß${i}` }, rawArguments: `{"q":"ß${i}"}` }],
      },
      {
        role: "tool",
        callId: id,
        name: "look",
        content: `résultat ${i}: 東京 ☀ 🌍 ${"x".repeat(i % 50)}`,
        isError: false,
      },
    );
  }
  return messages;
}

describe("a long conversation's body", () => {
  it("is the history's exact JSON round after round, across many pieces and multi-byte characters", () => {
    const messages = history(10);
    const wire = (all: Message[]) =>
      all.map((m) => (m.role === "tool" ? { role: "tool", tool_call_id: m.callId, content: m.content } : m));
    expect(build(messages).messages.map((m) => m.content)).toEqual(wire(messages).map((m) => m.content));
    messages.push(...history(2000).slice(1)); // grows well past one 64 KB piece
    const sent = build(messages).messages;
    expect(sent).toHaveLength(messages.length);
    expect(sent.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_1999",
      content: (messages.at(-1) as { content: string }).content,
    });
    expect(sent[0]!.content).toBe("Grüße aus Köln – plan the trip 🚆");
  });

  it("is written again from the start when a message before the end was replaced, never sent stale", () => {
    const messages = history(3);
    build(messages);
    messages[2] = { role: "tool", callId: "call_0", name: "look", content: "replaced", isError: false };
    expect(build(messages).messages[2]!.content).toBe("replaced");
    messages.splice(1, 2); // shorter than what was written: written again too
    expect(build(messages).messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
  });

  it("crosses HTTP whole when it is large: length declared, no chunked encoding, the same body on a retry", async () => {
    const ep = track(new OpenAI({ baseURL: server.url, retryDelays: { baseDelayMs: 1, maxDelayMs: 5 } }));
    const messages = history(3000);
    server.enqueue(turn.error(503), turn.text("done"));
    const reply = await ep.send(endpointRequest({ model: "test-model", messages }));
    expect(reply.choices[0]!.text).toBe("done");
    const [first, second] = server.requests;
    expect(first!.bodyBytes).toBeGreaterThan(256 * 1024);
    for (const request of [first!, second!]) {
      expect(request.headers["content-length"]).toBe(String(first!.bodyBytes));
      expect(request.headers["transfer-encoding"]).toBeUndefined();
      expect(request.rawBody).toBe(first!.rawBody);
    }
    const body = first!.body as { messages: { content: string }[] };
    expect(body.messages).toHaveLength(messages.length);
    expect(body.messages.at(-1)!.content).toBe((messages.at(-1) as { content: string }).content);
  });
});
