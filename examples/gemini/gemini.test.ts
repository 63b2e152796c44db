import { ScriptedModelServer } from "@tooltype/testing";
import { runGemini } from "./run-gemini.js";

type Part = {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { name: string; args: object; id?: string };
  functionResponse?: { name: string; response: object };
};
type Body = {
  systemInstruction: { parts: Array<{ text: string }> };
  tools: Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema: unknown }> }>;
  generationConfig: object;
  contents: Array<{ role: string; parts: Part[] }>;
};

describe("the Gemini example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  const parallel = {
    reasoning: "I need both forecasts.",
    toolCalls: [
      { id: "fc_lis", name: "getWeather", arguments: { city: "Lisbon" } },
      { id: "fc_opo", name: "getWeather", arguments: { city: "Porto" } },
    ],
  };
  const booking = {
    text: "Lisbon is warmer. ",
    toolCalls: [{ id: "fc_book", name: "bookHotel", arguments: { city: "Lisbon", nights: 2 } }],
  };

  it("runs both forecasts, books only after approval, and sends every signed part back as it came", async () => {
    server.enqueue(parallel, booking, { text: "Booked two nights in Lisbon." });
    const asked: string[] = [];
    let streamed = "";
    const { completion, travel } = await runGemini({
      baseURL: server.origin,
      model: "scripted-gemini",
      approve: (call) => (asked.push(`${call.name} ${call.rawArguments}`), true),
      print: () => undefined,
      write: (text) => (streamed += text),
    });

    expect(completion).toMatchObject({ stopped: "done", text: "Booked two nights in Lisbon." });
    expect(asked).toEqual(['bookHotel {"city":"Lisbon","nights":2}']);
    expect(travel.bookings).toEqual(["Lisbon × 2"]);
    expect(streamed).toBe("Lisbon is warmer. Booked two nights in Lisbon.");
    expect(server.problems).toEqual([]);

    const bodies = server.requests.map((r) => r.body as Body);
    expect(server.requests.every((r) => r.url === "/v1beta/models/scripted-gemini:streamGenerateContent?alt=sse")).toBe(
      true,
    );
    expect(bodies[0]).toMatchObject({
      systemInstruction: { parts: [{ text: expect.stringContaining("travel agent") }] },
      generationConfig: { maxOutputTokens: 2048, thinkingConfig: { includeThoughts: true } },
    });
    expect(bodies[0]!.tools[0]!.functionDeclarations.find((d) => d.name === "bookHotel")!.parametersJsonSchema).toEqual(
      {
        type: "object",
        properties: {
          city: { type: "string", description: "the city to stay in" },
          nights: { type: "number", description: "how many nights, 1 to 14" },
        },
        required: ["city", "nights"],
        additionalProperties: false,
      },
    );
    // Round two: the thought, both calls (the first with its signature), both answers in order.
    const [, model, answers] = bodies[1]!.contents;
    expect(
      model!.parts.map((p) => [p.thought ?? false, p.functionCall?.name, p.thoughtSignature !== undefined]),
    ).toEqual([
      [true, undefined, false],
      [false, "getWeather", true],
      [false, "getWeather", false],
    ]);
    expect(answers!.parts.map((p) => p.functionResponse)).toEqual([
      { name: "getWeather", id: "fc_lis", response: { output: '{"city":"Lisbon","celsius":24,"sky":"sunny"}' } },
      { name: "getWeather", id: "fc_opo", response: { output: '{"city":"Porto","celsius":19,"sky":"cloudy"}' } },
    ]);
    expect(bodies[2]!.contents.at(-1)!.parts).toEqual([
      { functionResponse: { name: "bookHotel", id: "fc_book", response: { output: "Booked 2 night(s) in Lisbon." } } },
    ]);
  });

  it("never books when the user says no, and tells Gemini with an error response", async () => {
    server.enqueue(parallel, booking, { text: "Understood, no booking." });
    const { completion, travel } = await runGemini({
      baseURL: server.origin,
      model: "scripted-gemini",
      approve: () => false,
      print: () => undefined,
      write: () => undefined,
    });
    expect(completion.text).toBe("Understood, no booking.");
    expect(travel.bookings).toEqual([]);
    const last = (server.lastRequest!.body as Body).contents.at(-1)!;
    expect(last.parts[0]!.functionResponse).toMatchObject({
      name: "bookHotel",
      response: { error: expect.stringContaining("The user said no.") },
    });
  });
});
