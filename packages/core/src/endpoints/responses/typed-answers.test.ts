import { turn, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { jsonSchema } from "../../tools/define-tool.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { OpenAIResponses } from "./responses.js";

interface Forecast {
  city: string;
  celsius: number;
  /** Left out when there is nothing to say. */
  note?: string;
}
const forecast = jsonSchema<Forecast>();

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

function endpoint(): OpenAIResponses {
  const ep = track(new OpenAIResponses({ baseURL: server.origin, retries: 0 }));
  ep.tools.define({
    name: "getWeather",
    description: "Weather in a city.",
    schema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
    impl: ({ city }: { city: string }) => `21 °C in ${city}`,
  });
  return ep;
}

type Body = { instructions?: string; text?: { format: Record<string, unknown> } };
const bodyOf = (i: number) => server.requests[i]!.body as Body;

describe("typed answers on the Responses API", () => {
  it("asks with text.format json_schema, strict, and maps the strict nulls of the answer back", async () => {
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }),
      turn.text('{"city":"Oslo","celsius":21,"note":null}'),
    );
    const ctx = new Context().user("Oslo?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await endpoint().completions("gpt-test", ctx, { output: forecast });
    expect(completion.output).toEqual({ city: "Oslo", celsius: 21 });
    expect(bodyOf(0).text!.format).toMatchObject({
      type: "json_schema",
      name: "answer",
      strict: true,
      schema: { required: ["city", "celsius", "note"], additionalProperties: false },
    });
  });

  it("sends the answer's issues back and asks again when it does not match", async () => {
    server.enqueue(turn.text('{"city":"Oslo"}'), turn.text('{"city":"Oslo","celsius":20}'));
    const ctx = new Context().user("Oslo?");
    const completion = await endpoint().completions("gpt-test", ctx, { output: forecast });
    expect(completion.output).toEqual({ city: "Oslo", celsius: 20 });
    const retry = (server.requests[1]!.body as { input: Array<{ role?: string; content?: unknown }> }).input.at(-1);
    expect(retry).toMatchObject({ role: "user", content: expect.stringContaining("celsius") });
  });

  it("puts the schema in the instructions in prompt mode (servers that ignore text.format)", async () => {
    const ep = endpoint();
    ep.config("local").outputMode = "prompt";
    server.enqueue(turn.text('```json\n{"city":"Bern","celsius":18}\n```'));
    const completion = await ep.completions("local", new Context().system("Be brief.").user("Bern?"), {
      output: forecast,
      repair: true,
    });
    expect(completion.output).toEqual({ city: "Bern", celsius: 18 });
    expect(bodyOf(0).text).toBeUndefined();
    expect(bodyOf(0).instructions).toMatch(/^Be brief\.\n\nAnswer with one JSON value that matches this JSON Schema/);
  });

  it("reports the answer as it streams", async () => {
    server.enqueue(turn.text('{"city":"Lima","celsius":25}', { deltaSize: 5 }));
    const stream = endpoint().stream("gpt-test", "Lima?", { output: forecast });
    const partials: unknown[] = [];
    for await (const event of stream as AsyncIterable<LoopEvent>)
      if (event.type === "partial-output") partials.push(structuredClone(event.partial));
    expect((await stream.completion).output).toEqual({ city: "Lima", celsius: 25 });
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)).toEqual({ city: "Lima", celsius: 25 });
  });
});
