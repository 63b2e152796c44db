// One conversation through a router over Gemini, OpenAI and Anthropic targets: history written by
// one provider, continued by another, each getting it in its own wire format.
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { Anthropic } from "../endpoints/anthropic/anthropic.js";
import { Gemini } from "../endpoints/gemini/gemini.js";
import { skipSignature } from "../endpoints/gemini/model-parts.js";
import type { GeminiRequestBody } from "../endpoints/gemini/wire.js";
import { OpenAI } from "../endpoints/openai/openai.js";
import { completions } from "../completions.js";
import { Router } from "./router.js";

let server: ScriptedModelServer;
const endpoints: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  server = await ScriptedModelServer.start();
});
afterEach(async () => {
  server.reset();
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});
afterAll(() => server.close());

function router(): Router {
  const gemini = new Gemini({ baseURL: server.origin, retries: 0 });
  const openai = new OpenAI({ baseURL: server.url, retries: 0 });
  const anthropic = new Anthropic({ baseURL: server.origin, retries: 0 });
  endpoints.push(gemini, openai, anthropic);
  const r = new Router([
    { endpoint: gemini, model: "gemini-test" },
    { endpoint: openai, model: "gpt-test" },
    { endpoint: anthropic, model: "claude-test" },
  ]);
  r.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => `${city}: 21 °C`,
  });
  return r;
}

const down = () => turn.error(503, { message: "overloaded" });
const geminiBodies = () =>
  server.requests.filter((r) => r.path.includes(":generateContent")).map((r) => r.body as GeminiRequestBody);

describe("Router over Gemini, OpenAI and Anthropic", () => {
  it("continues one conversation across the three providers, each reading the others' calls and results", async () => {
    const r = router();
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("getWeather");

    // Gemini is down: OpenAI writes the call and the answer.
    server.enqueue(down(), turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Oslo is at 21 °C."));
    const first = await completions(r, ctx);
    expect(first).toMatchObject({ text: "Oslo is at 21 °C.", target: { model: "gpt-test" } });

    // Gemini writes a signed call; Gemini and OpenAI are down for the next round: Anthropic answers it.
    server.reset();
    ctx.user("And Rome?");
    server.enqueue(turn.toolCall("getWeather", { city: "Rome" }), down(), down(), turn.text("Rome is warm."));
    const second = await completions(r, ctx);
    expect(second).toMatchObject({ text: "Rome is warm.", target: { model: "claude-test" } });
    // Gemini read OpenAI's call and result, the call with the placeholder signature and no id.
    const [afterOpenAI] = geminiBodies();
    expect(afterOpenAI!.contents.slice(1, 4)).toEqual([
      {
        role: "model",
        parts: [{ functionCall: { name: "getWeather", args: { city: "Oslo" } }, thoughtSignature: skipSignature }],
      },
      { role: "user", parts: [{ functionResponse: { name: "getWeather", response: { output: "Oslo: 21 °C" } } }] },
      { role: "model", parts: [{ text: "Oslo is at 21 °C." }] },
    ]);
    const geminiCall = ctx.messages[5]!;
    expect(geminiCall).toMatchObject({
      role: "assistant",
      providerData: { gemini: { parts: [{ thoughtSignature: expect.any(String) }] } },
    });
    const anthropicBody = server.requests.at(-1)!.body as {
      messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
    };
    expect(server.requests.at(-1)!.path).toBe("/v1/messages");
    expect(anthropicBody.messages.slice(-2)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: expect.stringMatching(/^fc_scripted_/), name: "getWeather", input: { city: "Rome" } },
        ],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: expect.stringMatching(/^fc_scripted_/), content: "Rome: 21 °C" }],
      },
    ]);
    expect(JSON.stringify(anthropicBody)).not.toContain("thoughtSignature");

    // Back on Gemini: its own call goes back with its signature exactly, the others' with the placeholder.
    server.reset();
    ctx.user("Thanks!");
    server.enqueue(turn.text("You're welcome."));
    await completions(r, ctx);
    const [last] = geminiBodies();
    const signed = (
      geminiCall as unknown as { providerData: { gemini: { parts: Array<{ thoughtSignature: string }> } } }
    ).providerData.gemini.parts[0]!.thoughtSignature;
    const modelContents = last!.contents.filter((c) => c.role === "model");
    expect(modelContents.map((c) => c.parts.map((p) => p.thoughtSignature))).toEqual([
      [skipSignature],
      [undefined],
      [signed],
      [undefined],
    ]);
    expect(modelContents[2]!.parts[0]!.functionCall).toEqual({
      name: "getWeather",
      args: { city: "Rome" },
      id: expect.stringMatching(/^fc_scripted_/),
    });
  });
});
