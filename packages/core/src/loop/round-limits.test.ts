import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import { startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

describe("completions: round limits", () => {
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    "rejects maxToolRounds %p with a RangeError before any request",
    async (limit) => {
      const { server, endpoint } = setup;
      const ctx = new Context().user("x");
      await expect(completions(endpoint, "m", ctx, limit)).rejects.toThrow(RangeError);
      expect(server.requests).toHaveLength(0);
      expect(ctx.messages).toHaveLength(1);
    },
  );

  it("maxToolRounds 0 is manual mode: no policy evaluation, calls come back Pending", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21° in Oslo."));
    const ctx = new Context().user("Weather?");
    let asked = 0;
    ctx.toolPolicy.allow("*").evaluator = () => {
      asked++;
      return ToolPolicyStatus.Allowed;
    };
    const completion = await completions(endpoint, "m", ctx, 0);
    expect(completion.stopped).toBe("attention");
    expect(completion.toolCalls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Pending);
    expect(asked).toBe(0);
    expect(runs).toEqual({});
    // The application runs it itself and answers.
    const call = ctx.pending()[0]!;
    ctx.tool(call.id, JSON.stringify({ celsius: 21 }));
    const next = await completions(endpoint, "m", ctx, 0);
    expect(next).toMatchObject({ stopped: "done", text: "21° in Oslo." });
    expect(runs).toEqual({});
  });

  it("in manual mode an approved call runs on the next completion, even with 0, and new calls come back Pending", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.toolCall("getWeather", { city: "Bergen" }));
    const ctx = new Context().user("Weather in Oslo, then Bergen?");
    await completions(endpoint, "m", ctx, 0);
    ctx.approve(ctx.pending()[0]!.id);
    const next = await completions(endpoint, "m", ctx, 0);
    expect(runs.getWeather).toBe(1);
    expect(next.calls.map((call) => [call.arguments, call.policyResult?.status])).toEqual([
      [{ city: "Oslo" }, ToolPolicyStatus.Allowed],
      [{ city: "Bergen" }, ToolPolicyStatus.Pending],
    ]);
    expect(next).toMatchObject({ stopped: "attention", rounds: 1 });
  });

  it("at the limit, runs the last batch and returns maxToolRounds without asking for a final answer; calling again goes on", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(
      turn.toolCall("getWeather", { city: "A" }),
      turn.toolCall("getWeather", { city: "B" }),
      turn.text("A and B."),
    );
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const first = await completions(endpoint, "m", ctx, 2);
    expect(first).toMatchObject({ stopped: "maxToolRounds", rounds: 2 });
    expect(runs.getWeather).toBe(2);
    expect(ctx.messages.at(-1)?.role).toBe("tool");
    expect(server.requests).toHaveLength(2);
    const second = await completions(endpoint, "m", ctx, 2);
    expect(second).toMatchObject({ stopped: "done", text: "A and B.", rounds: 1 });
  });

  it("ends at the limit when the model repeats the same failing call", async () => {
    const { server, endpoint, runs } = setup;
    for (let i = 0; i < 5; i++) server.enqueue(turn.toolCall("getWeather", { town: "Oslo" }));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx, 3);
    expect(completion).toMatchObject({ stopped: "maxToolRounds", rounds: 3 });
    expect(completion.calls.map((call) => call.policyResult?.status)).toEqual([
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Failed,
      ToolPolicyStatus.Failed,
    ]);
    expect(runs).toEqual({});
    expect(server.requests).toHaveLength(3);
  });

  it("returnOnFailure returns after a failed call instead of going back to the model", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.toolCall("getWeather", { town: "Oslo" }), turn.text("unused"));
    const ctx = new Context().user("Weather?");
    ctx.toolPolicy.allow("*");
    const completion = await completions(endpoint, "m", ctx, 8, { returnOnFailure: true });
    expect(completion).toMatchObject({ stopped: "attention", rounds: 1 });
    expect(completion.toolCalls[0]!.result?.isError).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});
