// A call decided and run in the same round is checked and prepared once; these are the
// guarantees that must survive that: approvals stay bound to their arguments, and what runs is
// what was decided.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { JSONObject } from "../json.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { Tool } from "../tools/tool.js";
import type { ToolExecuteOptions, ToolOutcome } from "../tools/tool-types.js";
import type { ToolCallContext } from "../tools/tool-call-context.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const callOf = (ctx: Context, message: number): ToolCall =>
  (ctx.messages[message] as { toolCalls: ToolCall[] }).toolCalls[0]!;

describe("completions: calls decided earlier are checked against their binding", () => {
  it("fails an approved call whose arguments changed before the next completion, without running it", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([{ id: "p", name: "pay", arguments: '{"amount":5}' }]),
      turn.text("It was not paid."),
    );
    const ctx = new Context().user("Pay 5.");
    await completions(endpoint, "m", ctx);
    ctx.approve("p");
    callOf(ctx, 1).arguments = { amount: 5000 };
    const completion = await completions(endpoint, "m", ctx);
    expect(runs.pay).toBeUndefined();
    expect(callOf(ctx, 1).policyResult).toEqual({
      status: ToolPolicyStatus.Failed,
      message: expect.stringMatching(/changed after the decision/),
    });
    expect(String(sentMessages(server, 1).at(-1)!.content)).toMatch(/changed after the decision/);
    expect(completion.stopped).toBe("done");
  });

  it("fails an approved call restored from a store and changed after restoring, without running it", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([{ id: "p", name: "pay", arguments: '{"amount":5}' }]),
      turn.text("It was not paid."),
    );
    const ctx = new Context().user("Pay 5.");
    await completions(endpoint, "m", ctx);
    ctx.approve("p");
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    callOf(restored, 1).arguments = { amount: 5000 };
    await completions(endpoint, "m", restored);
    expect(runs).toEqual({});
    expect(callOf(restored, 1).policyResult?.status).toBe(ToolPolicyStatus.Failed);
  });

  it("runs an approved, unchanged call restored from a store, with the binding it was approved with", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCalls([{ id: "p", name: "pay", arguments: '{"amount":5}' }]), turn.text("Paid."));
    const ctx = new Context().user("Pay 5.");
    await completions(endpoint, "m", ctx);
    const approved = ctx.approve("p").binding;
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    expect((await completions(endpoint, "m", restored)).stopped).toBe("done");
    expect(runs.pay).toBe(1);
    expect(callOf(restored, 1).binding).toBe(approved);
  });

  it("records a binding on every call decided in a round, as the store needs it", async () => {
    const { server, endpoint } = setup;
    server.enqueue(
      turn.toolCalls([
        { id: "w", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "p", name: "pay", arguments: '{"amount":9}' },
      ]),
      turn.text("ok"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("getWeather");
    await completions(endpoint, "m", ctx);
    const [weather, pay] = (ctx.messages[1] as { toolCalls: ToolCall[] }).toolCalls;
    expect(weather!.binding).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(pay!.binding).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(weather!.binding).not.toBe(pay!.binding);
    // The pending call restores and runs once approved: its stored binding still matches.
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    restored.approve("p");
    expect((await completions(endpoint, "m", restored)).stopped).toBe("done");
    expect(setup.runs).toEqual({ getWeather: 1, pay: 1 });
  });
});

describe("completions: arguments are prepared once, for the decision and the run", () => {
  const unitSchema = {
    type: "object",
    properties: { city: { type: "string" }, unit: { enum: ["C", "F"], default: "C" } },
    required: ["city"],
    additionalProperties: false,
  };

  it("runs the tool with a fresh copy, defaults applied, and leaves the call's arguments as the model sent them", async () => {
    const { server, endpoint } = setup;
    const seen: Array<{ args: JSONObject; context: JSONObject | undefined }> = [];
    endpoint.tools.define<{ city: string; unit: string }>({
      name: "forecast",
      description: "Forecast.",
      schema: unitSchema,
      impl: (args, context: ToolCallContext) => {
        seen.push({ args: { ...args }, context: context.arguments });
        (args as { city: string }).city = "mutated by the tool";
        return "ok";
      },
    });
    server.enqueue(turn.toolCall("forecast", { city: "Oslo" }), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    expect(seen).toEqual([{ args: { city: "Oslo", unit: "C" }, context: { city: "mutated by the tool", unit: "C" } }]);
    expect(callOf(ctx, 1).arguments).toEqual({ city: "Oslo" });
  });

  it("prepares again for a tool whose schema changed between the decision and the run", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx, 8, {
      onEvent: (event) => {
        if (event.type === "decision")
          endpoint.tools.get("getWeather").schema = {
            type: "object",
            properties: { town: { type: "string" } },
            required: ["town"],
          };
      },
    });
    expect(runs).toEqual({});
    expect(callOf(ctx, 1).policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(callOf(ctx, 1).outcome).toEqual({ status: "failed", message: expect.stringMatching(/town/) });
    expect(callOf(ctx, 1).result?.output).toMatch(/town/);
  });

  it("runs the tool registered at run time when it was replaced after the decision, with its own preparation", async () => {
    const { server, endpoint } = setup;
    const received: unknown[] = [];
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx, 8, {
      onEvent: (event) => {
        if (event.type !== "decision") return;
        endpoint.tools.remove("getWeather");
        endpoint.tools.define({
          name: "getWeather",
          description: "v2",
          schema: unitSchema,
          impl: (args) => void received.push(args),
        });
      },
    });
    expect(received).toEqual([{ city: "Oslo", unit: "C" }]);
  });

  it("keeps asking a Tool subclass that overrides validate and execute", async () => {
    const { server, endpoint } = setup;
    const asked: string[] = [];
    class Audited extends Tool {
      override validate(args: unknown, limits?: { maxToolInput?: number; maxDepth?: number }) {
        asked.push("validate");
        return super.validate(args, limits);
      }
      override execute(args: unknown, options: ToolExecuteOptions): Promise<ToolOutcome> {
        asked.push("execute");
        return super.execute(args, options);
      }
    }
    endpoint.tools.add(new Audited({ name: "audited", description: "", impl: () => "done" }));
    server.enqueue(turn.toolCall("audited", {}), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    expect(asked).toEqual(["validate", "execute"]);
    expect(callOf(ctx, 1).result).toEqual({ output: "done", isError: false });
  });

  it("waits for a Tool subclass whose execute hands back a promise-like that is not a Promise", async () => {
    const { server, endpoint } = setup;
    class Deferred extends Tool {
      override execute(args: unknown, options: ToolExecuteOptions): Promise<ToolOutcome> {
        const settled = super.execute(args, options);
        // A thenable from elsewhere (another realm, a promise library): only its `then` is known.
        return { then: (resolve, reject) => settled.then(resolve, reject) } as Promise<ToolOutcome>;
      }
    }
    endpoint.tools.add(new Deferred({ name: "deferred", description: "", impl: () => "later" }));
    server.enqueue(turn.toolCall("deferred", {}), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    expect(callOf(ctx, 1).result).toEqual({ output: "later", isError: false });
  });

  it("refuses arguments over the completion's maxToolInput at the decision, before the policy is asked", async () => {
    const { endpoint, runs } = setup;
    let asked = 0;
    const ctx = new Context()
      .user("go")
      .assistant(null, [{ id: "big", name: "getWeather", arguments: { city: "x".repeat(200) } }]);
    ctx.toolPolicy.evaluator = () => (asked++, ToolPolicyStatus.Allowed);
    setup.server.enqueue(turn.text("ok"));
    await completions(endpoint, "m", ctx, 8, { maxToolInput: 100 });
    expect(asked).toBe(0);
    expect(runs).toEqual({});
    expect(callOf(ctx, 1).policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(callOf(ctx, 1).result?.output).toMatch(/too large/);
  });

  it("still times out a prepared call with the tool's own timeout, and gives it a signal that fires", async () => {
    const { server, endpoint } = setup;
    let signal: AbortSignal | undefined;
    endpoint.tools.define({
      name: "hang",
      description: "Never returns.",
      timeoutMs: 10,
      impl: (_args, context) => ((signal = context.signal), new Promise(() => undefined)),
    });
    server.enqueue(turn.toolCall("hang", {}), turn.text("It timed out."));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.calls[0]!.outcome).toEqual({ status: "timedOut", message: "Tool hang timed out after 10 ms." });
    expect(signal?.aborted).toBe(true);
  });
});
