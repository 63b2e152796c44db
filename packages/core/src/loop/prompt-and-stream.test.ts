import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "./loop-event.js";
import { streamCompletion } from "./stream.js";
import { startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

describe("a prompt string", () => {
  it("returns the model's calls without running any, whatever the policy", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }));
    const completion = await completions(endpoint, "m", "Weather in Oslo?");
    expect(completion.stopped).toBe("attention");
    expect(completion.toolCalls.map((call) => [call.name, call.arguments, call.policyResult?.status])).toEqual([
      ["getWeather", { city: "Oslo" }, ToolPolicyStatus.Pending],
    ]);
    expect(runs).toEqual({});
    expect((server.requests[0]!.body as { messages: unknown[] }).messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
    ]);
  });
});

describe("a raw request body", () => {
  it("is sent as it is, and its calls come back without running", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", { amount: 9 }));
    const body = {
      messages: [{ role: "user", content: "Pay 9." }],
      tools: [
        {
          type: "function",
          function: { name: "pay", parameters: { type: "object", properties: { amount: { type: "number" } } } },
        },
      ],
      temperature: 0,
    };
    const completion = await completions(endpoint, "m", body);
    expect(completion.toolCalls.map((call) => [call.name, call.arguments])).toEqual([["pay", { amount: 9 }]]);
    expect(completion.stopped).toBe("attention");
    expect(runs).toEqual({});
    expect(server.requests[0]!.body).toMatchObject({ ...body, model: "m" });
  });
});

describe("streamCompletion", () => {
  it("yields text deltas, calls, results and round ends while the loop runs, then the completion", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }),
      turn.text("It is 21 degrees in Oslo.", { deltaSize: 5 }),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const stream = streamCompletion(endpoint, "m", ctx);
    const events: LoopEvent[] = [];
    for await (const event of stream) events.push(event);
    const completion = await stream.completion;
    expect(completion).toMatchObject({ stopped: "done", text: "It is 21 degrees in Oslo.", rounds: 2 });
    expect(runs.getWeather).toBe(1);
    const text = events.filter((e) => e.type === "text-delta").map((e) => (e as { text: string }).text);
    expect(text.length).toBeGreaterThan(1);
    expect(text.join("")).toBe("It is 21 degrees in Oslo.");
    const types = new Set(events.map((e) => e.type));
    for (const type of ["request", "tool-call-delta", "tool-call", "decision", "tool-result", "round-end"])
      expect(types.has(type as LoopEvent["type"])).toBe(true);
    expect(server.requests.every((r) => r.stream)).toBe(true);
  });

  it("runs the loop even when nobody iterates", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("ok"));
    const completion = await streamCompletion(endpoint, "m", new Context().user("x")).completion;
    expect(completion.text).toBe("ok");
  });

  it("rejects the completion and the iteration when the stream is cut, leaving the context as it was", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ ...turn.text("a long answer that is cut", { deltaSize: 3 }), cutAfter: 2, omitDone: true });
    const ctx = new Context().user("x");
    const before = structuredClone(ctx.messages);
    const stream = streamCompletion(endpoint, "m", ctx);
    const iterate = (async () => {
      for await (const _event of stream) void _event;
    })();
    await expect(iterate).rejects.toThrow();
    await expect(stream.completion).rejects.toThrow();
    expect(ctx.messages).toEqual(before);
  });

  it("aborts the loop when the consumer stops iterating", async () => {
    const { server, endpoint } = setup;
    // Eleven seconds of words: still coming when the consumer leaves, however slow the machine.
    server.enqueue({ ...turn.text("slow words ".repeat(20), { deltaSize: 4 }), chunkDelayMs: 200 });
    const ctx = new Context().user("x");
    const stream = streamCompletion(endpoint, "m", ctx);
    for await (const event of stream) if (event.type === "text-delta") break;
    await expect(stream.completion).rejects.toThrow();
    expect(ctx.messages).toHaveLength(1);
  });
});
