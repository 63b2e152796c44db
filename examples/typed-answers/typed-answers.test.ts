import { ScriptedModelServer } from "@tooltype/testing";
import { runTypedAnswers } from "./run-typed-answers.js";
import { scriptForecast } from "./script.js";

describe("the typed answers example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(() => server.close());

  it("runs the tool, streams partial forecasts, and returns a validated Forecast", async () => {
    scriptForecast(server);
    const lines: string[] = [];
    const completion = await runTypedAnswers({ baseURL: server.url, model: "scripted", print: (l) => lines.push(l) });
    expect(completion.stopped).toBe("done");
    expect(completion.output?.days.map((d) => d.sky)).toEqual(["sunny", "rain", "cloudy"]);
    expect(completion.output).not.toHaveProperty("note");
    expect(lines).toContain("Oslo Tue: 17 °C, rain");
    expect(lines).toContain("Warm? yes");
    expect(lines.filter((l) => l.startsWith("…")).length).toBeGreaterThan(1);
    const format = (server.requests[1]!.body as { response_format: { json_schema: { strict: boolean } } })
      .response_format;
    expect(format.json_schema.strict).toBe(true);
  });
});
