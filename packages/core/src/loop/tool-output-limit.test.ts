// Tool results have a size bound: a longer one reaches the model cut, with a note it can read.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";
import { DEFAULT_MAX_TOOL_OUTPUT, limitToolOutput } from "../calls/tool-output-limit.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

function defineDump(size: number): void {
  setup.endpoint.tools.define({
    name: "dump",
    description: "Returns a lot.",
    schema: { type: "object", properties: {} },
    impl: () => "é".repeat(size), // two bytes each: a cut must not split one
  });
}

it("a result over maxToolOutput is sent cut, with a note, and stored the same way", async () => {
  defineDump(10_000);
  setup.server.enqueue(turn.toolCall("dump"), turn.text("Too much."));
  const ctx = new Context().user("Dump");
  ctx.toolPolicy.allow("*");
  await completions(setup.endpoint, "m", ctx, 8, { maxToolOutput: 1001 });
  const sent = String(sentMessages(setup.server, 1)[2]!.content);
  expect(sent.startsWith("é".repeat(500) + "\n[Cut by tooltype")).toBe(true);
  expect(sent).toContain("the result was 20000 bytes, over the limit of 1001 bytes (maxToolOutput)");
  expect(ctx.messages[2]).toMatchObject({ role: "tool", content: sent });
  expect(Context.fromJSON(JSON.parse(JSON.stringify(ctx))).messages[2]).toMatchObject({ content: sent });
});

it("a result within the bound is sent whole; the default bound is 1 MiB", async () => {
  defineDump(100);
  setup.server.enqueue(turn.toolCall("dump"), turn.text("Fine."));
  const ctx = new Context().user("Dump");
  ctx.toolPolicy.allow("*");
  await completions(setup.endpoint, "m", ctx);
  expect(sentMessages(setup.server, 1)[2]!.content).toBe("é".repeat(100));
  expect(DEFAULT_MAX_TOOL_OUTPUT).toBe(1024 * 1024);
  const big = { output: "x".repeat(DEFAULT_MAX_TOOL_OUTPUT + 1), isError: false };
  expect(limitToolOutput(big, DEFAULT_MAX_TOOL_OUTPUT).output).toMatch(/^x{1048576}\n\[Cut by tooltype/);
});

it("maxToolOutput must be a positive integer", async () => {
  await expect(completions(setup.endpoint, "m", new Context().user("x"), 8, { maxToolOutput: 0 })).rejects.toThrow(
    RangeError,
  );
});
