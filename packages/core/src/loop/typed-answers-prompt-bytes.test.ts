// Prompt-mode typed answers send the schema in the system prompt every round, with the
// conversation's own messages after it. (That they are still encoded once each, as without a typed
// answer, is checked by `npm run bench:work`, bench/work-per-round.mjs.)
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { outputInstructions } from "../endpoints/output-request.js";
import { jsonSchema } from "../tools/define-tool.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

interface Forecast {
  city: string;
  celsius: number;
}
const forecast = jsonSchema<Forecast>();
const answer: Forecast = { city: "Oslo", celsius: 21 };

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

/** Three rounds (two of tools, then the answer) in prompt mode. */
async function threeRounds(ctx: Context): Promise<void> {
  const { server, endpoint } = setup;
  endpoint.config("m").outputMode = "prompt";
  server.enqueue(
    turn.toolCall("getWeather", { city: "Oslo" }),
    turn.toolCall("getWeather", { city: "Rome" }),
    turn.text(JSON.stringify(answer)),
  );
  ctx.toolPolicy.allow("getWeather");
  const completion = await completions(endpoint, "m", ctx, 8, { output: forecast });
  expect(completion.output).toEqual(answer);
}

describe("prompt-mode typed answers send the schema before the conversation", () => {
  it("appends it to the first system message, round after round", async () => {
    const ctx = new Context().system("You forecast weather.").user("Oslo?");
    await threeRounds(ctx);
    const sent = ctx.messages.length - 1; // the final answer was never sent
    for (let i = 0; i < 2; i++)
      expect(sentMessages(setup.server, i)).toEqual(sentMessages(setup.server, 2).slice(0, 2 + 2 * i));
    const last = sentMessages(setup.server, 2);
    expect(last).toHaveLength(sent);
    expect(last[0]).toEqual({
      role: "system",
      content: `You forecast weather.\n\n${outputInstructions}\n${JSON.stringify(forecast)}`,
    });
    expect(last.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
    expect(sentMessages(setup.server, 0)[1]).toEqual({ role: "user", content: "Oslo?" });
  });

  it("puts a system message with it before a conversation without one", async () => {
    const ctx = new Context().user("Oslo?");
    await threeRounds(ctx);
    const last = sentMessages(setup.server, 2);
    expect(last).toHaveLength(ctx.messages.length); // the schema's message + all but the final answer
    expect(sentMessages(setup.server, 1)).toEqual(last.slice(0, 4));
    expect(last[0]).toEqual({ role: "system", content: `${outputInstructions}\n${JSON.stringify(forecast)}` });
    expect(last.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
  });
});
