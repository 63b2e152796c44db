// Telemetry of a completion through the Gemini endpoint: the provider as the GenAI conventions
// name it (`gcp.gemini`), the response's id and model from `responseId` and `modelVersion`.
import { Context, Gemini } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup | undefined;
afterEach(async () => {
  await otel?.close();
  otel = undefined;
});

it("reports gcp.gemini as the provider, with the reply's id, model, usage and the tool run", async () => {
  otel = await startOtel();
  const { server, telemetry } = otel;
  const gemini = new Gemini({ baseURL: server.origin, apiKey: "AIza-otel-test", retries: 0 });
  gemini.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Weather.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => `21 °C in ${city}`,
  });
  const usage = { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 };
  server.enqueue(
    turn.toolCall("getWeather", { city: "Oslo" }, { usage, model: "gemini-3-flash-001" }),
    turn.text("21 °C.", { usage }),
  );
  const ctx = new Context().user("Weather in Oslo?");
  ctx.toolPolicy.allow("getWeather");
  try {
    await gemini.completions("gemini-test", ctx, { hooks: telemetry.hooks });
  } finally {
    await gemini.close();
  }
  const chats = otel.spans().filter((span) => span.name === "chat gemini-test");
  expect(chats).toHaveLength(2);
  expect(chats[0]!.attributes).toMatchObject({
    "gen_ai.provider.name": "gcp.gemini",
    "gen_ai.request.model": "gemini-test",
    "gen_ai.response.model": "gemini-3-flash-001",
    "gen_ai.response.id": expect.stringMatching(/^scripted-response-\d+$/),
    "gen_ai.response.finish_reasons": ["stop"],
    "gen_ai.usage.input_tokens": 30,
    "gen_ai.usage.output_tokens": 8,
    "server.address": "127.0.0.1",
  });
  expect(otel.span("execute_tool getWeather").attributes["gen_ai.tool.name"]).toBe("getWeather");
  expect(otel.span("invoke_agent").attributes["gen_ai.provider.name"]).toBe("gcp.gemini");
});
