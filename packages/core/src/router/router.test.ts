import { inspect } from "node:util";
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { AbortedError } from "../errors/aborted-error.js";
import { EndpointError } from "../errors/endpoint-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "../loop/loop-event.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { bodyOf, startRouter, type RouterSetup } from "./fixtures/router-setup.js";
import { Router } from "./router.js";

let setup: RouterSetup;
beforeEach(async () => {
  setup = await startRouter();
});
afterEach(() => setup.close());

const unavailable = () => turn.error(503, { message: "overloaded" });

describe("Router: failover", () => {
  it("moves on to the next target once the first one's retries are spent, and names the one that answered", async () => {
    const { serverA, serverB, router, failovers } = setup;
    serverA.enqueue(unavailable(), unavailable()); // the first try and A's one retry
    serverB.enqueue(turn.text("Hello from B."));
    const events: LoopEvent[] = [];
    const ctx = new Context().user("Hi");

    const completion = await completions(router, ctx, 8, { onEvent: (event) => events.push(event) });

    expect(completion).toMatchObject({ text: "Hello from B.", stopped: "done", rounds: 1 });
    expect(completion.target).toEqual({ baseURL: serverB.url, model: "model-b" });
    expect([serverA.requests.length, serverB.requests.length]).toEqual([2, 1]);
    expect([bodyOf(serverA, 0).model, bodyOf(serverB, 0).model]).toEqual(["model-a", "model-b"]);
    expect(failovers).toHaveLength(1);
    expect(failovers[0]).toMatchObject({
      from: { baseURL: serverA.url, model: "model-a" },
      to: { baseURL: serverB.url, model: "model-b" },
      round: 1,
    });
    expect(failovers[0]!.error.status).toBe(503);
    expect(events.filter((e) => e.type === "warning").map((e) => (e as { message: string }).message)).toEqual([
      expect.stringContaining("trying"),
    ]);
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("does not fail over on a 400: the request is wrong everywhere, so the error is thrown", async () => {
    const { serverA, serverB, router, failovers } = setup;
    serverA.enqueue(turn.error(400, { message: "bad request" }));
    const ctx = new Context().user("Hi");
    const error = await completions(router, ctx).catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.status).toBe(400);
    expect([serverA.requests.length, serverB.requests.length, failovers.length]).toEqual([1, 0, 0]);
    expect(ctx.messages.map((m) => m.role)).toEqual(["user"]); // nothing half-appended
  });

  it("does not fail over on a body that is not the format (ProtocolError)", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(turn.raw("<html>proxy page</html>", { contentType: "text/html" }));
    await expect(completions(router, new Context().user("Hi"))).rejects.toBeInstanceOf(ProtocolError);
    expect(serverB.requests).toHaveLength(0);
  });

  it("throws every target's error as one when all of them fail, naming no secret", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.rateLimited(0));
    const error = await completions(router, new Context().user("Hi")).catch((e: unknown) => e);
    if (!EndpointError.isInstance(error)) throw error;
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(error.message).toContain(`${serverA.url} (model model-a)`);
    expect(error.message).toContain(`${serverB.url} (model model-b)`);
    expect((error.cause as AggregateError).errors).toHaveLength(2);
    expect(error.message).not.toContain("sk-router-test-secret");
  });

  it("fails over after a tool round without running the tool again, and stays on the target that answered", async () => {
    const { serverA, serverB, router, runs, failovers } = setup;
    serverA.enqueue(
      turn.toolCalls([{ id: "call_1", name: "getWeather", arguments: '{"city":"Oslo"}' }]),
      unavailable(),
      unavailable(),
    );
    serverB.enqueue(
      turn.toolCalls([{ id: "call_2", name: "getWeather", arguments: '{"city":"Rome"}' }]),
      turn.text("Oslo and Rome: 21°."),
    );
    const ctx = new Context().user("Weather in Oslo, then Rome?");
    ctx.toolPolicy.allow("getWeather");

    const completion = await completions(router, ctx);

    expect(completion).toMatchObject({ stopped: "done", text: "Oslo and Rome: 21°.", rounds: 3 });
    expect(completion.target).toEqual({ baseURL: serverB.url, model: "model-b" });
    expect(runs.getWeather).toBe(2); // Oslo once (on A's round), Rome once (on B's)
    expect(completion.calls.map((call) => [call.id, call.policyResult?.status])).toEqual([
      ["call_1", ToolPolicyStatus.Allowed],
      ["call_2", ToolPolicyStatus.Allowed],
    ]);
    // B continues the same conversation: A's call and its result are in B's first request.
    expect(bodyOf(serverB, 0).messages.slice(1)).toEqual([
      expect.objectContaining({ role: "assistant", tool_calls: [expect.objectContaining({ id: "call_1" })] }),
      { role: "tool", tool_call_id: "call_1", content: '{"city":"Oslo","celsius":21}' },
    ]);
    // Sticky within the completion: round three went straight to B.
    expect([serverA.requests.length, serverB.requests.length, failovers.length]).toEqual([3, 2, 1]);

    // The next completion starts from the first target again.
    serverA.enqueue(turn.text("A is back."));
    ctx.user("Thanks");
    const next = await completions(router, ctx);
    expect(next.target).toEqual({ baseURL: serverA.url, model: "model-a" });
    expect(runs.getWeather).toBe(2);
  });

  it("wraps around: after a failover, a failing sticky target hands back to the first", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), unavailable(), unavailable(), turn.text("A again."));
    serverB.enqueue(turn.toolCall("getWeather", { city: "Rome" }), unavailable());
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await completions(router, ctx);
    expect(completion).toMatchObject({
      text: "A again.",
      rounds: 3,
      target: { baseURL: serverA.url, model: "model-a" },
    });
    expect(setup.runs.getWeather).toBe(2);
  });

  it("keeps a prompt whose request failed everywhere in router.context, so the retry passes the context", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(unavailable());
    await expect(completions(router, "Hi")).rejects.toThrow("Every target of the router failed");
    expect(router.context.messages).toEqual([{ role: "user", content: "Hi" }]);
    serverA.enqueue(turn.text("Hello."));
    const retry = await completions(router, router.context);
    expect(router.context.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(retry.target).toEqual({ baseURL: serverA.url, model: "model-a" });
  });

  it("nests: a router as a target reports the innermost target that answered", async () => {
    const { serverA, serverB, a, b } = setup;
    const inner = new Router([
      { endpoint: a, model: "model-a" },
      { endpoint: b, model: "model-b" },
    ]);
    const outer = new Router([{ endpoint: inner, model: "unused" }]);
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.text("From B, through two routers."));
    const completion = await completions(outer, "Hi");
    expect(completion.target).toEqual({ baseURL: serverB.url, model: "model-b" });
  });

  it("does not fail over a cancelled request", async () => {
    const { serverA, serverB, router } = setup;
    const controller = new AbortController();
    serverA.onRequest(() => {
      controller.abort();
      return { ...turn.text("too late"), delayMs: 5_000 };
    });
    const error = await completions(router, new Context().user("Hi"), 8, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(AbortedError.isInstance(error)).toBe(true);
    expect(serverB.requests).toHaveLength(0);
  });
});

describe("Router: tools, context and targets' settings", () => {
  it("appends a prompt to router.context, whose policy decides: no rule, so the call waits", async () => {
    const { serverA, router, runs } = setup;
    serverA.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21° in Oslo."));

    const first = await completions(router, "Weather in Oslo?");
    expect(first.stopped).toBe("attention");
    expect(router.context.pending().map((call) => call.name)).toEqual(["getWeather"]);
    expect(runs.getWeather).toBeUndefined();

    router.context.approve(router.context.pending()[0]!.id);
    const second = await completions(router, router.context);
    expect(second).toMatchObject({
      stopped: "done",
      text: "21° in Oslo.",
      target: { baseURL: serverA.url, model: "model-a" },
    });
    expect(runs.getWeather).toBe(1);
    expect(router.context.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("answers approvals without a request and then names no target (none answered)", async () => {
    const { serverA, router } = setup;
    serverA.enqueue(
      turn.toolCalls([
        { name: "getWeather", arguments: '{"city":"Oslo"}' },
        { name: "getWeather", arguments: '{"city":"Rome"}' },
      ]),
    );
    await completions(router, "Weather?");
    router.context.approve(router.context.pending()[0]!.id); // the other one still waits
    const completion = await completions(router, router.context);
    expect(completion).toMatchObject({ stopped: "attention", rounds: 0 });
    expect(completion.target).toBeUndefined();
  });

  it("refuses bad arguments before appending the prompt, and a model name (targets name theirs)", async () => {
    const { router } = setup;
    await expect(completions(router, "Hi", -1)).rejects.toBeInstanceOf(RangeError);
    expect(router.context.messages).toEqual([]);
    await expect(completions(router, "model-a", new Context().user("Hi"))).rejects.toThrow("targets name their models");
    expect(() => new Router([])).toThrow(TypeError);
    expect(() => new Router([{ endpoint: setup.a, model: "" }])).toThrow("model must be a non-empty model name");
  });

  it("offers the router's tools, not a target's own, with the answering target's config", async () => {
    const { serverB, a, b, router } = setup;
    a.tools.define({ name: "aOnly", description: "Only on A.", schema: { type: "object" }, impl: () => "no" });
    b.config("model-b").toolChoice = "required";
    b.config("model-b").temperature = 0.25;
    setup.serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("done"));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    await router.completions(ctx, { maxToolRounds: 2 });
    expect(bodyOf(setup.serverA, 0).tools!.map((t) => t.function.name)).toEqual(["getWeather"]);
    expect(bodyOf(serverB, 0)).toMatchObject({ tool_choice: "required", temperature: 0.25 });
    expect(bodyOf(serverB, 1)).toMatchObject({ tool_choice: "auto" }); // forced only before tool results
  });

  it("shows targets' base URLs and models, never a key", () => {
    const { router, serverA, serverB } = setup;
    expect(JSON.parse(JSON.stringify(router))).toEqual({
      type: "Router",
      targets: [
        { baseURL: serverA.url, model: "model-a" },
        { baseURL: serverB.url, model: "model-b" },
      ],
    });
    expect(inspect(router)).not.toContain("sk-router-test-secret");
    expect(JSON.stringify(router)).not.toContain("sk-router-test-secret");
  });
});
