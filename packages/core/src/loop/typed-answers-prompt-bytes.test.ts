// Prompt-mode typed answers send the schema in the system prompt every round; the conversation's
// own messages must still be encoded once each, as without a typed answer.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { countSerialisations } from "../endpoints/fixtures/serialisation-spy.js";
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

/** Three rounds (two of tools, then the answer) in prompt mode, counting the messages turned into JSON. */
async function threeRounds(ctx: Context): Promise<number> {
  const { server, endpoint } = setup;
  endpoint.config("m").outputMode = "prompt";
  server.enqueue(
    turn.toolCall("getWeather", { city: "Oslo" }),
    turn.toolCall("getWeather", { city: "Rome" }),
    turn.text(JSON.stringify(answer)),
  );
  ctx.toolPolicy.allow("getWeather");
  const counted = countSerialisations();
  try {
    const completion = await completions(endpoint, "m", ctx, 8, { output: forecast });
    expect(completion.output).toEqual(answer);
  } finally {
    counted.restore();
  }
  return counted.messages;
}

describe("prompt-mode typed answers reuse the encoded history", () => {
  it("encodes each message once and the schema's system message once, with a system message to extend", async () => {
    const ctx = new Context().system("You forecast weather.").user("Oslo?");
    const serialised = await threeRounds(ctx);
    const sent = ctx.messages.length - 1; // the final answer was never sent
    expect(serialised).toBe(sent + 1); // + the system message with the schema, built once
    const last = sentMessages(setup.server, 2);
    expect(last).toHaveLength(sent);
    expect(last[0]).toEqual({
      role: "system",
      content: `You forecast weather.\n\n${outputInstructions}\n${JSON.stringify(forecast)}`,
    });
    expect(last.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
    expect(sentMessages(setup.server, 0)[1]).toEqual({ role: "user", content: "Oslo?" });
  });

  it("does the same when the schema's system message is put before a conversation without one", async () => {
    const ctx = new Context().user("Oslo?");
    const serialised = await threeRounds(ctx);
    expect(serialised).toBe(ctx.messages.length - 1 + 1);
    const last = sentMessages(setup.server, 2);
    expect(last[0]).toEqual({ role: "system", content: `${outputInstructions}\n${JSON.stringify(forecast)}` });
    expect(last.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
  });
});
