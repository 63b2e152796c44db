import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { ContextJSONError } from "./context-errors.js";
import { Context } from "./context.js";
import { contextInternals } from "./context-internals.js";
import type { StoredContext } from "./stored-context.js";
import { callBinding, signValue } from "./signing.js";
import type { ToolCall } from "../policy/tool-call.js";

const secret = "test-secret-not-a-real-key";

function decided(id: string, name: string, args: Record<string, unknown>, status: ToolPolicyStatus): ToolCall {
  const call = { id, type: "function", name, arguments: args, rawArguments: JSON.stringify(args) } as ToolCall;
  call.policyResult = { status, message: status };
  call.binding = callBinding(call);
  return call;
}

/** A conversation with one answered round and one call waiting for approval. */
function conversation(): Context {
  const ctx = new Context().system("Be brief.").user("Weather in Oslo, then pay 500.");
  const inside = contextInternals(ctx);
  const weather = decided("c1", "getWeather", { city: "Oslo" }, ToolPolicyStatus.Allowed);
  weather.extra = { google: { thought_signature: "sig==" } };
  inside.appendAssistant({
    role: "assistant",
    content: null,
    toolCalls: [weather],
    providerData: { thinking: [{ type: "thinking", text: "hm" }] },
  });
  inside.answer(weather, { output: '{"temp":3}', isError: false });
  inside.appendAssistant({
    role: "assistant",
    content: "Paying now.",
    toolCalls: [decided("c2", "pay", { amount: 500 }, ToolPolicyStatus.Pending)],
  });
  return ctx;
}

function roundTrip(ctx: Context, options?: { secret?: string }): StoredContext {
  return JSON.parse(JSON.stringify(ctx.toJSON(options))) as StoredContext;
}

function errorOf(run: () => unknown): ContextJSONError {
  try {
    run();
  } catch (error) {
    if (ContextJSONError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ContextJSONError");
}

describe("Context.toJSON / fromJSON", () => {
  it("round-trips every message, decision, result and provider data, with a format version", () => {
    const ctx = conversation();
    const stored = roundTrip(ctx);
    expect(stored.format).toBe("tooltype.context");
    expect(stored.version).toBe(1);
    const restored = Context.fromJSON(stored);
    expect(restored.messages).toEqual(ctx.messages);
    expect(restored.pending().map((call) => call.id)).toEqual(["c2"]);
    expect(Context.fromJSON(JSON.stringify(ctx)).messages).toEqual(ctx.messages);
  });

  it("serialises no policy, function or secret", () => {
    const ctx = conversation();
    ctx.toolPolicy.allow("getWeather").evaluator = () => ToolPolicyStatus.Allowed;
    const signed = JSON.stringify(ctx.toJSON({ secret }));
    expect(signed).not.toContain(secret);
    expect(signed).not.toContain("evaluator");
    expect(JSON.stringify(new Context({ secret }).user("hi"))).not.toContain(secret);
    const restored = Context.fromJSON(signed, { secret });
    expect(restored.toolPolicy.allowed).toEqual([]);
  });

  it("continues an approve-later flow in another context", () => {
    const restored = Context.fromJSON(roundTrip(conversation()));
    const call = restored.approve("c2");
    expect(call.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(Context.fromJSON(roundTrip(restored)).unanswered()[0]?.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
  });

  it("signs with a secret and refuses a tampered, unsigned or wrongly signed store", () => {
    const stored = roundTrip(conversation(), { secret });
    expect(stored.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(Context.fromJSON(stored, { secret }).pending()).toHaveLength(1);

    const tampered = structuredClone(stored);
    (tampered.messages[4] as { toolCalls: { arguments: { amount: number } }[] }).toolCalls[0]!.arguments.amount =
      50_000;
    expect(errorOf(() => Context.fromJSON(tampered, { secret })).path).toBe("signature");

    const approvedBehindOurBack = structuredClone(stored);
    (
      approvedBehindOurBack.messages[4] as { toolCalls: { policyResult: { status: string } }[] }
    ).toolCalls[0]!.policyResult.status = "allowed";
    expect(() => Context.fromJSON(approvedBehindOurBack, { secret })).toThrow(/altered/);

    const { signature: _dropped, ...unsigned } = stored;
    expect(errorOf(() => Context.fromJSON(unsigned, { secret })).message).toMatch(/missing/);
    expect(() => Context.fromJSON(stored, { secret: "another-secret" })).toThrow(ContextJSONError);
  });

  it("verifies a signed store whatever its key order (a JSONB column reorders keys)", () => {
    const stored = roundTrip(conversation(), { secret });
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : typeof value === "object" && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reorder(v)]),
            )
          : value;
    expect(Context.fromJSON(reorder(stored), { secret }).messages).toHaveLength(5);
  });

  it("fails a call whose arguments or name changed in an unsigned store instead of keeping it runnable", () => {
    const stored = roundTrip(conversation());
    const call = (stored.messages[4] as { toolCalls: { name: string }[] }).toolCalls[0]!;
    call.name = "transferAll";
    const restored = Context.fromJSON(stored);
    expect(restored.pending()).toEqual([]);
    expect(restored.unanswered()).toEqual([]);
    const failed = (restored.messages[4] as { toolCalls: ToolCall[] }).toolCalls[0]!;
    expect(failed.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(restored.messages.at(-1)).toMatchObject({ role: "tool", callId: "c2", isError: true });
  });

  it("resumes a call that was running when stored as interrupted (its approval kept), never runnable again", () => {
    const ctx = conversation();
    const call = ctx.approve("c2");
    call.started = true; // what the loop records just before running it
    const restored = Context.fromJSON(roundTrip(ctx));
    const again = (restored.messages[4] as { toolCalls: ToolCall[] }).toolCalls[0]!;
    expect(again.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(again.outcome).toEqual({ status: "interrupted", message: expect.stringMatching(/^Interrupted/) });
    expect(again.result?.isError).toBe(true);
    expect(restored.unanswered()).toEqual([]);
    expect(() => restored.approve("c2")).toThrow(/already answered/);
    expect(Context.fromJSON(roundTrip(restored)).messages).toEqual(restored.messages); // the outcome is stored too
  });

  it("reads a run's end that an earlier version stored as a Failed decision into outcome, the decision Allowed", () => {
    const ranAndFailed = (message: string, started = true) => {
      const stored = roundTrip(conversation());
      const call = (stored.messages[2] as { toolCalls: Record<string, unknown>[] }).toolCalls[0]!;
      call.policyResult = { status: "failed", message };
      if (started) call.started = true;
      return (Context.fromJSON(stored).messages[2] as { toolCalls: ToolCall[] }).toolCalls[0]!;
    };
    const timedOut = ranAndFailed("Tool getWeather timed out after 5 ms.");
    expect(timedOut.outcome).toEqual({ status: "timedOut", message: "Tool getWeather timed out after 5 ms." });
    expect(timedOut.policyResult).toEqual({
      status: ToolPolicyStatus.Allowed,
      message: expect.stringMatching(/^Allowed/),
    });
    expect(ranAndFailed("disk full").outcome).toEqual({ status: "failed", message: "disk full" });
    expect(ranAndFailed("Tool getWeather was cancelled.").outcome?.status).toBe("cancelled");
    expect(ranAndFailed("Cancelled before it ran: the completion was aborted.", false).outcome?.status).toBe(
      "cancelled",
    );
    // Not started and no run's message: a decision that failed (unknown tool, bad arguments) stays one.
    const refused = ranAndFailed("Invalid arguments for getWeather: …", false);
    expect(refused.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(refused.outcome).toBeUndefined();
  });

  it('reads the "none" status an earlier build recorded for a call no rule covered as Pending, signed or not', () => {
    const stored = roundTrip(conversation(), { secret });
    const unsigned = roundTrip(conversation());
    for (const value of [stored, unsigned]) {
      const waitingCall = (value.messages[4] as { toolCalls: Record<string, unknown>[] }).toolCalls[0]!;
      waitingCall.policyResult = { status: "none", message: 'No policy rule covers "pay": it needs approval.' };
    }
    // Signed as that build signed it: the signature covers "none", and is checked on what was written.
    stored.signature = signValue({ format: stored.format, version: stored.version, messages: stored.messages }, secret);
    for (const [value, options] of [
      [unsigned, {}],
      [stored, { secret }],
    ] as const) {
      const restored = Context.fromJSON(value, options);
      expect(restored.pending().map((call) => [call.id, call.policyResult?.status])).toEqual([
        ["c2", ToolPolicyStatus.Pending],
      ]);
      restored.approve("c2");
      expect(restored.pending()).toEqual([]);
    }
  });

  it("refuses an outcome with an unknown status, naming its place", () => {
    const stored = roundTrip(conversation());
    (stored.messages[2] as { toolCalls: Record<string, unknown>[] }).toolCalls[0]!.outcome = {
      status: "exploded",
      message: "?",
    };
    expect(errorOf(() => Context.fromJSON(stored)).message).toMatch(/messages\[2\]\.toolCalls\[0\]\.outcome\.status/);
  });

  it("names the place of every shape error", () => {
    const good = roundTrip(conversation());
    const cases: [unknown, string][] = [
      [null, ""],
      [{ ...good, format: "other" }, "format"],
      [{ ...good, version: 2 }, "version"],
      [{ ...good, messages: {} }, "messages"],
      [{ ...good, messages: [{ role: "wizard", content: "x" }] }, "messages[0].role"],
      [{ ...good, messages: [{ role: "user", content: 5 }] }, "messages[0].content"],
      [
        {
          ...good,
          messages: [
            {
              role: "assistant",
              content: null,
              toolCalls: [{ id: "", type: "function", name: "a", arguments: {}, rawArguments: "{}" }],
            },
          ],
        },
        "messages[0].toolCalls[0].id",
      ],
      [
        {
          ...good,
          messages: [
            {
              role: "assistant",
              content: null,
              toolCalls: [{ id: "a", type: "function", name: "a", arguments: [], rawArguments: "[]" }],
            },
          ],
        },
        "messages[0].toolCalls[0].arguments",
      ],
      [
        {
          ...good,
          messages: [
            {
              role: "assistant",
              content: null,
              toolCalls: [
                {
                  id: "a",
                  type: "function",
                  name: "a",
                  arguments: {},
                  rawArguments: "{}",
                  policyResult: { status: "maybe", message: "" },
                },
              ],
            },
          ],
        },
        "messages[0].toolCalls[0].policyResult.status",
      ],
      [
        { ...good, messages: [{ role: "tool", callId: "zz", name: "a", content: "x", isError: false }] },
        "messages[0].callId",
      ],
      [{ ...good, messages: [...good.messages, { role: "user", content: "before answering" }] }, "messages[5]"],
    ];
    for (const [value, path] of cases)
      expect([path, errorOf(() => Context.fromJSON(value)).path]).toEqual([path, path]);
    expect(errorOf(() => Context.fromJSON("{not json")).message).toMatch(/not valid JSON/);
  });

  it("keeps the repairs recorded on a call, and refuses a repair with an unknown code", () => {
    const ctx = new Context().user("Weather?");
    const call = decided("c1", "getWeather", { city: "Oslo" }, ToolPolicyStatus.Allowed);
    call.repaired = [
      { code: "single-quotes", message: "turned single-quoted strings into JSON strings" },
      { code: "enum-case", path: "/unit", message: '"C" became "c"' },
    ];
    contextInternals(ctx).appendAssistant({ role: "assistant", content: null, toolCalls: [call] });
    contextInternals(ctx).answer(call, { output: "sunny", isError: false });
    const stored = roundTrip(ctx);
    expect(Context.fromJSON(stored).messages).toEqual(ctx.messages);
    const calls = (stored.messages[1] as { toolCalls: Array<{ repaired: Array<{ code: string }> }> }).toolCalls;
    calls[0]!.repaired[1]!.code = "guessed";
    expect(errorOf(() => Context.fromJSON(stored)).path).toBe("messages[1].toolCalls[0].repaired[1].code");
  });

  it("keeps __proto__ and constructor keys as plain data and pollutes nothing", () => {
    const text = JSON.stringify(roundTrip(conversation())).replace(
      '{"amount":500}',
      '{"amount":500,"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    );
    const restored = Context.fromJSON(text);
    // The binding no longer matches, so the call failed: the data is still kept as it was stored.
    const args = (restored.messages[4] as { toolCalls: ToolCall[] }).toolCalls[0]!.arguments!;
    expect(Object.keys(args)).toEqual(["amount", "__proto__", "constructor"]);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
