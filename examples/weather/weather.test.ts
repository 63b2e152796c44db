import { ScriptedModelServer } from "@tooltype/testing";
import { runWeather } from "./run-weather.js";

describe("the weather example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  it("offers getWeather with its compile-time schema, runs the call and returns the answer", async () => {
    server.enqueue(
      { toolCalls: [{ name: "getWeather", arguments: { location: "Paris", unit: "f" } }] },
      { text: "It is 64 °F in Paris." },
    );
    const lines: string[] = [];
    const completion = await runWeather({ baseURL: server.url, model: "scripted", print: (line) => lines.push(line) });

    expect(completion.stopped).toBe("done");
    expect(completion.text).toBe("It is 64 °F in Paris.");
    expect(completion.calls.map((call) => call.result?.output)).toEqual(["64 °F and sunny in Paris"]);

    const offered = (server.requests[0]!.body as { tools: Array<{ function: { name: string; parameters: unknown } }> })
      .tools;
    expect(offered[0]!.function.name).toBe("getWeather");
    expect(offered[0]!.function.parameters).toEqual({
      type: "object",
      properties: {
        location: { type: "string", description: 'a city name, e.g. "Paris"' },
        unit: { type: "string", enum: ["c", "f"], default: "c", description: "celsius or fahrenheit" },
      },
      required: ["location"],
      additionalProperties: false,
    });
    const toolMessage = (
      server.requests[1]!.body as { messages: Array<{ role: string; content: string }> }
    ).messages.find((m) => m.role === "tool");
    expect(toolMessage?.content).toBe("64 °F and sunny in Paris");
    expect(lines.some((line) => line.startsWith("Policy: allowed"))).toBe(true);
  });

  it("never runs the tool when the model's arguments are wrong, and tells the model why", async () => {
    server.enqueue({ toolCalls: [{ name: "getWeather", arguments: { location: 42 } }] }, { text: "Sorry." });
    const completion = await runWeather({ baseURL: server.url, model: "scripted", print: () => undefined });
    const call = completion.calls[0]!;
    expect(call.policyResult?.status).toBe("failed");
    expect(call.result?.isError).toBe(true);
    expect(call.result?.output).toContain("location");
  });
});
