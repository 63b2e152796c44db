import { Context, OpenAI, ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";

let server: ScriptedModelServer;
let ep: OpenAI;
beforeEach(async () => {
  server = await ScriptedModelServer.start();
  ep = new OpenAI({ baseURL: server.url, retries: 0 });
  ep.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: ({ city }) => `${city}: 21°`,
  });
});
afterEach(async () => {
  await ep.close();
  await server.close();
});

describe("endpoint.completions and endpoint.stream", () => {
  it("run the loop on a context, with maxToolRounds in the options", async () => {
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("21° in Oslo."));
    const ctx = new Context().user("Weather in Oslo?");
    ctx.toolPolicy.allow("getWeather");
    const limited = await ep.completions("m", ctx, { maxToolRounds: 1 });
    expect(limited.stopped).toBe("maxToolRounds");
    const done = await ep.completions("m", ctx);
    expect(done).toMatchObject({ stopped: "done", text: "21° in Oslo." });
    await expect(ep.completions("m", ctx, { maxToolRounds: -1 })).rejects.toThrow(RangeError);
  });

  it("return the model's calls for a prompt without running them", async () => {
    server.enqueue(turn.toolCall("getWeather", { city: "Rome" }));
    const completion = await ep.completions("m", "Weather in Rome?");
    expect(completion.toolCalls[0]).toMatchObject({
      name: "getWeather",
      arguments: { city: "Rome" },
      policyResult: { status: ToolPolicyStatus.Pending },
    });
    expect(completion.toolCalls[0]!.result).toBeUndefined();
  });

  it("stream the same loop", async () => {
    server.enqueue(turn.text("Hello from a stream.", { deltaSize: 4 }));
    const stream = ep.stream("m", new Context().user("hi"));
    let text = "";
    for await (const event of stream) if (event.type === "text-delta") text += event.text;
    expect(text).toBe("Hello from a stream.");
    expect((await stream.completion).text).toBe("Hello from a stream.");
  });
});
