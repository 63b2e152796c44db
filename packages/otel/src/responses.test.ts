// Telemetry of a completion through OpenAIResponses: the same spans and metrics as through the
// chat-completions endpoint, named for the provider `openai`, with the response's own id.
import { Context, OpenAIResponses } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
let endpoint: OpenAIResponses | undefined;
afterEach(async () => {
  await endpoint?.close();
  await otel.close();
});

const usage = (prompt: number, completion: number) => ({
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});

describe("telemetry through OpenAIResponses", () => {
  it("records a chat span per request and an execute_tool span per run, provider openai", async () => {
    otel = await startOtel();
    const { server, telemetry } = otel;
    endpoint = new OpenAIResponses({ baseURL: server.origin, retries: 0 });
    endpoint.tools.define<{ city: string }>({
      name: "getWeather",
      description: "Current weather in a city.",
      schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      impl: ({ city }) => ({ city, celsius: 21 }),
    });
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("getWeather");
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }, usage(30, 8)),
      turn.text("It is 21 degrees in Oslo.", usage(50, 9)),
    );

    const completion = await endpoint.completions("o-test", ctx, { hooks: telemetry.hooks });

    expect(completion.text).toBe("It is 21 degrees in Oslo.");
    const chats = otel.spans().filter((span) => span.name === "chat o-test");
    expect(chats).toHaveLength(2);
    expect(chats[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "o-test",
      "gen_ai.response.model": "o-test",
      "gen_ai.response.id": expect.stringMatching(/^resp_scripted_/),
      "gen_ai.response.finish_reasons": ["tool_calls"],
      "gen_ai.usage.input_tokens": 30,
      "gen_ai.usage.output_tokens": 8,
      "server.address": "127.0.0.1",
      "server.port": Number(new URL(server.url).port),
    });
    expect(chats[1]!.attributes["gen_ai.response.finish_reasons"]).toEqual(["stop"]);
    expect(otel.span("execute_tool getWeather").attributes).toMatchObject({ "gen_ai.tool.name": "getWeather" });
    expect(otel.span("invoke_agent").attributes).toMatchObject({ "gen_ai.usage.input_tokens": 80 });
    const tokens = await otel.histogram("gen_ai.client.token.usage");
    expect(tokens.map((point) => point.value.sum ?? 0).sort((a, b) => a - b)).toEqual([17, 80]);
  });
});
