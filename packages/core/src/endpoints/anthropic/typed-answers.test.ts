import { turn, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { OutputError } from "../../errors/output-error.js";
import { completions } from "../../completions.js";
import type { LoopEvent } from "../../loop/loop-event.js";
import { jsonSchema } from "../../tools/define-tool.js";
import { Router } from "../../router/router.js";
import { OpenAI } from "../openai/openai.js";
import { Anthropic } from "./anthropic.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";

interface Forecast {
  city: string;
  celsius: number;
  /** Left out when there is nothing to say. */
  note?: string;
}
const forecast = jsonSchema<Forecast>();
const answer = { city: "Oslo", celsius: 21 } satisfies Forecast;

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

function claude(): Anthropic {
  const ep = track(new Anthropic({ baseURL: server.origin, retries: 0 }));
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

type Body = {
  tools?: Array<{ name: string; input_schema: unknown }>;
  tool_choice?: unknown;
  output_config?: unknown;
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
};
const bodyOf = (i: number) => server.requests[i]!.body as Body;

describe("typed answers on Anthropic", () => {
  it("asks with an answer tool by default: tools first, then the answer tool's input is the answer", async () => {
    const ep = claude();
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.toolCall("answer", answer));
    const ctx = new Context().user("Oslo?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await ep.completions("claude-x", ctx, { output: forecast });
    expect(completion.stopped).toBe("done");
    if (completion.stopped === "done") expect(completion.output.celsius).toBe(21);
    expect(completion.output).toEqual(answer);
    expect(bodyOf(0).tools!.map((t) => t.name)).toEqual(["getWeather", "answer"]);
    expect(bodyOf(0).tool_choice).toEqual({ type: "any" });
    expect(bodyOf(0).tools![1]!.input_schema).toEqual(forecast);
    // The answer call is not a tool call of the conversation: it is the assistant's answer text.
    expect(completion.toolCalls).toEqual([]);
    expect(ctx.messages.at(-1)).toEqual({ role: "assistant", content: JSON.stringify(answer) });
  });

  it("forces the answer tool when no other tool is offered, and wraps a non-object answer", async () => {
    const ep = track(new Anthropic({ baseURL: server.origin, retries: 0 }));
    server.enqueue(turn.toolCall("cities", { value: ["Oslo", "Bergen"] }));
    const completion = await ep.completions("claude-x", new Context().user("Cities?"), {
      output: jsonSchema<string[]>(),
      outputName: "cities",
    });
    expect(completion.output).toEqual(["Oslo", "Bergen"]);
    expect(bodyOf(0).tool_choice).toEqual({ type: "tool", name: "cities" });
    expect(bodyOf(0).tools![0]!.input_schema).toMatchObject({
      required: ["value"],
      properties: { value: { type: "array" } },
    });
  });

  it("uses output_config.format where the model has structured outputs (outputMode: native)", async () => {
    const ep = claude();
    ep.config("claude-sonnet-4-5").outputMode = "native";
    server.enqueue(turn.text(JSON.stringify({ ...answer, note: null })));
    const completion = await ep.completions("claude-sonnet-4-5", new Context().user("Oslo?"), { output: forecast });
    expect(completion.output).toEqual(answer);
    const body = bodyOf(0);
    expect(body.output_config).toMatchObject({
      format: {
        type: "json_schema",
        schema: { type: "object", additionalProperties: false, required: ["city", "celsius", "note"] },
      },
    });
    expect(body.tools!.map((t) => t.name)).toEqual(["getWeather"]);
  });

  it("warns once per schema when native mode drops keywords the API refuses, and still checks them", async () => {
    const ep = claude();
    ep.config("claude-sonnet-4-5").outputMode = "native";
    const bounded = jsonSchema<{
      /** @minimum -90 @maximum 60 */
      celsius: number;
      /** @pattern ^[A-Z] */
      city: string;
    }>();
    server.enqueue(
      turn.text('{"celsius": 99, "city": "Oslo"}'),
      turn.text('{"celsius": 21, "city": "Oslo"}'),
      turn.text('{"celsius": 22, "city": "Oslo"}'),
    );
    const warnings: string[] = [];
    const onEvent = (event: LoopEvent) => {
      if (event.type === "warning") warnings.push(event.message);
    };
    const first = await ep.completions("claude-sonnet-4-5", new Context().user("x"), { output: bounded, onEvent });
    // The dropped bound is still checked here: 99 is sent back and asked for again.
    expect(first.output).toEqual({ celsius: 21, city: "Oslo" });
    expect(JSON.stringify(bodyOf(0).output_config)).not.toMatch(/maximum|pattern/);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The answer schema "answer" is sent to Anthropic's structured outputs without maximum, minimum, pattern: .*outputMode "tool"/,
      ),
    ]);
    await ep.completions("claude-sonnet-4-5", new Context().user("x"), { output: bounded, onEvent });
    expect(warnings).toHaveLength(1); // once per schema
    server.enqueue(turn.text(JSON.stringify(answer)));
    await ep.completions("claude-sonnet-4-5", new Context().user("x"), { output: forecast, onEvent });
    expect(warnings).toHaveLength(1); // nothing dropped, nothing said
  });

  it("streams partial answers from the answer tool's input", async () => {
    const ep = claude();
    server.enqueue({ ...turn.toolCall("answer", answer), deltaSize: 4 });
    const stream = ep.stream("claude-x", new Context().user("Oslo?"), { output: forecast });
    const partials: unknown[] = [];
    for await (const event of stream)
      if (event.type === "partial-output") partials.push(structuredClone(event.partial));
    expect((await stream.completion).output).toEqual(answer);
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.at(-1)).toEqual(answer);
  });

  it("gives Dates from the answer tool's input, wrapped or not, whole and streamed", async () => {
    const ep = claude();
    server.enqueue(turn.toolCall("answer", { event: "deploy", at: "2024-05-01T12:30:00Z" }), {
      ...turn.toolCall("answer", { value: ["2024-05-01T00:00:00Z", "2024-05-02T00:00:00Z"] }),
      deltaSize: 4,
    });
    const stamped = await ep.completions("claude-x", new Context().user("When?"), {
      output: jsonSchema<{ event: string; at: Date }>(),
    });
    expect(stamped.output?.at).toEqual(new Date("2024-05-01T12:30:00Z"));
    const stream = ep.stream("claude-x", new Context().user("When?"), { output: jsonSchema<Date[]>() });
    const partials: unknown[][] = [];
    for await (const event of stream) if (event.type === "partial-output") partials.push(event.partial);
    expect(partials.flat().every((item) => item instanceof Date)).toBe(true);
    expect(partials.at(-1)).toEqual([new Date("2024-05-01T00:00:00Z"), new Date("2024-05-02T00:00:00Z")]);
    expect((await stream.completion).output?.[1]).toEqual(new Date("2024-05-02T00:00:00Z"));
  });

  it("sends an invalid answer back with its issues, and reports a refusal as stopped: refusal", async () => {
    const ep = claude();
    server.enqueue(turn.toolCall("answer", { city: "Oslo", celsius: "warm" }), turn.toolCall("answer", answer));
    const completion = await ep.completions("claude-x", new Context().user("Oslo?"), { output: forecast });
    expect(completion.output).toEqual(answer);
    const retry = bodyOf(1).messages.at(-1)!;
    expect(retry.role).toBe("user");
    expect(JSON.stringify(retry.content)).toContain("answer.celsius: must be a number");
    server.enqueue({ refusal: "I won't." });
    const refused = await ep.completions("claude-x", new Context().user("x"), { output: forecast });
    expect(refused.stopped).toBe("refusal");
    expect(refused.output).toBeUndefined();
  });

  it("works through a Router, each target asked its own way", async () => {
    const router = new Router([
      { endpoint: track(new OpenAI({ baseURL: server.url, retries: 0 })), model: "down" },
      { endpoint: track(new Anthropic({ baseURL: server.origin, retries: 0 })), model: "claude-x" },
    ]);
    server.enqueue(turn.error(503), turn.toolCall("answer", answer));
    const completion = await completions(router, "Oslo?", 8, { output: forecast });
    expect(completion.output).toEqual(answer);
    expect(completion.target).toEqual({ baseURL: `${server.origin}/v1`, model: "claude-x" });
    expect((server.requests[0]!.body as { response_format?: unknown }).response_format).toBeDefined();
  });
});

describe("typed answers on Anthropic: retries spent, length, hostile keys, huge answers", () => {
  it("throws OutputError with the issues and the raw answer once outputRetries are spent", async () => {
    const ep = claude();
    const bad = '{"city":"Oslo","celsius":"warm"}';
    server.enqueue(turn.toolCall("answer", bad), turn.toolCall("answer", bad));
    const error = await ep
      .completions("claude-x", new Context().user("Oslo?"), { output: forecast, outputRetries: 1 })
      .catch((e: unknown) => e);
    expect(OutputError.isInstance(error)).toBe(true);
    const failed = error as OutputError;
    expect(failed.issues).toEqual([{ path: "/celsius", message: expect.stringContaining("must be a number") }]);
    expect(JSON.parse(failed.text)).toEqual({ city: "Oslo", celsius: "warm" });
    expect(server.requests).toHaveLength(2);
  });

  it("reports a reply cut by max_tokens as stopped: length, streamed or not, with no partial object as output", async () => {
    const ep = claude();
    ep.config("claude-x").outputMode = "native";
    server.enqueue(turn.text('{"city": "Oslo", "cel', { finishReason: "length" }));
    const cut = await ep.completions("claude-x", new Context().user("x"), { output: forecast });
    expect(cut.stopped).toBe("length");
    expect(cut.output).toBeUndefined();
    server.enqueue({ ...turn.text('{"city": "Oslo", "cel', { finishReason: "length" }), deltaSize: 3 });
    const stream = ep.stream("claude-x", new Context().user("x"), { output: forecast });
    const types = new Set<string>();
    for await (const event of stream) types.add(event.type);
    const streamed = await stream.completion;
    expect(streamed.stopped).toBe("length");
    expect(streamed.output).toBeUndefined();
    expect(types.has("output")).toBe(false);
    expect(server.requests).toHaveLength(2); // not asked again
  });

  it("keeps hostile keys inert: __proto__ in the answer tool's input pollutes nothing and fails the closed schema", async () => {
    const ep = claude();
    const hostile = '{"__proto__": {"polluted": true}, "city": "Oslo", "celsius": 1}';
    server.enqueue(turn.toolCall("answer", hostile), turn.toolCall("answer", hostile));
    const error = await ep
      .completions("claude-x", new Context().user("x"), { output: forecast, outputRetries: 1 })
      .catch((e: unknown) => e);
    expect((error as OutputError).issues).toEqual([
      { path: "/__proto__", message: "unexpected property (allowed: city, celsius, note)" },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("asks through the system prompt in prompt mode and repairs the text exactly", async () => {
    const ep = claude();
    ep.config("claude-x").outputMode = "prompt";
    server.enqueue(turn.text("```json\n{'city': 'Oslo', 'celsius': '21',}\n```"));
    const ctx = new Context().system("You forecast weather.").user("Oslo?");
    const completion = await ep.completions("claude-x", ctx, { output: forecast });
    expect(completion.output).toEqual(answer);
    const body = server.requests[0]!.body as { system?: unknown; output_config?: unknown; tools?: unknown[] };
    expect(JSON.stringify(body.system)).toContain("You forecast weather.\\n\\nAnswer with one JSON value");
    expect(body.output_config).toBeUndefined();
    expect((body.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(["getWeather"]);
  });

  it("reads a huge answer streamed as structured output, and validates it", async () => {
    const ep = claude();
    ep.config("claude-x").outputMode = "native";
    const huge: Forecast = { city: "Oslo", celsius: 21, note: "x".repeat(300_000) };
    server.enqueue({ ...turn.text(JSON.stringify(huge)), deltaSize: 4096 });
    let partials = 0;
    const stream = ep.stream("claude-x", new Context().user("x"), { output: forecast });
    for await (const event of stream) if (event.type === "partial-output") partials += 1;
    expect((await stream.completion).output).toEqual(huge);
    expect(partials).toBeGreaterThan(20);
  });
});
