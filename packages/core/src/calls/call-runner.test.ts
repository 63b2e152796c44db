// The call runner on its own, as anything that receives calls outside a completion uses it
// (@tooltype/mcp does): decide, then run, with the completion's limits, repair, hooks and results.
import type { ToolCall } from "../policy/tool-call.js";
import { ToolPolicy } from "../policy/tool-policy.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import type { CallEvent } from "./call-event.js";
import { CallRunner } from "./call-runner.js";

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.define<{ amount: number }>({
    name: "pay",
    description: "Pay an amount.",
    schema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
    impl: ({ amount }) => `paid ${amount}`,
  });
  tools.define({ name: "hang", description: "Never returns.", impl: () => new Promise(() => undefined) });
  tools.define({ name: "dump", description: "Returns a lot.", impl: () => "x".repeat(500) });
  return tools;
}

function call(name: string, args: Record<string, unknown> | null, raw = JSON.stringify(args)): ToolCall {
  return { id: `call_${name}`, type: "function", name, arguments: args as ToolCall["arguments"], rawArguments: raw };
}

describe("CallRunner", () => {
  it("decides, records the binding, runs an allowed call and answers it, with an event for each step", async () => {
    const events: string[] = [];
    const onEvent = (event: CallEvent) => events.push(`${event.type} ${event.call.name}`);
    const runner = new CallRunner({ registry: registry(), policy: new ToolPolicy().allow("pay"), onEvent });
    const pay = call("pay", { amount: 5 });
    await runner.decide([pay]);
    expect(pay.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(pay.binding).toMatch(/^sha256:[0-9a-f]{64}$/);
    await runner.run([pay]);
    expect(pay).toMatchObject({ started: true, result: { output: "paid 5", isError: false } });
    expect(pay.outcome).toBeUndefined();
    expect(events).toEqual(["decision pay", "tool-start pay", "tool-result pay"]);
  });

  it("answers a call that cannot run with its error, and leaves a pending or denied one alone unless asked", async () => {
    const policy = new ToolPolicy().deny("dump");
    const runner = new CallRunner({ registry: registry(), policy });
    const [unknown, invalid, pending, denied] = [
      call("nope", {}),
      call("pay", { amount: "five" }),
      call("pay", { amount: 1 }),
      call("dump", {}),
    ];
    await runner.decide([unknown, invalid, pending, denied]);
    expect([unknown, invalid, pending, denied].map((c) => c.policyResult?.status)).toEqual([
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Pending,
      ToolPolicyStatus.Denied,
    ]);
    await runner.run([unknown, invalid, pending, denied]);
    expect(unknown.result?.output).toMatch(/No tool named \\"nope\\" is registered. Available tools: pay, hang, dump/);
    expect(invalid.result?.output).toMatch(/Invalid arguments for pay/);
    expect([pending.result, denied.result]).toEqual([undefined, undefined]);
    await runner.run([denied], 0, true);
    expect(denied.result).toEqual({ output: expect.stringMatching(/The call was not run: /), isError: true });
  });

  it("keeps the decision Allowed and records how a run ended that did not return: timed out, cancelled", async () => {
    const controller = new AbortController();
    const runner = new CallRunner({
      registry: registry(),
      policy: new ToolPolicy().allow("*"),
      toolTimeoutMs: 10,
      signal: controller.signal,
    });
    const hang = call("hang", {});
    await runner.decide([hang]);
    await runner.run([hang]);
    expect(hang.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(hang.outcome).toEqual({ status: "timedOut", message: "Tool hang timed out after 10 ms." });
    const late = call("pay", { amount: 2 });
    await runner.decide([late]);
    controller.abort();
    await runner.run([late]);
    expect(late.started).toBeUndefined();
    expect(late.outcome).toEqual({
      status: "cancelled",
      message: "Cancelled before it ran: the completion was aborted.",
    });
  });

  it("cuts a result to maxToolOutput, repairs arguments when asked, and runs each tool inside the hooks", async () => {
    const wrapped: string[] = [];
    const hooks = {
      async tool<T>(toolCall: ToolCall, run: () => Promise<T>): Promise<T> {
        wrapped.push(`before ${toolCall.name}`);
        const done = await run();
        wrapped.push(`after ${toolCall.name} ${toolCall.result === undefined ? "unanswered" : "answered"}`);
        return done;
      },
    };
    const policy = new ToolPolicy().allow("*");
    const runner = new CallRunner({ registry: registry(), policy, maxToolOutput: 100, repair: true, hooks });
    const dump = call("dump", {});
    const almost = call("pay", null, "```json\n{'amount': 7,}\n```");
    await runner.decide([dump, almost]);
    await runner.run([dump, almost]);
    expect(dump.result?.output).toMatch(/^x{100}\n\[Cut by tooltype: the result was 500 bytes/);
    expect(almost.result?.output).toBe("paid 7");
    expect(almost.repaired?.length).toBeGreaterThan(0);
    expect(wrapped).toEqual(["before dump", "after dump answered", "before pay", "after pay answered"]);
  });

  it("settles without a promise when the rules decide and the tools return at once, with one otherwise", async () => {
    const policy = new ToolPolicy().allow("pay");
    const runner = new CallRunner({ registry: registry(), policy });
    const pay = call("pay", { amount: 1 });
    expect(runner.decide([pay])).toBeUndefined();
    expect(runner.run([pay])).toBeUndefined();
    expect(pay.result?.output).toBe("paid 1");
    policy.evaluator = () => ToolPolicyStatus.Allowed;
    const asked = call("hang", {});
    const deciding = runner.decide([asked]);
    expect(deciding).toBeInstanceOf(Promise);
    await deciding;
    expect(asked.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
  });

  it("fails a call decided elsewhere whose arguments changed since, without running it", async () => {
    const decided = call("pay", { amount: 5 });
    await new CallRunner({ registry: registry(), policy: new ToolPolicy().allow("pay") }).decide([decided]);
    decided.arguments = { amount: 5000 };
    await new CallRunner({ registry: registry(), policy: new ToolPolicy() }).run([decided]);
    expect(decided.started).toBeUndefined();
    expect(decided.policyResult).toEqual({
      status: ToolPolicyStatus.Failed,
      message: expect.stringMatching(/changed/),
    });
  });

  it("makes a call of input that arrived as data, read under its limits as a model's arguments are", async () => {
    const tools = registry();
    tools.define({ name: "note", description: "Takes a note.", custom: true, impl: (text: string) => `noted ${text}` });
    const runner = new CallRunner({ registry: tools, policy: new ToolPolicy().allow("*"), maxToolInput: 64 });
    const pay = runner.newCall("job_1", "pay", { amount: 5 });
    expect(pay).toEqual({
      id: "job_1",
      type: "function",
      name: "pay",
      arguments: { amount: 5 },
      rawArguments: '{"amount":5}',
    });
    const note = runner.newCall("job_2", "note", "buy milk");
    expect(note).toMatchObject({ type: "custom", arguments: null, rawArguments: "buy milk" });
    const large = runner.newCall("job_3", "pay", { amount: 5, memo: "x".repeat(100) });
    expect(large.argumentError).toMatch(/over the limit of 64 bytes/);
    let nested: Record<string, unknown> = {};
    for (let i = 0; i < 200_000; i++) nested = { inner: nested };
    const deep = runner.newCall("job_4", "pay", nested);
    expect(deep.arguments).toBeNull();
    expect(deep.argumentError).toMatch(/could not be read|deeper than/);
    const overflow = runner.newCall("job_5", "pay", { amount: Infinity });
    expect(overflow.argumentError).toMatch(/cannot be used/);

    const calls = [pay, note, large, deep, overflow];
    await runner.decide(calls);
    await runner.run(calls);
    expect(calls.map((call) => [call.policyResult?.status, call.result?.output])).toEqual([
      [ToolPolicyStatus.Allowed, "paid 5"],
      [ToolPolicyStatus.Allowed, "noted buy milk"],
      [ToolPolicyStatus.Failed, expect.stringContaining("over the limit of 64 bytes")],
      [ToolPolicyStatus.Failed, expect.stringContaining(deep.argumentError!)],
      [ToolPolicyStatus.Failed, expect.stringContaining("cannot be used")],
    ]);
  });

  it("checks its options at once", () => {
    const tools = registry();
    const policy = new ToolPolicy();
    expect(() => new CallRunner({ registry: tools, policy, maxToolOutput: 0 })).toThrow(RangeError);
    expect(() => new CallRunner({ registry: tools, policy, toolTimeoutMs: -1 })).toThrow(/toolTimeoutMs/);
    expect(() => new CallRunner({ registry: tools, policy: undefined as unknown as ToolPolicy })).toThrow(TypeError);
  });
});
