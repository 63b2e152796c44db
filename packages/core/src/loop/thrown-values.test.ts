// Whatever a tool throws becomes an error result the model reads, even a value whose message
// cannot be read: nothing escapes the loop, and every call gets its answer.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { unreadableThrownMessage } from "../tools/result-conversion.js";
import { completions } from "../completions.js";
import { startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const hostile: Array<[string, () => unknown]> = [
  [
    "an object whose message getter throws",
    () => ({
      get message(): string {
        throw new Error("no");
      },
    }),
  ],
  [
    "a Proxy whose every trap throws",
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("no");
          },
          getPrototypeOf: () => {
            throw new Error("no");
          },
          has: () => {
            throw new Error("no");
          },
        },
      ),
  ],
  ["an object with no string form", () => Object.create(null) as object],
];

it.each(hostile)("%s thrown by a tool becomes an error result, and the loop goes on", async (_what, make) => {
  const { server, endpoint } = setup;
  endpoint.tools.define({
    name: "explode",
    description: "Throws.",
    schema: { type: "object", properties: {} },
    impl: () => {
      throw make();
    },
  });
  server.enqueue(
    turn.toolCalls([
      { name: "explode", arguments: "{}" },
      { name: "getWeather", arguments: '{"city":"Oslo"}' },
    ]),
    turn.text("Sorry."),
  );
  const ctx = new Context().user("Go");
  ctx.toolPolicy.allow("*");
  const done = await completions(endpoint, "m", ctx);
  expect(done.stopped).toBe("done");
  const [exploded, weather] = done.calls;
  expect(exploded!.policyResult?.status).toBe(ToolPolicyStatus.Allowed);
  expect(exploded!.outcome).toEqual({ status: "failed", message: unreadableThrownMessage });
  expect(exploded!.result).toEqual({ output: JSON.stringify({ error: unreadableThrownMessage }), isError: true });
  expect(weather!.result?.isError).toBe(false);
  expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "assistant"]);
});

it("a policy evaluator that throws such a value denies the call instead of escaping", async () => {
  const { server, endpoint, runs } = setup;
  server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Denied."));
  const ctx = new Context().user("Go");
  ctx.toolPolicy.evaluator = () => {
    throw Object.create(null) as object;
  };
  const done = await completions(endpoint, "m", ctx);
  expect(done.calls[0]!.policyResult).toEqual({
    status: ToolPolicyStatus.Denied,
    message: `The policy evaluator failed, so the call was not allowed: ${unreadableThrownMessage}`,
  });
  expect(done.stopped).toBe("attention");
  expect(runs.getWeather).toBeUndefined();
});
