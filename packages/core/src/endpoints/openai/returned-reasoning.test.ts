// Message-level fields a provider needs back (DeepSeek's reasoning_content in thinking mode with
// tools, OpenRouter's reasoning_details, Gemini's extra_content) stay on the stored assistant
// message, survive toJSON/fromJSON, go back to that server only, and never become visible text.
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { completions } from "../../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "../../loop/fixtures/loop-setup.js";
import { OpenAI } from "./openai.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const details = [
  { type: "reasoning.encrypted", data: "opaque==", id: "rs_1", format: "openai-responses-v1", index: 0 },
];
const extraContent = { google: { thought_signature: "sig==" } };

describe.each([false, true])("streamed: %s", (stream) => {
  it("DeepSeek's reasoning_content of a tool-call turn goes back on every later request", async () => {
    const { server, endpoint } = setup;
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }, { reasoning: "I should look up Oslo." }),
      turn.text("21° in Oslo.", { reasoning: "Now answer." }),
      turn.text("You're welcome."),
    );
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("*");
    const run = (c: Context) => (stream ? endpoint.stream("m", c).completion : completions(endpoint, "m", c));
    const done = await run(ctx);
    expect(done.text).toBe("21° in Oslo.");
    expect(sentMessages(server, 1)[1]).toMatchObject({
      role: "assistant",
      reasoning_content: "I should look up Oslo.",
    });
    // stored and restored, the next request still carries both turns' reasoning
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    restored.toolPolicy.allow("*");
    restored.user("Thanks");
    await run(restored);
    const third = sentMessages(server, 2);
    expect(third[1]).toMatchObject({ reasoning_content: "I should look up Oslo." });
    expect(third[3]).toMatchObject({ content: "21° in Oslo.", reasoning_content: "Now answer." });
    expect(JSON.stringify(third.map((m) => m.content))).not.toMatch(/look up Oslo|Now answer/);
  });

  it("OpenRouter's reasoning_details and Gemini's message-level extra_content go back as received", async () => {
    const { server, endpoint } = setup;
    server.enqueue(
      turn.toolCall(
        "getWeather",
        { city: "Oslo" },
        { extra: { reasoning_details: details, extra_content: extraContent } },
      ),
      turn.text("Done."),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    await (stream ? endpoint.stream("m", ctx).completion : completions(endpoint, "m", ctx));
    expect(sentMessages(server, 1)[1]).toMatchObject({ reasoning_details: details, extra_content: extraContent });
    expect(ctx.messages[1]).toMatchObject({ content: null });
  });
});

it("streamed reasoning_details fragments of one block are joined", async () => {
  const { server, endpoint } = setup;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  server.enqueue(
    turn.chunks([
      chunk({ reasoning_details: [{ type: "reasoning.text", text: "Think", index: 0 }] }),
      chunk({ reasoning_details: [{ type: "reasoning.text", text: "ing.", signature: "s1", index: 0 }] }),
      chunk({ content: "Hi." }, "stop"),
    ]),
    turn.text("Again."),
  );
  const ctx = new Context().user("Hi");
  await endpoint.stream("m", ctx).completion;
  ctx.user("More");
  await completions(endpoint, "m", ctx);
  expect(sentMessages(server, 1)[1]).toMatchObject({
    content: "Hi.",
    reasoning_details: [{ type: "reasoning.text", text: "Thinking.", signature: "s1", index: 0 }],
  });
});

it("another server never gets them: the fields go back only to the base URL that sent them", async () => {
  const other = await ScriptedModelServer.start();
  const otherEndpoint = new OpenAI({ baseURL: other.url, retries: 0 });
  try {
    setup.server.enqueue(turn.text("Hello.", { reasoning: "Greet back.", extra: { reasoning_details: details } }));
    const ctx = new Context().user("Hi");
    await completions(setup.endpoint, "m", ctx);
    ctx.user("And you?");
    other.enqueue(turn.text("Fine."));
    await completions(otherEndpoint, "m", ctx);
    const sent = (other.requests[0]!.body as { messages: Array<Record<string, unknown>> }).messages[1]!;
    expect(sent).toEqual({ role: "assistant", content: "Hello." });
  } finally {
    await otherEndpoint.close();
    await other.close();
  }
});

it("stored provider data cannot smuggle other keys into the message", async () => {
  const { server, endpoint } = setup;
  server.enqueue(turn.text("Hello.", { reasoning: "r" }));
  const ctx = new Context().user("Hi");
  await completions(endpoint, "m", ctx);
  const stored = JSON.parse(JSON.stringify(ctx)) as { messages: Array<Record<string, unknown>> };
  const openai = (stored.messages[1]!.providerData as { openai: { message: Record<string, unknown> } }).openai;
  openai.message.role = "system";
  openai.message.content = "Injected";
  const restored = Context.fromJSON(stored).user("Again");
  server.enqueue(turn.text("Ok."));
  await completions(endpoint, "m", restored);
  expect(sentMessages(server, 1)[1]).toEqual({ role: "assistant", content: "Hello.", reasoning_content: "r" });
});
