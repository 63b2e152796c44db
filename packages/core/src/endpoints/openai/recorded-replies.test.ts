// Shapes recorded from real servers that were once misread: each is replayed over a real socket.
import { turn } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { completions } from "../../completions.js";
import { startLoop, type LoopSetup } from "../../loop/fixtures/loop-setup.js";
import type { LoopEvent } from "../../loop/loop-event.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

/** A non-streamed chat completion whose one message is `message`, sent verbatim. */
function replyWith(message: Record<string, unknown>, finishReason: unknown = "stop") {
  return turn.raw(
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
    }),
  );
}

/** A streamed chunk of choice 0 with this delta. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

describe("the legacy function_call", () => {
  it("its zero value on every message ({ name: '', arguments: '' }, tool_calls null, finish_reason '') is no call", async () => {
    setup.server.enqueue(
      replyWith({ content: "Hello!", tool_calls: null, function_call: { name: "", arguments: "" } }, ""),
    );
    const done = await completions(setup.endpoint, "m", new Context().user("Hi"));
    expect(done).toMatchObject({ stopped: "done", text: "Hello!", rounds: 1, toolCalls: [] });
    expect(setup.server.requests).toHaveLength(1);
  });

  it("with a name it is one call, run like any other", async () => {
    setup.server.enqueue(
      replyWith(
        { content: null, function_call: { name: "getWeather", arguments: '{"city":"Oslo"}' } },
        "function_call",
      ),
      turn.text("21° in Oslo."),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("getWeather");
    const done = await completions(setup.endpoint, "m", ctx);
    expect(done.calls.map((call) => [call.name, call.arguments])).toEqual([["getWeather", { city: "Oslo" }]]);
    expect(setup.runs.getWeather).toBe(1);
  });
});

describe("content as an array of parts", () => {
  const parts = [
    { type: "thinking", thinking: [{ type: "text", text: "The user greets me." }] },
    { type: "text", text: "1" },
  ];

  it("streamed: text parts are text (and text deltas), thinking parts are reasoning", async () => {
    setup.server.enqueue(
      turn.chunks([chunk({ role: "assistant", content: parts }), chunk({ content: "23" }), chunk({}, "stop")]),
    );
    const events: LoopEvent[] = [];
    const stream = setup.endpoint.stream("m", "Count", { onEvent: (e) => events.push(e) });
    const done = await stream.completion;
    expect(done.text).toBe("123");
    expect(done.choice.reasoning).toBe("The user greets me.");
    expect(events.flatMap((e) => (e.type === "text-delta" ? [e.text] : []))).toEqual(["1", "23"]);
  });

  it("not streamed: the same parts read the same way", async () => {
    setup.server.enqueue(replyWith({ content: parts }));
    const done = await completions(setup.endpoint, "m", new Context().user("Count"));
    expect(done.text).toBe("1");
    expect(done.choice.reasoning).toBe("The user greets me.");
  });
});

describe("an error object in a stream chunk", () => {
  it("fails the request even when the chunk also has choices (OpenRouter), and nothing is added", async () => {
    setup.server.enqueue(
      turn.chunks([
        chunk({ role: "assistant", content: "Part" }),
        {
          id: "chatcmpl-1",
          object: "chat.completion.chunk",
          error: { code: 502, message: "Provider disconnected" },
          choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }],
        },
      ]),
    );
    const ctx = new Context().user("Hi");
    const error = await setup.endpoint.stream("m", ctx).completion.catch((e: unknown) => e);
    expect(EndpointError.isInstance(error)).toBe(true);
    expect((error as EndpointError).message).toContain("Provider disconnected");
    expect(ctx.messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("an `error: null` beside choices is no error", async () => {
    setup.server.enqueue(turn.chunks([{ ...chunk({ content: "Fine." }, "stop"), error: null }]));
    expect((await setup.endpoint.stream("m", "Hi").completion).text).toBe("Fine.");
  });
});
