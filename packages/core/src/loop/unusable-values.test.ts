// Arguments a real server produced under its grammar that parse but cannot be used or sent back:
// numbers past a double and lone surrogates (the call is answered as unusable, the context stays
// exactly as promised, the history stays readable), and integers a double cannot hold exactly
// where the schema wants an integer (refused with an argument error). A typed answer holding the
// same values is an issue the model is asked to fix.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

describe.each([
  ["a number past a double (1e400)", '{"amount": 1e400}', /too large/],
  ["llama.cpp's 5E549", '{"amount": 5E549}', /too large/],
  ["a 22-digit mantissa with a huge exponent", '{"amount": 4979795287304289e5854}', /too large/],
  ["a lone surrogate", '{"amount": 1, "memo": "\\ud800"}', /unpaired UTF-16 surrogate/],
])("arguments holding %s", (_what, raw, reason) => {
  it.each([false, true])("are an unusable call the model reads about, never thrown (streamed: %s)", async (stream) => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("pay", raw), turn.text("Sorry."));
    const ctx = new Context().user("Pay");
    ctx.toolPolicy.allow("*");
    const done = stream ? await endpoint.stream("m", ctx).completion : await completions(endpoint, "m", ctx);
    expect(done.stopped).toBe("done");
    expect(runs.pay).toBeUndefined();
    const [call] = done.calls;
    expect(call).toMatchObject({ name: "pay", arguments: null, rawArguments: raw });
    expect(call!.argumentError).toMatch(reason);
    expect(call!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(call!.result).toMatchObject({ isError: true });
    // every call answered, the context as promised: user, assistant, its answer, the final text
    expect(ctx.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // what went back is readable: `{}` in place of the raw text, the reason in the tool message
    const history = sentMessages(server, 1);
    expect(history[1]).toMatchObject({ tool_calls: [{ function: { name: "pay", arguments: "{}" } }] });
    expect(JSON.stringify(history[1])).not.toMatch(/1e400|5E549|e5854|9007199254740993|\\ud800/i);
    expect(String(history[2]!.content)).toMatch(reason);
    // and the stored context keeps the raw text for inspection
    const restored = Context.fromJSON(JSON.parse(JSON.stringify(ctx)));
    expect(restored.messages[1]).toMatchObject({ toolCalls: [{ rawArguments: raw }] });
  });
});

it("an integer past 2^53 for an integer parameter is refused with an argument error; a number parameter keeps it", async () => {
  const { server, endpoint } = setup;
  const ran: unknown[] = [];
  endpoint.tools.define<{ cents: number; rate?: number }>({
    name: "transfer",
    description: "Transfers cents.",
    schema: {
      type: "object",
      properties: { cents: { type: "integer" }, rate: { type: "number" } },
      required: ["cents"],
    },
    impl: (args) => void ran.push(args),
  });
  server.enqueue(
    turn.toolCall("transfer", '{"cents": 9007199254740993}'),
    turn.toolCall("transfer", '{"cents": 5, "rate": 9007199254740993}'),
    turn.text("Done."),
  );
  const ctx = new Context().user("Transfer");
  ctx.toolPolicy.allow("*");
  const done = await completions(endpoint, "m", ctx);
  const [refused, accepted] = done.calls;
  expect(refused!.policyResult?.status).toBe(ToolPolicyStatus.Failed);
  expect(refused!.policyResult?.message).toMatch(/cents.*within ±9007199254740991/);
  expect(accepted!.result?.isError).toBe(false);
  expect(ran).toEqual([{ cents: 5, rate: 9007199254740992 }]);
  expect(String(sentMessages(server, 1)[2]!.content)).toMatch(/cannot be held exactly/);
});

it("integers a double holds exactly (2^53 - 1, 1e20 written out) and finite exponents are used as sent", async () => {
  const { server, endpoint } = setup;
  const raw = '{"amount": 9007199254740991, "big": 100000000000000000000, "tiny": 1e-5, "e": 1.5e300}';
  server.enqueue(turn.toolCall("pay", raw), turn.text("Paid."));
  const ctx = new Context().user("Pay");
  ctx.toolPolicy.allow("*");
  const done = await completions(endpoint, "m", ctx);
  expect(done.calls[0]!.arguments).toEqual({ amount: 9007199254740991, big: 1e20, tiny: 1e-5, e: 1.5e300 });
  expect(sentMessages(server, 1)[1]).toMatchObject({ tool_calls: [{ function: { arguments: raw } }] });
});

it("invalid JSON goes back as {} too; text that was usable goes back exactly as sent", async () => {
  const { server, endpoint } = setup;
  server.enqueue(
    turn.toolCalls([
      { name: "pay", arguments: '{"amount": 3' },
      { name: "getWeather", arguments: '{ "city" : "Oslo" }' },
    ]),
    turn.text("Done."),
  );
  const ctx = new Context().user("Go");
  ctx.toolPolicy.allow("*");
  await completions(endpoint, "m", ctx);
  const calls = (sentMessages(server, 1)[1]!.tool_calls as Array<{ function: { arguments: string } }>).map(
    (call) => call.function.arguments,
  );
  expect(calls).toEqual(["{}", '{ "city" : "Oslo" }']);
  expect(ctx.messages[1]).toMatchObject({ toolCalls: [{ rawArguments: '{"amount": 3' }, {}] });
});

describe.each([
  ["a number past a double (1e400)", '{"celsius": 1e400}', /too large/],
  ["a lone surrogate", '{"celsius": 21, "note": "\\ud800"}', /unpaired UTF-16 surrogate/],
])("a typed answer holding %s", (_what, raw, reason) => {
  it.each([false, true])("is an issue the model is asked to fix, never the output (streamed: %s)", async (stream) => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text(raw), turn.text('{"celsius": 21}'));
    const output = {
      type: "object",
      properties: { celsius: { type: "number" }, note: { type: "string" } },
      required: ["celsius"],
    } as const;
    const ctx = new Context().user("How warm?");
    const done = stream
      ? await endpoint.stream("m", ctx, { output }).completion
      : await completions(endpoint, "m", ctx, 8, { output });
    expect(done).toMatchObject({ stopped: "done", output: { celsius: 21 }, rounds: 2 });
    // the model read why its first answer was refused
    expect(String(sentMessages(server, 1).at(-1)!.content)).toMatch(reason);
  });
});
