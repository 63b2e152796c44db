import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "./loop-event.js";
import { recording, sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

describe("completions: rounds", () => {
  it("returns the text when the model calls no tool", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("Hello there.", { usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }));
    const ctx = new Context().user("Hi");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion).toMatchObject({ text: "Hello there.", stopped: "done", rounds: 1, calls: [], toolCalls: [] });
    expect(completion.usage).toEqual({ promptTokens: 5, completionTokens: 3, totalTokens: 8 });
    expect(completion.target).toEqual({ baseURL: server.url, model: "m" });
    expect(ctx.messages.at(-1)).toEqual({ role: "assistant", content: "Hello there." });
  });

  it("runs allowed calls, sends every result back, and sums usage over rounds", async () => {
    const { server, endpoint, runs } = setup;
    const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };
    server.enqueue(
      turn.toolCalls(
        [
          { id: "a", name: "getWeather", arguments: '{"city":"Oslo"}' },
          { id: "b", name: "getWeather", arguments: '{"city":"Rome"}' },
        ],
        { usage },
      ),
      turn.text("Oslo 21°, Rome 21°.", { usage }),
    );
    const ctx = new Context().user("Weather in Oslo and Rome?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion).toMatchObject({ stopped: "done", text: "Oslo 21°, Rome 21°.", rounds: 2 });
    expect(completion.usage.totalTokens).toBe(24);
    expect(runs.getWeather).toBe(2);
    expect(completion.calls.map((call) => [call.id, call.policyResult?.status, call.result?.output])).toEqual([
      ["a", ToolPolicyStatus.Allowed, '{"city":"Oslo","celsius":21}'],
      ["b", ToolPolicyStatus.Allowed, '{"city":"Rome","celsius":21}'],
    ]);
    // The assistant message is appended once, then one result per call, in the model's order.
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "assistant"]);
    expect(sentMessages(server, 1).slice(2)).toEqual([
      { role: "tool", tool_call_id: "a", content: '{"city":"Oslo","celsius":21}' },
      { role: "tool", tool_call_id: "b", content: '{"city":"Rome","celsius":21}' },
    ]);
  });

  it("keeps one array of the round's calls: the completion's, its choice's and the assistant message's", async () => {
    const { server, endpoint } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "a", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "b", name: "getWeather", arguments: '{"city":"Rome"}' },
      ]),
    );
    const ctx = new Context().user("Weather in Oslo and Rome?"); // no rule: both calls wait for approval
    const completion = await completions(endpoint, "m", ctx);
    const message = ctx.messages[1]!;
    expect(completion.stopped).toBe("attention");
    expect(Object.keys(message)).toEqual(["role", "content", "toolCalls"]);
    expect(message.role === "assistant" && message.toolCalls).toBe(completion.toolCalls);
    expect(completion.choice.toolCalls).toBe(completion.toolCalls);
    expect(completion.toolCalls.map((call) => call.id)).toEqual(["a", "b"]);
    expect(completion.calls).toEqual(completion.toolCalls);
  });

  it("answers a failed call with an error the model can read, and goes on", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "a", name: "getWeather", arguments: '{"town":"Oslo"}' },
        { id: "b", name: "teleport", arguments: "{}" },
        { id: "c", name: "getWeather", arguments: '{"city":' },
      ]),
      turn.toolCall("getWeather", { city: "Oslo" }),
      turn.text("21°."),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.stopped).toBe("done");
    const [bad, unknown, cut] = completion.calls;
    expect([bad!.policyResult?.status, unknown!.policyResult?.status, cut!.policyResult?.status]).toEqual([
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Failed,
    ]);
    expect(bad!.result?.output).toContain("city");
    expect(unknown!.result?.output).toContain("getWeather, pay");
    expect(cut!.result?.output).toContain("not valid JSON");
    expect(runs.getWeather).toBe(1);
  });

  it("offers the same tools array while the registry and the tools option are unchanged", async () => {
    const { server, endpoint } = setup;
    const { endpoint: spy, requests } = recording(endpoint);
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }),
      turn.text("ok"),
      turn.text("again"),
      turn.text("subset"),
      turn.text("subset again"),
      turn.text("changed"),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    await completions(spy, "m", ctx);
    ctx.user("And again?");
    await completions(spy, "m", ctx);
    ctx.user("Only weather.");
    await completions(spy, "m", ctx, 8, { tools: ["getWeather"] });
    ctx.user("Only weather again.");
    await completions(spy, "m", ctx, 8, { tools: ["getWeather"] });
    endpoint.tools.define({ name: "extra", description: "x", impl: () => "x" });
    ctx.user("More tools now.");
    await completions(spy, "m", ctx);
    const [first, second, third, fourth, fifth, sixth] = requests.map((r) => r.tools);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fourth!.map((t) => t.name)).toEqual(["getWeather"]);
    expect(fifth).toBe(fourth);
    expect(sixth).not.toBe(first);
    expect(sixth!.map((t) => t.name)).toEqual(["getWeather", "pay", "extra"]);
    expect((server.requests[3]!.body as { tools: unknown[] }).tools).toHaveLength(1);
  });

  it("sends the whole conversation so far with every request", async () => {
    // That a round serialises only what is new is checked by `npm run bench:work` (bench/work-per-round.mjs).
    const { server, endpoint } = setup;
    server.enqueue(
      turn.toolCall("getWeather", { city: "A" }),
      turn.toolCall("getWeather", { city: "B" }),
      turn.toolCall("getWeather", { city: "C" }),
      turn.text("done"),
    );
    const ctx = new Context().system("s").user("u");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    expect(server.requests.map((_, i) => sentMessages(server, i).length)).toEqual([2, 4, 6, 8]);
    const last = sentMessages(server, 3);
    expect(last.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
    ]);
    for (let i = 0; i < 3; i++) expect(sentMessages(server, i)).toEqual(last.slice(0, 2 + 2 * i));
  });

  it("forces a tool choice in the first request only", async () => {
    const { server, endpoint } = setup;
    endpoint.config("m").toolChoice = { name: "getWeather" };
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21°"));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    const choices = server.requests.map((r) => (r.body as { tool_choice: unknown }).tool_choice);
    expect(choices).toEqual([{ type: "function", function: { name: "getWeather" } }, "auto"]);
  });

  it("reports every request, reply, decision, start, result and round end", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21°"));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const events: LoopEvent[] = [];
    await completions(endpoint, "m", ctx, 8, { onEvent: (event) => events.push(event) });
    expect(events.map((e) => `${e.type}@${e.round}`)).toEqual([
      "request@1",
      "reply@1",
      "tool-call@1",
      "decision@1",
      "tool-start@1",
      "tool-result@1",
      "round-end@1",
      "request@2",
      "reply@2",
      "round-end@2",
    ]);
  });

  it("keeps working when an event listener throws", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("fine"));
    const completion = await completions(endpoint, "m", new Context().user("x"), 8, {
      onEvent: () => {
        throw new Error("logger down");
      },
    });
    expect(completion.text).toBe("fine");
  });

  it("runs calls concurrently when asked, answering each", async () => {
    const { server, endpoint } = setup;
    let running = 0;
    let most = 0;
    endpoint.tools.define({
      name: "slow",
      description: "slow",
      impl: async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        return "ok";
      },
    });
    server.enqueue(
      turn.toolCalls([1, 2, 3].map((i) => ({ id: `s${i}`, name: "slow", arguments: "{}" }))),
      turn.text("done"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("slow");
    await completions(endpoint, "m", ctx, 8, { concurrency: 3 });
    expect(most).toBe(3);
    expect(ctx.messages.filter((m) => m.role === "tool")).toHaveLength(3);
  });

  it("runs calls one at a time, in the model's order, by default", async () => {
    const { server, endpoint } = setup;
    const order: string[] = [];
    let running = 0;
    let most = 0;
    endpoint.tools.define({
      name: "step",
      description: "step",
      schema: { type: "object", properties: { n: { type: "string" } }, required: ["n"] },
      impl: async (args: { n: string }) => {
        most = Math.max(most, ++running);
        order.push(`start ${args.n}`);
        // The first call is the slowest: run in parallel, it would finish last.
        await new Promise((resolve) => setTimeout(resolve, args.n === "a" ? 30 : 1));
        order.push(`end ${args.n}`);
        running--;
        return args.n;
      },
    });
    server.enqueue(
      turn.toolCalls(["a", "b", "c"].map((n) => ({ id: n, name: "step", arguments: { n } }))),
      turn.text("done"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("step");
    await completions(endpoint, "m", ctx);
    expect(most).toBe(1);
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(ctx.messages.filter((m) => m.role === "tool").map((m) => m.callId)).toEqual(["a", "b", "c"]);
  });

  it("orders tools that return plain values as tools that take time: one at a time, or every worker starting first", async () => {
    const { server, endpoint } = setup;
    endpoint.tools.define({
      name: "now",
      description: "returns at once",
      schema: { type: "object", properties: { n: { type: "string" } }, required: ["n"] },
      impl: (args: { n: string }) => args.n,
    });
    const events = async (concurrency: number): Promise<string[]> => {
      server.enqueue(
        turn.toolCalls(["a", "b"].map((n) => ({ id: `${n}${concurrency}`, name: "now", arguments: { n } }))),
        turn.text("done"),
      );
      const ctx = new Context().user("go");
      ctx.toolPolicy.allow("now");
      const seen: string[] = [];
      const onEvent = (event: LoopEvent) => {
        if (event.type === "tool-start" || event.type === "tool-result") seen.push(`${event.type} ${event.call.id}`);
      };
      const completion = await completions(endpoint, "m", ctx, 8, { concurrency, onEvent });
      expect(ctx.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["a", "b"]);
      expect(completion.stopped).toBe("done");
      return seen;
    };
    expect(await events(1)).toEqual(["tool-start a1", "tool-result a1", "tool-start b1", "tool-result b1"]);
    expect(await events(2)).toEqual(["tool-start a2", "tool-start b2", "tool-result a2", "tool-result b2"]);
  });

  it("keeps the last reply's body as the server sent it in raw", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Sunny.", { extra: { custom_field: 7 } }));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await completions(endpoint, "m", ctx);
    const raw = completion.raw as {
      object: string;
      choices: Array<{ message: { content: string; custom_field?: number } }>;
    };
    expect(raw.object).toBe("chat.completion");
    expect(raw.choices[0]!.message.content).toBe("Sunny.");
    expect(raw.choices[0]!.message.custom_field).toBe(7);
    expect(completion.choice).toBe(completion.choices[0]);
  });

  it("passes toolContext and the context to the tool", async () => {
    const { server, endpoint } = setup;
    const seen: unknown[] = [];
    endpoint.tools.define({
      name: "whoami",
      description: "who",
      impl: (_args, call) => {
        seen.push(call.toolContext, call.context, call.callId);
        return "you";
      },
    });
    server.enqueue(turn.toolCalls([{ id: "w1", name: "whoami", arguments: "{}" }]), turn.text("done"));
    const ctx = new Context().user("who am I?");
    ctx.toolPolicy.allow("whoami");
    await completions(endpoint, "m", ctx, 8, { toolContext: { user: "ada" } });
    expect(seen).toEqual([{ user: "ada" }, ctx, "w1"]);
  });
});
