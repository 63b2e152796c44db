import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { AbortedError } from "../errors/aborted-error.js";
import { EndpointError } from "../errors/endpoint-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

/** A context after one answered round, so a failure has history to disturb. */
async function midConversation(): Promise<Context> {
  setup.server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21°."));
  const ctx = new Context().user("Weather?");
  ctx.toolPolicy.allow("getWeather");
  await completions(setup.endpoint, "m", ctx);
  ctx.user("And tomorrow?");
  return ctx;
}

describe("completions: failures leave the context as it was", () => {
  it.each([
    ["an HTTP error", turn.error(500, { message: "boom" }), EndpointError],
    ["a connection reset mid-body", turn.reset("mid-body", turn.text("partial")), EndpointError],
    ["a body that is not JSON", turn.raw("<html>502</html>", { contentType: "text/html" }), ProtocolError],
  ])("after %s, ctx.messages is deep-equal to before", async (_what, failing, type) => {
    const ctx = await midConversation();
    const before = structuredClone(ctx.messages);
    setup.server.enqueue(failing);
    const error = await completions(setup.endpoint, "m", ctx).catch((e: unknown) => e);
    expect((type as { isInstance(value: unknown): boolean }).isInstance(error)).toBe(true);
    expect(ctx.messages).toEqual(before);
    // and the conversation goes on as if the failed request never happened
    setup.server.enqueue(turn.text("Rain."));
    expect((await completions(setup.endpoint, "m", ctx)).text).toBe("Rain.");
  });

  it("a failed request in a later round keeps the answered rounds and nothing of the failed one", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.error(503));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const snapshots: unknown[] = [];
    await expect(
      completions(endpoint, "m", ctx, 8, {
        onEvent: (e) => e.type === "request" && snapshots.push(structuredClone(ctx.messages)),
      }),
    ).rejects.toThrow(EndpointError);
    expect(ctx.messages).toEqual(snapshots[1]);
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(runs.getWeather).toBe(1);
  });

  it("an abort before the request sends nothing and changes nothing", async () => {
    const ctx = await midConversation();
    const before = structuredClone(ctx.messages);
    const requests = setup.server.requests.length;
    await expect(completions(setup.endpoint, "m", ctx, 8, { signal: AbortSignal.abort() })).rejects.toThrow(
      AbortedError,
    );
    expect(setup.server.requests).toHaveLength(requests);
    expect(ctx.messages).toEqual(before);
  });

  it("an abort while the request is under way rejects with AbortedError and changes nothing", async () => {
    const ctx = await midConversation();
    const before = structuredClone(ctx.messages);
    const controller = new AbortController();
    setup.server.enqueue({ delayMs: 60_000, text: "too late" }); // only the abort can end it
    const pending = completions(setup.endpoint, "m", ctx, 8, {
      signal: controller.signal,
      onEvent: (e) => e.type === "request" && setTimeout(() => controller.abort(), 20),
    });
    await expect(pending).rejects.toThrow(AbortedError);
    expect(ctx.messages).toEqual(before);
  });

  it("a prompt's request aborted under way rejects with AbortedError too, the signal's reason as its cause", async () => {
    const controller = new AbortController();
    const reason = new Error("user pressed stop");
    setup.server.enqueue({ delayMs: 60_000, text: "too late" }); // only the abort can end it
    const error = await completions(setup.endpoint, "m", "Weather?", 8, {
      signal: controller.signal,
      onEvent: (e) => e.type === "request" && setTimeout(() => controller.abort(reason), 20),
    }).catch((e: unknown) => e);
    expect(AbortedError.isInstance(error)).toBe(true);
    expect((error as AbortedError).message).toMatch(/^The request to POST .*\/chat\/completions was cancelled\.$/);
    expect((error as AbortedError).cause).toBe(reason);
  });

  it("an abort mid-tool cancels the running tool, answers every call of the batch, and rejects", async () => {
    const { server, endpoint } = setup;
    const controller = new AbortController();
    let sawAbort = false;
    let laterRan = false;
    endpoint.tools.define({
      name: "long",
      description: "Takes a while.",
      impl: (_args, call) =>
        new Promise((resolve) => {
          call.signal.addEventListener("abort", () => {
            sawAbort = true;
            resolve("too late");
          });
          controller.abort(new Error("user pressed stop"));
        }),
    });
    endpoint.tools.define({ name: "later", description: "Runs after.", impl: () => (laterRan = true) });
    server.enqueue(
      turn.toolCalls([
        { id: "l", name: "long", arguments: "{}" },
        { id: "n", name: "later", arguments: "{}" },
      ]),
      turn.text("unused"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    await expect(completions(endpoint, "m", ctx, 8, { signal: controller.signal })).rejects.toThrow(AbortedError);
    expect(sawAbort).toBe(true);
    expect(laterRan).toBe(false);
    expect(ctx.unanswered()).toEqual([]);
    const results = ctx.messages.filter((m) => m.role === "tool");
    expect(results.map((m) => [m.callId, m.isError])).toEqual([
      ["l", true],
      ["n", true],
    ]);
    expect(server.requests).toHaveLength(1);
    // consistent: the next completion simply goes on
    expect((await completions(endpoint, "m", ctx)).text).toBe("unused");
  });

  it("answers the calls of a reply cut by the length limit with errors, and returns length", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCalls([{ id: "c", name: "getWeather", arguments: '{"city":"Os' }], { finishReason: "length" }),
      turn.text("ok"),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx);
    expect(completion.stopped).toBe("length");
    expect(completion.toolCalls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(runs).toEqual({});
    expect(ctx.unanswered()).toEqual([]);
    await completions(endpoint, "m", ctx);
    expect(sentMessages(server, 1).at(-1)).toMatchObject({ role: "tool", tool_call_id: "c" });
  });

  it("stops on a refusal and on a length cut without calls", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ refusal: "I can't help with that." }, turn.text("Once upon a", { finishReason: "length" }), {
      text: "x",
      finishReason: "content_filter",
    });
    const ctx = new Context().user("?");
    const refused = await completions(endpoint, "m", ctx);
    expect(refused.stopped).toBe("refusal");
    expect(ctx.messages.at(-1)).toMatchObject({ role: "assistant", refusal: "I can't help with that." });
    ctx.user("A story then.");
    expect((await completions(endpoint, "m", ctx)).stopped).toBe("length");
    ctx.user("Another.");
    expect((await completions(endpoint, "m", ctx)).stopped).toBe("contentFilter");
  });

  it("times a slow tool out (outcome timedOut, the decision still Allowed) and lets the model go on", async () => {
    const { server, endpoint } = setup;
    endpoint.tools.define({ name: "hang", description: "Never returns.", impl: () => new Promise(() => undefined) });
    server.enqueue(turn.toolCall("hang", {}), turn.text("It timed out."));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("hang");
    const completion = await completions(endpoint, "m", ctx, { toolTimeoutMs: 20 });
    expect(completion.stopped).toBe("done");
    expect(completion.calls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
    expect(completion.calls[0]!.outcome).toEqual({ status: "timedOut", message: "Tool hang timed out after 20 ms." });
    expect(completion.calls[0]!.result?.isError).toBe(true);
  });

  it("fails a call to a registered tool that was not offered this time", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", { amount: 1 }), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx, 8, { tools: ["getWeather"] });
    expect(completion.calls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(runs).toEqual({});
  });

  it("decides on the names it offered, even when the caller's tools array changes during the run", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", { amount: 1 }), turn.text("ok"));
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    const names = ["getWeather"];
    const completion = await completions(endpoint, "m", ctx, 8, {
      tools: names,
      onEvent: (event) => event.type === "request" && names.push("pay"),
    });
    expect((server.requests[0]!.body as { tools: unknown[] }).tools).toHaveLength(1);
    expect(completion.calls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(runs).toEqual({});
  });

  it("checks options before any request", async () => {
    const { server, endpoint } = setup;
    const ctx = new Context().user("x");
    await expect(completions(endpoint, "m", ctx, 8, { concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(completions(endpoint, "m", ctx, 8, { tools: ["nope"] })).rejects.toThrow(/No tool named "nope"/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("completions: untrusted model output", () => {
  it("answers arguments over maxToolInput or nested past maxDepth with errors, unparsed", async () => {
    const { server, endpoint, runs } = setup;
    const deep = JSON.stringify({ city: "x", extra: [[[[[[1]]]]]] });
    server.enqueue(
      turn.toolCalls([
        { id: "big", name: "getWeather", arguments: JSON.stringify({ city: "x".repeat(200) }) },
        { id: "deep", name: "getWeather", arguments: deep },
      ]),
      turn.text("ok"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx, 8, { maxToolInput: 100, maxDepth: 4 });
    const [big, tooDeep] = completion.calls;
    expect(big!.arguments).toBeNull();
    expect(big!.result?.output).toMatch(/over the limit of 100 bytes/);
    expect(tooDeep!.arguments).toBeNull();
    expect(tooDeep!.result?.output).toMatch(/deeper than 4 levels/);
    expect(runs).toEqual({});
  });

  it("refuses arguments far over maxToolInput by their length alone, and the context stays valid", async () => {
    const { server, endpoint, runs } = setup;
    const huge = JSON.stringify({ city: "x".repeat(5000) }); // 5011 characters, each one byte
    server.enqueue(
      turn.toolCalls([
        { id: "ok", name: "getWeather", arguments: '{"city":"Oslo"}' },
        { id: "huge", name: "getWeather", arguments: huge },
      ]),
      turn.text("done"),
    );
    const ctx = new Context().user("go");
    ctx.toolPolicy.allow("*");
    let stored: unknown;
    const completion = await completions(endpoint, "m", ctx, 8, {
      maxToolInput: 1000,
      // A snapshot taken while "ok" runs: the refused call after it is decided but not answered yet.
      onEvent: (e) => {
        if (e.type === "tool-start") stored = JSON.parse(JSON.stringify(ctx));
      },
    });
    const [ran, refused] = completion.calls;
    expect(refused!.result?.output).toBe(
      JSON.stringify({
        error:
          "The arguments were at least 5011 bytes, over the limit of 1000 bytes, and were not read. Send shorter arguments.",
      }),
    );
    expect(refused!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    // Never run, so nothing to bind: its arguments are not hashed (a scan of all of them).
    expect(refused!.binding).toBeUndefined();
    expect(ran!.binding).toMatch(/^sha256:/);
    expect(runs).toEqual({ getWeather: 1 });
    // The next request holds the call with `{}` and its error, not the text that was refused.
    const sent = sentMessages(server, 1);
    expect(JSON.stringify(sent).length).toBeLessThan(huge.length);
    expect(completion.text).toBe("done");
    // The context round-trips, and the snapshot restores with the refused call answered by its own message.
    expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx))).messages).toEqual(ctx.messages);
    const restored = Context.fromJSON(stored);
    // "ok" was running: restored as interrupted (never run twice); "huge" waits, Failed, unanswered.
    expect(restored.unanswered().map((call) => call.id)).toEqual(["huge"]);
    server.enqueue(turn.text("again"));
    const resumed = await completions(endpoint, "m", restored);
    expect(resumed.calls.find((call) => call.id === "huge")!.result?.output).toContain("The arguments were at least");
    expect(runs).toEqual({ getWeather: 1 });
  });

  it("follows the first choice of a reply with several, keeping them all", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ choices: [{ text: "first" }, { text: "second" }] });
    const completion = await completions(endpoint, "m", new Context().user("x"));
    expect(completion.choices.map((choice) => choice.text)).toEqual(["first", "second"]);
    expect(completion.text).toBe("first");
  });

  it("keeps provider data on a call and sends it back with it", async () => {
    const { server, endpoint } = setup;
    const extra = { extra_content: { google: { thought_signature: "c2lnbmF0dXJl" } } };
    server.enqueue(
      turn.toolCalls([{ id: "g", name: "getWeather", arguments: '{"city":"Oslo"}', extra }]),
      turn.text("ok"),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    await completions(endpoint, "m", ctx);
    const sent = sentMessages(server, 1)[1] as { tool_calls: Array<Record<string, unknown>> };
    expect(sent.tool_calls[0]).toMatchObject(extra);
    expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx))).messages).toEqual(ctx.messages);
  });
});

describe("completions: repair", () => {
  it("repairs exactly what the model meant, records it, and runs the call", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", "```json\n{'amount': '12.5',}\n```"), turn.text("Paid."));
    const ctx = new Context().user("Pay 12.50");
    ctx.toolPolicy.allow("pay");
    const completion = await completions(endpoint, "m", ctx, 8, { repair: true });
    const call = completion.calls[0]!;
    expect(call.arguments).toEqual({ amount: 12.5 });
    expect(call.repaired?.map((r) => [r.code, r.path])).toEqual([
      ["fence", undefined],
      ["trailing-comma", undefined],
      ["single-quotes", undefined],
      ["string-to-number", "/amount"],
    ]);
    expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx))).messages).toEqual(ctx.messages);
    expect(call.result?.output).toBe("paid 12.5");
    expect(runs.pay).toBe(1);
  });

  it("does not repair without repair: true, nor what cannot be repaired exactly", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", { amount: "12" }), turn.toolCall("pay", { amount: "5 EUR" }), turn.text("ok"));
    const ctx = new Context().user("Pay");
    ctx.toolPolicy.allow("pay");
    await completions(endpoint, "m", ctx, 1);
    ctx.user("again");
    await completions(endpoint, "m", ctx, 1, { repair: true });
    const calls = ctx.messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(calls.map((call) => [call.policyResult?.status, call.repaired])).toEqual([
      [ToolPolicyStatus.Failed, undefined],
      [ToolPolicyStatus.Failed, undefined],
    ]);
    expect(runs).toEqual({});
  });
});
