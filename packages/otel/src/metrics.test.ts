import { AlwaysOffSampler } from "@opentelemetry/sdk-trace-base";
import { Context, completions } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { METRIC } from "./gen-ai-names.js";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
afterEach(() => otel.close());

const usage = (prompt: number, completion: number) => ({
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});

describe("gen_ai.client.token.usage", () => {
  it("records input and output tokens of each reply, in the advised buckets", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    const ctx = new Context().user("Look.");
    ctx.toolPolicy.allow("look");
    server.enqueue(turn.toolCall("look", {}, usage(30, 8)), turn.text("Seen.", usage(50, 9)));

    await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });

    const points = await otel.histogram(METRIC.tokenUsage.name);
    const byType = Object.fromEntries(points.map((point) => [point.attributes["gen_ai.token.type"], point]));
    expect(byType.input!.value).toMatchObject({ count: 2, sum: 80 });
    expect(byType.output!.value).toMatchObject({ count: 2, sum: 17 });
    expect(byType.input!.value.buckets.boundaries).toEqual(METRIC.tokenUsage.buckets);
    expect(byType.input!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test",
    });
  });

  it("records nothing when the server sent no usage", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.text("Hi.", { usage: null }));
    await completions(endpoint, "gpt-test", new Context().user("Hi"), 8, { hooks: telemetry.hooks });
    expect(await otel.histogram(METRIC.tokenUsage.name)).toEqual([]);
    expect(otel.span("chat gpt-test").attributes["gen_ai.usage.input_tokens"]).toBeUndefined();
  });
});

describe("gen_ai.client.operation.duration", () => {
  it("records each request and tool run in seconds, with error.type when one failed", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    const ctx = new Context().user("Look.");
    ctx.toolPolicy.allow("look");
    server.enqueue(turn.toolCall("look", {}), turn.error(500, { message: "down (scripted)" }));

    await expect(completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks })).rejects.toThrow(/500/);

    const points = await otel.histogram(METRIC.operationDuration.name);
    const summary = points
      .map((point) => [point.attributes["gen_ai.operation.name"], point.attributes["error.type"], point.value.count])
      .sort();
    expect(summary).toEqual([
      ["chat", undefined, 1],
      ["chat", "500", 1],
      ["execute_tool", undefined, 1],
    ]);
    expect(points[0]!.value.buckets.boundaries).toEqual(METRIC.operationDuration.buckets);
    for (const point of points) {
      expect(point.value.sum).toBeGreaterThan(0);
      expect(point.value.sum).toBeLessThan(10); // seconds, not milliseconds
    }
  });
});

describe("gen_ai.client.operation.time_to_first_chunk", () => {
  it("records each streamed request's wait for its first piece, in seconds, and nothing for one not streamed", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    const ctx = new Context().user("Look.");
    ctx.toolPolicy.allow("look");
    server.enqueue(
      { ...turn.toolCall("look", {}), delayMs: 30 }, // the server thinks a while before its first chunk
      turn.text("Seen, in pieces.", { deltaSize: 3 }),
    );

    const stream = endpoint.stream("gpt-test", ctx, { hooks: telemetry.hooks });
    for await (const event of stream) void event;
    await stream.completion;

    const chats = otel.spans().filter((span) => span.name === "chat gpt-test");
    const waits = chats.map((span) => span.attributes["gen_ai.response.time_to_first_chunk"] as number);
    expect(waits[0]).toBeGreaterThanOrEqual(0.03);
    for (const [i, span] of chats.entries()) {
      const total = (span.duration[0] + span.duration[1] / 1e9) as number;
      expect(waits[i]).toBeGreaterThan(0);
      expect(waits[i]).toBeLessThanOrEqual(total); // the first chunk comes before the end of the reply
    }
    const [point, ...others] = await otel.histogram(METRIC.timeToFirstChunk.name);
    expect(others).toEqual([]);
    expect(point!.value).toMatchObject({ count: 2 });
    expect(point!.value.sum).toBeCloseTo(waits[0]! + waits[1]!, 6);
    expect(point!.value.buckets.boundaries).toEqual(METRIC.timeToFirstChunk.buckets);
    expect(point!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test",
      "server.address": "127.0.0.1",
    });

    otel.server.enqueue(turn.text("Not streamed."));
    await endpoint.completions("gpt-test", new Context().user("Hi"), { hooks: telemetry.hooks });
    const [again] = await otel.histogram(METRIC.timeToFirstChunk.name);
    expect(again!.value.count).toBe(2);
  });
});

describe("a completion no span is sampled for", () => {
  it("records no span but every point", async () => {
    otel = await startOtel({}, {}, new AlwaysOffSampler());
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    const ctx = new Context().user("Look.");
    ctx.toolPolicy.allow("look");
    server.enqueue(turn.toolCall("look", {}, usage(30, 8)), turn.text("Seen.", usage(50, 9)));

    const completion = await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });

    expect(completion.text).toBe("Seen.");
    expect(otel.spans()).toEqual([]);
    const tokens = await otel.histogram(METRIC.tokenUsage.name);
    expect(tokens.map((point) => [point.attributes["gen_ai.token.type"], point.value.sum]).sort()).toEqual([
      ["input", 80],
      ["output", 17],
    ]);
    const durations = await otel.histogram(METRIC.operationDuration.name);
    expect(durations.map((point) => [point.attributes["gen_ai.operation.name"], point.value.count]).sort()).toEqual([
      ["chat", 2],
      ["execute_tool", 1],
    ]);
  });
});
