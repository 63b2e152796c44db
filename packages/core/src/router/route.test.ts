import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { Anthropic } from "../endpoints/anthropic/anthropic.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "../loop/loop-event.js";
import { startRouter, type RouterSetup } from "./fixtures/router-setup.js";
import { Router } from "./router.js";

let setup: RouterSetup;
beforeEach(async () => {
  setup = await startRouter();
});
afterEach(() => setup.close());

const unavailable = () => turn.error(503, { message: "overloaded" });

/** The `route` events among `events`. */
const routes = (events: readonly LoopEvent[]) => events.filter((event) => event.type === "route");

describe("Router: route events say where each request goes", () => {
  it("names each target tried, before its try: the failed one, then the one that answered", async () => {
    const { serverA, serverB, router } = setup;
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.text("Hello from B."));
    const events: LoopEvent[] = [];

    await completions(router, new Context().user("Hi"), 8, { onEvent: (event) => events.push(event) });

    expect(routes(events)).toEqual([
      { type: "route", round: 1, baseURL: serverA.url, model: "model-a", provider: "openai" },
      { type: "route", round: 1, baseURL: serverB.url, model: "model-b", provider: "openai" },
    ]);
    const types = events.map((event) => event.type);
    expect(types.indexOf("request")).toBeLessThan(types.indexOf("route"));
    expect(types.lastIndexOf("route")).toBeLessThan(types.indexOf("reply"));
  });

  it("names the innermost target behind a nested router, and a route event is no reply: the outer router still fails over", async () => {
    const { serverA, serverB, a, b } = setup;
    const inner = new Router([{ endpoint: a, model: "model-a" }]);
    const outer = new Router([
      { endpoint: inner, model: "unused" },
      { endpoint: b, model: "model-b" },
    ]);
    serverA.enqueue(unavailable(), unavailable());
    serverB.enqueue(turn.text("From B."));
    const events: LoopEvent[] = [];

    const completion = await completions(outer, "Hi", 8, { onEvent: (event) => events.push(event) });

    expect(completion.text).toBe("From B.");
    expect(routes(events).map((event) => (event.type === "route" ? event.model : ""))).toEqual(["model-a", "model-b"]);
  });
});

describe("Router: provider", () => {
  it("is the provider its targets share, and undefined when they differ", async () => {
    expect(setup.a.provider).toBe("openai");
    expect(setup.router.provider).toBe("openai");
    const server = await ScriptedModelServer.start();
    const claude = new Anthropic({ baseURL: server.origin, apiKey: "test", retries: 0 });
    try {
      expect(claude.provider).toBe("anthropic");
      expect(new Router([{ endpoint: claude, model: "claude-x" }]).provider).toBe("anthropic");
      expect(
        new Router([
          { endpoint: setup.a, model: "model-a" },
          { endpoint: claude, model: "claude-x" },
        ]).provider,
      ).toBeUndefined();
    } finally {
      await claude.close();
      await server.close();
    }
  });
});
