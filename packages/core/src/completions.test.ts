// The free function's forms: every setting in one options object, the round limit on its own as
// the short form, and the same for a router (which takes no model).
import { turn } from "@tooltype/testing";
import { completions } from "./completions.js";
import { Context } from "./context/context.js";
import { startLoop, type LoopSetup } from "./loop/fixtures/loop-setup.js";
import { ToolPolicyStatus } from "./policy/tool-policy-status.js";
import { Router } from "./router/router.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const weatherCtx = () => {
  const ctx = new Context().user("Weather in Oslo?");
  ctx.toolPolicy.allow("getWeather");
  return ctx;
};

describe("completions(endpoint, model, input, options)", () => {
  it("takes every setting in one options object, the round limit included", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("unused"));
    const events: string[] = [];
    const completion = await completions(endpoint, "m", weatherCtx(), {
      maxToolRounds: 1,
      onEvent: (event) => events.push(event.type),
    });
    expect(completion).toMatchObject({ stopped: "maxToolRounds", rounds: 1 });
    expect(runs).toEqual({ getWeather: 1 });
    expect(events).toContain("tool-result");
    expect(server.requests).toHaveLength(1);
  });

  it("means the same as the short form and as ep.completions: 0 is manual mode either way", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }));
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }));
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }));
    const short = await completions(endpoint, "m", weatherCtx(), 0);
    const object = await completions(endpoint, "m", weatherCtx(), { maxToolRounds: 0 });
    const method = await endpoint.completions("m", weatherCtx(), { maxToolRounds: 0 });
    for (const completion of [short, object, method]) {
      expect(completion.stopped).toBe("attention");
      expect(completion.toolCalls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Pending);
    }
    expect(runs).toEqual({});
  });

  it("keeps the five-argument short form, and refuses two round limits or two option objects before any request", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.toolCall("getWeather", { town: "Oslo" }), turn.text("unused"));
    const failed = await completions(endpoint, "m", weatherCtx(), 3, { returnOnFailure: true });
    expect(failed).toMatchObject({ stopped: "attention", rounds: 1 });
    await expect(completions(endpoint, "m", weatherCtx(), 3, { maxToolRounds: 2 })).rejects.toThrow(
      /two round limits \(3 and options\.maxToolRounds 2\)/,
    );
    const untyped = completions as (...args: unknown[]) => Promise<unknown>; // as a JavaScript caller may
    const twice = untyped(endpoint, "m", weatherCtx(), {}, {});
    await expect(twice).rejects.toThrow(/takes the options once/);
    await expect(completions(endpoint, "m", weatherCtx(), { maxToolRounds: -1 })).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("completions(router, input, options)", () => {
  it("takes the same options object, and the round limit on its own as the short form", async () => {
    const { server, endpoint, runs } = setup;
    const router = new Router([{ endpoint, model: "m" }], { tools: endpoint.tools });
    router.context.toolPolicy.allow("getWeather");
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.toolCall("getWeather", { city: "Bergen" }));
    const options = await completions(router, "Weather in Oslo?", { maxToolRounds: 1 });
    expect(options).toMatchObject({ stopped: "maxToolRounds", rounds: 1 });
    const short = await completions(router, router.context, 1);
    expect(short).toMatchObject({ stopped: "maxToolRounds", rounds: 1 });
    expect(runs).toEqual({ getWeather: 2 });
    const untyped = completions as (...args: unknown[]) => Promise<unknown>; // as a JavaScript caller may
    await expect(untyped(router, "m", new Context())).rejects.toThrow(/targets name their models/);
  });

  it("runs a prompt in the router's own conversation, where an endpoint sends it once and runs nothing", async () => {
    const { server, endpoint, runs } = setup;
    const router = new Router([{ endpoint, model: "m" }], { tools: endpoint.tools });
    router.context.toolPolicy.allow("getWeather");
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.toolCall("getWeather", { city: "Oslo" }));
    server.enqueue(turn.text("Sunny."));
    const onEndpoint = await completions(endpoint, "m", "Weather in Oslo?");
    expect(onEndpoint.toolCalls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Pending);
    expect(runs).toEqual({});
    const onRouter = await completions(router, "Weather in Oslo?");
    expect(onRouter.text).toBe("Sunny.");
    expect(runs).toEqual({ getWeather: 1 });
    expect(router.context.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });
});
