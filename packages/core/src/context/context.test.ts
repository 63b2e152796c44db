import { ToolPolicy } from "../policy/tool-policy.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { ApprovalError, ContextError } from "./context-errors.js";
import { Context } from "./context.js";
import { contextInternals } from "./context-internals.js";
import { callBinding } from "./signing.js";
import type { ToolCall } from "../policy/tool-call.js";

function pendingCall(id: string, name: string, args: Record<string, string | number> = {}): ToolCall {
  const call: ToolCall = { id, type: "function", name, arguments: args, rawArguments: JSON.stringify(args) };
  call.policyResult = { status: ToolPolicyStatus.Pending, message: "needs approval" };
  call.binding = callBinding(call);
  return call;
}

/** A context whose last assistant message asked for `calls` (as the loop leaves it). */
function waitingOn(...calls: ToolCall[]): Context {
  const ctx = new Context().system("Be brief.").user("Pay the bills.");
  contextInternals(ctx).appendAssistant({ role: "assistant", content: null, toolCalls: calls });
  return ctx;
}

describe("Context", () => {
  it("appends messages in order and keeps them", () => {
    const ctx = new Context().system("You are terse.").user("Hi");
    ctx.assistant("Hello.");
    expect(ctx.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello." },
    ]);
  });

  it("starts with a policy that has no rules", () => {
    const ctx = new Context();
    expect(ctx.toolPolicy).toBeInstanceOf(ToolPolicy);
    expect(ctx.toolPolicy.allowed).toEqual([]);
    expect(ctx.toolPolicy.evaluator).toBeUndefined();
  });

  it("lists pending calls and approves one, binding the approval to its arguments", () => {
    const ctx = waitingOn(pendingCall("c1", "pay", { amount: 5 }), pendingCall("c2", "pay", { amount: 900 }));
    expect(ctx.pending().map((call) => call.id)).toEqual(["c1", "c2"]);
    const approved = ctx.approve("c2");
    expect(approved.policyResult).toEqual({
      status: ToolPolicyStatus.Allowed,
      message: "Approved by the application.",
    });
    expect(approved.binding).toBe(callBinding(approved));
    expect(ctx.pending().map((call) => call.id)).toEqual(["c1"]);
  });

  it("rejects a pending call with a reason, and refuses to reject it twice", () => {
    const ctx = waitingOn(pendingCall("c1", "deleteRepo"));
    const rejected = ctx.reject("c1", "not on a Friday");
    expect(rejected.policyResult).toEqual({
      status: ToolPolicyStatus.Denied,
      message: "Rejected by the application: not on a Friday",
    });
    expect(() => ctx.reject("c1")).toThrow(ApprovalError);
    expect(ctx.pending()).toEqual([]);
  });

  it("approves a denied call as a deliberate override", () => {
    const call = pendingCall("c1", "rm");
    call.policyResult = { status: ToolPolicyStatus.Denied, message: 'Denied by the policy (deny "rm").' };
    const ctx = waitingOn(call);
    expect(ctx.approve("c1").policyResult?.message).toContain("overriding");
  });

  it("throws a typed error for unknown, answered or already approved ids", () => {
    const ctx = waitingOn(pendingCall("c1", "pay"));
    expect(() => ctx.approve("nope")).toThrow(ApprovalError);
    ctx.approve("c1");
    const second = (() => {
      try {
        ctx.approve("c1");
      } catch (error) {
        return error;
      }
    })();
    expect(ApprovalError.isInstance(second) && second.code).toBe("APPROVAL");
    ctx.tool("c1", "paid");
    expect(() => ctx.approve("c1")).toThrow(/already answered/);
  });

  it("fails an approval when the call changed after its decision", () => {
    const call = pendingCall("c1", "pay", { amount: 5 });
    const ctx = waitingOn(call);
    call.arguments = { amount: 5000 };
    expect(() => ctx.approve("c1")).toThrow(ApprovalError);
    expect(call.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(call.result?.isError).toBe(true);
    expect(ctx.messages.at(-1)).toMatchObject({ role: "tool", callId: "c1", isError: true });
  });

  it("answers a waiting call manually with tool(callId, output)", () => {
    const ctx = waitingOn(pendingCall("c1", "getWeather"));
    ctx.tool("c1", '{"temp":21}');
    const [call] = (ctx.messages[2] as { toolCalls: ToolCall[] }).toolCalls;
    expect(call!.result).toEqual({ output: '{"temp":21}', isError: false });
    expect(call!.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(ctx.messages.at(-1)).toEqual({
      role: "tool",
      callId: "c1",
      name: "getWeather",
      content: '{"temp":21}',
      isError: false,
    });
    expect(() => ctx.tool("c1", "again")).toThrow(ContextError);
  });

  it("refuses a new message while calls wait, and answers denied calls before one", () => {
    const ctx = waitingOn(pendingCall("c1", "pay"));
    const before = ctx.messages.length;
    expect(() => ctx.user("hello?")).toThrow(ContextError);
    expect(ctx.messages.length).toBe(before);
    ctx.reject("c1", "too expensive");
    ctx.user("Do it cheaper.");
    expect(ctx.messages.slice(-2)).toEqual([
      {
        role: "tool",
        callId: "c1",
        name: "pay",
        content: JSON.stringify({ error: "The call was not run: Rejected by the application: too expensive" }),
        isError: true,
      },
      { role: "user", content: "Do it cheaper." },
    ]);
  });

  it("builds a history with calls by hand; they wait undecided", () => {
    const ctx = new Context().user("Weather?");
    ctx.assistant(null, [{ id: "c1", name: "getWeather", arguments: { city: "Oslo" } }]);
    expect(ctx.pending().map((call) => [call.id, call.rawArguments])).toEqual([["c1", '{"city":"Oslo"}']]);
    expect(() => ctx.user("more")).toThrow(ContextError);
    expect(() => new Context().assistant(null, [{ id: "x", name: "a", arguments: [] as never }])).toThrow(TypeError);
  });

  it("refuses duplicate call ids in one message and non-string content", () => {
    const ctx = new Context();
    expect(() =>
      ctx.assistant(null, [
        { id: "same", name: "a", arguments: {} },
        { id: "same", name: "b", arguments: {} },
      ]),
    ).toThrow(ContextError);
    expect(() => ctx.user(42 as unknown as string)).toThrow(TypeError);
  });

  it("refuses changes while a completion runs on it", () => {
    const ctx = waitingOn(pendingCall("c1", "pay"));
    contextInternals(ctx).busy = true;
    expect(() => ctx.approve("c1")).toThrow(ContextError);
    expect(() => ctx.user("x")).toThrow(ContextError);
    expect(() => JSON.stringify(ctx)).not.toThrow();
  });
});
