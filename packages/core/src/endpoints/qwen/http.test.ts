import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { completions } from "../../completions.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { ToolPolicyStatus } from "../../policy/tool-policy-status.js";
import { OpenAI } from "../openai/openai.js";

// The qwen dialect end to end: the scripted server answers with calls written in the text, over
// real sockets (JSON and SSE), and the loop runs them like native calls.

let server: ScriptedModelServer;
let ep: OpenAI;
let runs: Array<[string, unknown]>;

beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
beforeEach(() => {
  runs = [];
  ep = new OpenAI({ baseURL: server.url, retries: 0 });
  ep.config("qwen3").dialect = "qwen";
  ep.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
    impl: (args) => (runs.push(["getWeather", args]), { city: args.city, celsius: 21 }),
  });
  ep.tools.define<{ amount: number; zip: string }>({
    name: "pay",
    description: "Pay an amount.",
    schema: {
      type: "object",
      properties: { amount: { type: "integer" }, zip: { type: "string" } },
      required: ["amount"],
      additionalProperties: false,
    },
    impl: (args) => (runs.push(["pay", args]), `paid ${args.amount}`),
  });
});
afterEach(async () => {
  server.reset();
  await ep.close();
});
afterAll(() => server.close());

const hermes = '<tool_call>\n{"name": "getWeather", "arguments": {"city": "Oslo"}}\n</tool_call>';
const qwenXml =
  "<tool_call>\n<function=pay>\n<parameter=amount>\n12\n</parameter>\n<parameter=zip>\n02134\n</parameter>\n</function>\n</tool_call>";

function sent(i: number): Array<Record<string, unknown>> {
  return (server.requests[i]!.body as { messages: Array<Record<string, unknown>> }).messages;
}

function allowAll(): Context {
  const ctx = new Context().user("Weather in Oslo, and pay 12?");
  ctx.toolPolicy.allow("*");
  return ctx;
}

describe("the qwen dialect over HTTP", () => {
  it("runs a Hermes call written in the text and sends it back as a native call", async () => {
    server.enqueue(turn.text(`Let me check.\n${hermes}`), turn.text("21° in Oslo."));
    const completion = await completions(ep, "qwen3", allowAll());
    expect(completion).toMatchObject({ stopped: "done", text: "21° in Oslo.", rounds: 2 });
    expect(runs).toEqual([["getWeather", { city: "Oslo" }]]);
    const [call] = completion.calls;
    expect(call!.id).toMatch(/^call_/);
    expect(sent(1).slice(1)).toEqual([
      {
        role: "assistant",
        content: "Let me check.",
        tool_calls: [
          { id: call!.id, type: "function", function: { name: "getWeather", arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: "tool", tool_call_id: call!.id, content: '{"city":"Oslo","celsius":21}' },
    ]);
  });

  it("runs native calls and calls written in the text of the same reply", async () => {
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }, { text: qwenXml }), turn.text("Done."));
    const completion = await completions(ep, "qwen3", allowAll());
    expect(completion.stopped).toBe("done");
    expect(runs).toEqual([
      ["getWeather", { city: "Oslo" }],
      ["pay", { amount: 12, zip: "02134" }],
    ]);
    expect(sent(1)[1]).toMatchObject({ role: "assistant", content: null });
  });

  it("leaves the text alone without the dialect", async () => {
    ep.config("qwen3").dialect = "openai";
    server.enqueue(turn.text(`Let me check.\n${hermes}`));
    const completion = await completions(ep, "qwen3", allowAll());
    expect(completion).toMatchObject({ stopped: "done", text: `Let me check.\n${hermes}`, calls: [] });
  });

  it("answers a call cut off mid-way with an error the model can read, and never runs it", async () => {
    server.enqueue(turn.text('<tool_call>{"name": "pay", "arguments": {"amount": 1'), turn.text("Sorry."));
    const completion = await completions(ep, "qwen3", allowAll());
    expect(runs).toEqual([]);
    expect(completion.calls[0]).toMatchObject({
      name: "pay",
      arguments: null,
      policyResult: { status: ToolPolicyStatus.Failed },
    });
    expect(sent(1).at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: completion.calls[0]!.id,
      content: expect.stringContaining("cut off"),
    });
  });

  it("answers a value of the wrong type through validation, with the value kept as written", async () => {
    server.enqueue(turn.text("<function=pay><parameter=amount>twelve</parameter></function>"), turn.text("Sorry."));
    const completion = await completions(ep, "qwen3", allowAll());
    expect(runs).toEqual([]);
    expect(completion.calls[0]!.arguments).toEqual({ amount: "twelve" });
    expect(sent(1).at(-1)).toMatchObject({ role: "tool", content: expect.stringContaining("amount") });
  });

  it.each([
    { deltaSize: 1 },
    { deltaSize: 3 },
    { deltaSize: 5, splitBytes: 2 },
    { deltaSize: 7, splitBytes: 1, crlf: true as const },
  ])("streams (%o): text deltas never show a call, and the loop runs it", async (streaming) => {
    const text = `  Checking the weather…\n${hermes}\nand paying: ${qwenXml}\n`;
    server.enqueue(turn.text(text, streaming), turn.text("All done. 👋", streaming));
    const ctx = allowAll();
    const stream = ep.stream("qwen3", ctx);
    const events: LoopEvent[] = [];
    for await (const event of stream) events.push(event);
    const completion = await stream.completion;
    const deltas = (round: number) =>
      events.flatMap((e) => (e.type === "text-delta" && e.round === round ? [e.text] : [])).join("");
    expect(deltas(1)).toBe("Checking the weather…\n\nand paying:");
    expect(deltas(2)).toBe("All done. 👋");
    expect(completion.choices).toHaveLength(1);
    expect(ctx.messages[1]).toMatchObject({ role: "assistant", content: "Checking the weather…\n\nand paying:" });
    expect(runs).toEqual([
      ["getWeather", { city: "Oslo" }],
      ["pay", { amount: 12, zip: "02134" }],
    ]);
    expect(completion).toMatchObject({ stopped: "done", text: "All done. 👋" });
  });

  it("gives the same calls and text streamed as not streamed", async () => {
    const text = `<think>draft: ${hermes}</think>\nOK.\n${qwenXml}`;
    server.enqueue(turn.text(text), turn.text(text, { deltaSize: 2 }));
    const plain = await ep.send({
      model: "qwen3",
      messages: [{ role: "user", content: "Hi" }],
      tools: ep.tools.list(),
      toolChoice: undefined,
      stream: false,
      round: 1,
      maxToolInput: 1 << 20,
      maxDepth: 64,
    });
    const streamed = await ep.send({
      model: "qwen3",
      messages: [{ role: "user", content: "Hi" }],
      tools: ep.tools.list(),
      toolChoice: undefined,
      stream: true,
      round: 1,
      maxToolInput: 1 << 20,
      maxDepth: 64,
      onEvent: () => {},
    });
    const shape = (reply: typeof plain) =>
      reply.choices.map((c) => ({
        text: c.text,
        reasoning: c.reasoning,
        calls: c.toolCalls.map((call) => [call.name, call.arguments]),
      }));
    expect(shape(streamed)).toEqual(shape(plain));
    expect(shape(plain)).toEqual([
      { text: "OK.", reasoning: `draft: ${hermes}`, calls: [["pay", { amount: 12, zip: "02134" }]] },
    ]);
  });
});
