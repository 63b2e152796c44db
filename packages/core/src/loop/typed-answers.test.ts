import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { OutputError } from "../errors/output-error.js";
import { jsonSchema } from "../tools/define-tool.js";
import type { DeepPartial } from "../schema/typed-schema.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "./loop-event.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

/** What the model is asked for. */
interface Forecast {
  city: string;
  days: { day: string; celsius: number }[];
  /** Left out when there is nothing to say. */
  note?: string;
}
const forecast = jsonSchema<Forecast>();
const answer: Forecast = { city: "Oslo", days: [{ day: "Mon", celsius: 21 }] };

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const bodyOf = (i: number) => setup.server.requests[i]!.body as Record<string, unknown>;

describe("typed answers on an OpenAI-compatible server", () => {
  it("runs the tools, then gives the validated answer typed as Forecast, asked for with a strict response_format", async () => {
    const { server, endpoint, runs } = setup;
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text(JSON.stringify({ ...answer, note: null })));
    const ctx = new Context().user("Forecast for Oslo?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await completions(endpoint, "m", ctx, 8, { output: forecast });
    expect(completion.stopped).toBe("done");
    if (completion.stopped !== "done") return;
    const typed: Forecast = completion.output; // no cast: the schema carries the type
    expect(typed).toEqual(answer); // the strict null of the optional `note` is mapped back to absent
    expect(runs.getWeather).toBe(1);
    const format = bodyOf(1).response_format as { type: string; json_schema: Record<string, unknown> };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema).toMatchObject({ name: "answer", strict: true });
    expect(format.json_schema.schema).toMatchObject({
      required: ["city", "days", "note"],
      properties: { note: { anyOf: [{ type: "string" }, { type: "null" }] } },
    });
  });

  it("works through endpoint.completions and with a prompt string", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text(JSON.stringify(answer)), turn.text(JSON.stringify(answer)));
    const viaMethod = await endpoint.completions("m", new Context().user("Oslo?"), { output: forecast });
    expect(viaMethod.output?.city).toBe("Oslo");
    const viaPrompt = await completions(endpoint, "m", "Oslo?", undefined, {
      output: forecast,
      outputName: "forecast",
    });
    expect(viaPrompt.output).toEqual(answer);
    expect((bodyOf(1).response_format as { json_schema: { name: string } }).json_schema.name).toBe("forecast");
  });

  it("sends an invalid answer back with its issues and takes the corrected one", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text('{"city": 3, "days": []}'), turn.text(JSON.stringify(answer)));
    const ctx = new Context().user("Oslo?");
    const completion = await completions(endpoint, "m", ctx, 8, { output: forecast });
    expect(completion.output).toEqual(answer);
    expect(completion.rounds).toBe(2);
    const retry = sentMessages(server, 1).at(-1)!;
    expect(retry.role).toBe("user");
    expect(retry.content).toBe(
      "Your answer does not match the required JSON Schema:\n- answer.city: must be a string (got 3)\nAnswer again with the corrected JSON only.",
    );
  });

  it("throws OutputError with the issues and the raw text once outputRetries are spent", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("not json"), turn.text('{"city": "Oslo"}'));
    const error = await completions(endpoint, "m", new Context().user("Oslo?"), 8, {
      output: forecast,
      outputRetries: 1,
    }).catch((e: unknown) => e);
    expect(OutputError.isInstance(error)).toBe(true);
    const output = error as OutputError;
    expect(output.code).toBe("OUTPUT");
    expect(output.text).toBe('{"city": "Oslo"}');
    expect(output.attempts).toBe(2);
    expect(output.issues).toEqual([{ path: "/days", message: "required property is missing" }]);
    expect(sentMessages(server, 1).at(-1)!.content).toContain("- answer: is not valid JSON");
  });

  it("reports a refusal as stopped: refusal, with no output and no retry", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ refusal: "I can't help with that." });
    const completion = await completions(endpoint, "m", new Context().user("x"), 8, { output: forecast });
    expect(completion.stopped).toBe("refusal");
    expect(completion.output).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it("reports a reply cut by the token limit as stopped: length, never passing the partial object off", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text('{"city": "Oslo", "days": [', { finishReason: "length" }));
    const completion = await completions(endpoint, "m", new Context().user("x"), 8, { output: forecast });
    expect(completion.stopped).toBe("length");
    expect(completion.output).toBeUndefined();
  });

  it("streamed too: a refusal is stopped: refusal and a cut answer stopped: length, neither with an output event", async () => {
    const { server, endpoint } = setup;
    server.enqueue({ refusal: "I can't help with that.", deltaSize: 4 });
    server.enqueue({ ...turn.text('{"city": "Oslo", "days": [{"day": "Mo', { finishReason: "length" }), deltaSize: 5 });
    for (const stopped of ["refusal", "length"]) {
      const stream = endpoint.stream("m", new Context().user("x"), { output: forecast });
      const types = new Set<string>();
      for await (const event of stream) types.add(event.type);
      const completion = await stream.completion;
      expect(completion.stopped).toBe(stopped);
      expect(completion.output).toBeUndefined();
      expect(types.has("output")).toBe(false);
    }
    expect(server.requests).toHaveLength(2); // neither is asked again
  });

  it("streams partial answers as DeepPartial<Forecast>, then the validated answer", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text(JSON.stringify(answer), { deltaSize: 5 }));
    const stream = endpoint.stream("m", new Context().user("Oslo?"), { output: forecast });
    const partials: DeepPartial<Forecast>[] = [];
    let final: Forecast | undefined;
    for await (const event of stream) {
      if (event.type === "partial-output") partials.push(structuredClone(event.partial));
      if (event.type === "output") final = event.output;
    }
    const completion = await stream.completion;
    expect(completion.output).toEqual(answer);
    expect(final).toEqual(answer);
    expect(partials.length).toBeGreaterThan(3);
    expect(partials[0]).toEqual({});
    expect(partials).toContainEqual({ city: "O" });
    expect(partials.at(-1)).toEqual(answer);
  });

  it("asks servers without a response format through the system prompt and repairs the text exactly", async () => {
    const { server, endpoint } = setup;
    endpoint.config("qwen").dialect = "qwen";
    server.enqueue(
      turn.text("```json\n" + JSON.stringify({ ...answer, days: [{ day: "Mon", celsius: "21" }] }) + "\n```"),
    );
    const ctx = new Context().system("You forecast weather.").user("Oslo?");
    const completion = await completions(endpoint, "qwen", ctx, 8, { output: forecast });
    expect(completion.output).toEqual(answer);
    const body = bodyOf(0);
    expect(body.response_format).toBeUndefined();
    const system = (body.messages as Array<{ role: string; content: string }>)[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain(
      "You forecast weather.\n\nAnswer with one JSON value that matches this JSON Schema",
    );
    expect(system.content).toContain('"celsius"');
    expect(ctx.messages[0]).toEqual({ role: "system", content: "You forecast weather." });
  });

  it("keeps hostile keys inert: __proto__ in an answer pollutes nothing and fails a closed schema", async () => {
    const { server, endpoint } = setup;
    const hostile = '{"__proto__": {"polluted": true}, "city": "Oslo", "days": []}';
    server.enqueue(turn.text(hostile), turn.text(hostile));
    const error = await completions(endpoint, "m", new Context().user("x"), 8, {
      output: forecast,
      outputRetries: 1,
    }).catch((e: unknown) => e);
    expect((error as OutputError).issues).toEqual([
      { path: "/__proto__", message: "unexpected property (allowed: city, days, note)" },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const scores = jsonSchema<Record<string, number>>();
    server.enqueue(turn.text('{"__proto__": 1, "constructor": 2}'));
    const open = await completions(endpoint, "m", new Context().user("x"), 8, { output: scores });
    expect(Object.getPrototypeOf(open.output)).toBe(Object.prototype);
    expect(Object.hasOwn(open.output!, "__proto__")).toBe(true);
  });

  it("reads a huge answer, streamed, and validates it", async () => {
    const { server, endpoint } = setup;
    const days = Array.from({ length: 5_000 }, (_, i) => ({ day: `d${i}`, celsius: i % 40 }));
    const huge: Forecast = { city: "Oslo", days, note: "x".repeat(100_000) };
    server.enqueue(turn.text(JSON.stringify(huge), { deltaSize: 4096 }));
    let partials = 0;
    const stream = endpoint.stream("m", new Context().user("x"), { output: forecast });
    for await (const event of stream) if (event.type === "partial-output") partials += 1;
    const completion = await stream.completion;
    expect(completion.output?.days).toHaveLength(5_000);
    expect(partials).toBeGreaterThan(20);
  });

  it("warns once when the schema cannot be sent strict, and still validates the answer", async () => {
    const { server, endpoint } = setup;
    const scores = jsonSchema<{ byCity: Record<string, number> }>();
    server.enqueue(turn.text('{"byCity":{"Oslo":21}}'), turn.text('{"byCity":{"Rome":25}}'));
    const warnings: string[] = [];
    const onEvent = (event: LoopEvent) => {
      if (event.type === "warning") warnings.push(event.message);
    };
    const first = await completions(endpoint, "m", new Context().user("x"), 8, { output: scores, onEvent });
    expect(first.output).toEqual({ byCity: { Oslo: 21 } });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The answer schema "answer" is sent without strict mode: \/byCity is an object with arbitrary keys.*still validated here/,
      ),
    ]);
    expect((bodyOf(0).response_format as { json_schema: { strict: boolean } }).json_schema.strict).toBe(false);
    await completions(endpoint, "m", new Context().user("x"), 8, { output: scores, onEvent });
    expect(warnings).toHaveLength(1); // once per schema
    server.enqueue(turn.text(JSON.stringify(answer)));
    await completions(endpoint, "m", new Context().user("x"), 8, { output: forecast, onEvent });
    expect(warnings).toHaveLength(1); // a strict schema says nothing
  });

  it("rejects a site id no sidecar registered, naming it, before sending anything", async () => {
    const { server, endpoint } = setup;
    // As a build without the transformer runs `jsonSchema<Forecast>("typed-answers-test.never")`.
    const unregistered = Reflect.apply(jsonSchema, undefined, ["typed-answers-test.never"]) as typeof forecast;
    await expect(completions(endpoint, "m", new Context().user("x"), 8, { output: unregistered })).rejects.toThrow(
      /jsonSchema<T>\("typed-answers-test.never"\) has no schema.*tooltype generate/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("refuses bad options before sending anything", async () => {
    const { server, endpoint } = setup;
    const ctx = new Context().user("x");
    await expect(completions(endpoint, "m", ctx, 8, { output: forecast, outputRetries: -1 })).rejects.toThrow(
      RangeError,
    );
    await expect(completions(endpoint, "m", ctx, 8, { output: forecast, outputName: "a b" })).rejects.toThrow(
      /outputName/,
    );
    expect(server.requests).toHaveLength(0);
  });
});
