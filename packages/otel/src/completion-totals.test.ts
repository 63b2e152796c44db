import { SpanStatusCode } from "@opentelemetry/api";
import { Context, OutputError, completions, jsonSchema } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
afterEach(() => otel.close());

const usage = (prompt: number, completion: number) => ({
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});

/** A `look` tool the context allows, so the model's first reply leads to a second request. */
function lookTool(setup: OtelSetup): Context {
  setup.endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
  const ctx = new Context().user("Look.");
  ctx.toolPolicy.allow("look");
  return ctx;
}

// An abort while a tool runs keeps its totals too: see spans.test.ts, "failures".
describe("a completion that fails keeps on its span what its requests added up to", () => {
  it("a request that fails in round 2: usage and response model of round 1, two requests sent", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    const ctx = lookTool(otel);
    server.enqueue(turn.toolCall("look", {}, usage(11, 7)), turn.error(401, { message: "bad key (scripted)" }));

    await expect(completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks })).rejects.toThrow(/401/);

    const root = otel.span("invoke_agent");
    expect(root.status.code).toBe(SpanStatusCode.ERROR);
    expect(root.attributes).toMatchObject({
      "error.type": "401",
      "gen_ai.usage.input_tokens": 11,
      "gen_ai.usage.output_tokens": 7,
      "gen_ai.response.model": "gpt-test",
      "gen_ai.response.finish_reasons": ["tool_calls"],
      "tooltype.completion.rounds": 2,
    });
    expect(root.attributes["tooltype.completion.stopped"]).toBeUndefined(); // it did not stop, it threw
  });

  it("an OutputError: every answer's usage, summed", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.text("not json", usage(30, 3)), turn.text('{"wrong": true}', usage(40, 5)));

    const error = await completions(endpoint, "gpt-test", new Context().user("A number?"), 8, {
      hooks: telemetry.hooks,
      output: jsonSchema<{ n: number }>(),
      outputRetries: 1,
    }).catch((e: unknown) => e);

    expect(OutputError.isInstance(error)).toBe(true);
    expect(otel.span("invoke_agent").attributes).toMatchObject({
      "error.type": "OUTPUT",
      "gen_ai.usage.input_tokens": 70,
      "gen_ai.usage.output_tokens": 8,
      "gen_ai.response.finish_reasons": ["stop"],
      "tooltype.completion.rounds": 2,
    });
  });

  it("a failure before any reply: rounds 1 and no usage at all", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.error(500, { message: "down (scripted)" }));

    await expect(completions(endpoint, "gpt-test", "Hi", 8, { hooks: telemetry.hooks })).rejects.toThrow(/500/);

    const root = otel.span("invoke_agent");
    expect(root.attributes["tooltype.completion.rounds"]).toBe(1);
    expect(root.attributes["gen_ai.usage.input_tokens"]).toBeUndefined();
    expect(root.attributes["gen_ai.response.model"]).toBeUndefined();
  });
});
