import { turn } from "@tooltype/testing";
import { ContextJSONError } from "../context/context-errors.js";
import { Context } from "../context/context.js";
import type { ToolCall } from "../policy/tool-call.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const secret = "a-test-secret-from-the-environment";

describe("completions: policy and approvals", () => {
  it("runs nothing by default: every call comes back Pending, stopped for attention", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", { amount: 500 }));
    const ctx = new Context().user("Pay 500.");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.stopped).toBe("attention");
    expect(completion.toolCalls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Pending);
    expect(ctx.pending()).toHaveLength(1);
    expect(runs.pay).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it("never runs a denied call, even when allowed by another rule; runs the allowed ones of the batch", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "w", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "p", name: "pay", arguments: '{"amount":1}' },
      ]),
      turn.text("ok"),
    );
    const ctx = new Context().user("Weather, then pay.");
    ctx.toolPolicy.allow("*").deny("pay");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.stopped).toBe("attention");
    expect(runs).toEqual({ getWeather: 1 });
    expect(ctx.unanswered().map((call) => [call.id, call.policyResult?.status])).toEqual([
      ["p", ToolPolicyStatus.Denied],
    ]);
    // Calling again answers the denial (no override), and the model goes on.
    const next = await completions(endpoint, "m", ctx);
    expect(next.stopped).toBe("done");
    expect(runs).toEqual({ getWeather: 1 });
    const answers = sentMessages(server, 1).filter((m) => m.role === "tool");
    expect(answers.map((m) => m.tool_call_id)).toEqual(["w", "p"]);
    expect(String(answers[1]!.content)).toContain("Denied by the policy");
  });

  it("returns at once, sending nothing, while a call is still undecided", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.toolCall("pay", { amount: 5 }));
    const ctx = new Context().user("Pay.");
    await completions(endpoint, "m", ctx);
    const again = await completions(endpoint, "m", ctx);
    expect(again).toMatchObject({ stopped: "attention", rounds: 0 });
    expect(again.toolCalls.map((call) => call.name)).toEqual(["pay"]);
    expect(server.requests).toHaveLength(1);
  });

  it("approve → the call runs once at the next completion; reject → the model is told why", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "p1", name: "pay", arguments: '{"amount":5}' },
        { id: "p2", name: "pay", arguments: '{"amount":5000}' },
      ]),
      turn.text("Paid 5, not 5000."),
    );
    const ctx = new Context().user("Pay both.");
    ctx.toolPolicy.evaluator = (_tool, call) =>
      Number(call.arguments?.amount) > 100
        ? { status: ToolPolicyStatus.Pending, message: "Over 100 needs a human." }
        : ToolPolicyStatus.Allowed;
    const first = await completions(endpoint, "m", ctx);
    expect(first.stopped).toBe("attention");
    expect(runs.pay).toBe(1);
    expect(ctx.pending().map((call) => call.id)).toEqual(["p2"]);
    ctx.reject("p2", "too much");
    const second = await completions(endpoint, "m", ctx);
    expect(second.stopped).toBe("done");
    expect(runs.pay).toBe(1);
    expect(sentMessages(server, 1).at(-1)).toEqual({
      role: "tool",
      tool_call_id: "p2",
      content: JSON.stringify({ error: "The call was not run: Rejected by the application: too much" }),
    });
  });

  it("overrides a denial with approve, and never re-runs a call that has a result", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "w", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "p", name: "pay", arguments: '{"amount":1}' },
      ]),
      turn.text("done"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("getWeather").deny("pay");
    await completions(endpoint, "m", ctx);
    ctx.approve("p");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.stopped).toBe("done");
    expect(runs).toEqual({ getWeather: 1, pay: 1 });
    expect(completion.calls.map((call) => call.id)).toEqual(["p"]); // the calls this completion answered
  });

  it("approve later in another process: JSON.stringify → fromJSON → approve → resume", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCalls([{ id: "p", name: "pay", arguments: '{"amount":250}' }]), turn.text("Paid 250."));
    const first = new Context({ secret }).user("Pay 250.");
    await completions(endpoint, "m", first);
    const stored = JSON.stringify(first); // signed: the context was given the secret
    expect(stored).not.toContain(secret);

    const restored = Context.fromJSON(JSON.parse(stored), { secret });
    restored.toolPolicy.allow("getWeather"); // policy is code: set again after restoring
    expect(restored.pending().map((call) => [call.id, call.name, call.arguments])).toEqual([
      ["p", "pay", { amount: 250 }],
    ]);
    restored.approve("p");
    const done = await completions(endpoint, "m", restored);
    expect(done).toMatchObject({ stopped: "done", text: "Paid 250." });
    expect(runs.pay).toBe(1);
    expect(sentMessages(server, 1).at(-1)).toEqual({ role: "tool", tool_call_id: "p", content: "paid 250" });
  });

  it("refuses a tampered signed store, and fails a call changed in an unsigned one instead of running it", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCalls([{ id: "p", name: "pay", arguments: '{"amount":5}' }]), turn.text("ok"));
    const ctx = new Context().user("Pay 5.");
    await completions(endpoint, "m", ctx);
    ctx.approve("p");

    const signed = ctx.toJSON({ secret });
    const tampered = JSON.parse(JSON.stringify(signed).replace('"amount":5', '"amount":5000'));
    expect(() => Context.fromJSON(tampered, { secret })).toThrow(ContextJSONError);

    const unsigned = JSON.parse(JSON.stringify(ctx).replace('"amount":5', '"amount":5000'));
    const restored = Context.fromJSON(unsigned);
    const completion = await completions(endpoint, "m", restored);
    expect(runs.pay).toBeUndefined();
    expect(completion.stopped).toBe("done");
    const call = (restored.messages[1] as { toolCalls: ToolCall[] }).toolCalls[0]!;
    expect(call.policyResult?.status).toBe(ToolPolicyStatus.Failed);
  });

  it("resumes a call stored while it ran as interrupted: it never runs twice", async () => {
    const { server, endpoint } = setup;
    let started = 0;
    let snapshot: unknown;
    endpoint.tools.define({ name: "transfer", description: "Moves money.", impl: () => ++started });
    server.enqueue(turn.toolCall("transfer", {}), turn.text("The transfer was interrupted; check your balance."));
    const ctx = new Context().user("Transfer.");
    ctx.toolPolicy.allow("transfer");
    await completions(endpoint, "m", ctx, 1, {
      onEvent: (event) => {
        if (event.type === "tool-start") snapshot = JSON.parse(JSON.stringify(ctx));
      },
    });
    expect(started).toBe(1);
    const restored = Context.fromJSON(snapshot);
    const call = (restored.messages[1] as { toolCalls: ToolCall[] }).toolCalls[0]!;
    expect(call.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(call.outcome).toEqual({ status: "interrupted", message: expect.stringMatching(/interrupted/i) });
    await completions(endpoint, "m", restored);
    expect(started).toBe(1);
    expect(String(sentMessages(server, 1).at(-1)!.content)).toMatch(/interrupted/i);
  });

  it("refuses a second completion on a context while one runs", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ ...turn.text("slow"), delayMs: 50 }, turn.text("never"));
    const ctx = new Context().user("x");
    const running = completions(endpoint, "m", ctx);
    await expect(completions(endpoint, "m", ctx)).rejects.toThrow(/already running/);
    await running;
  });
});
