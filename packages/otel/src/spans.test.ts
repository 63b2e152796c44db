import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { Anthropic, Context, completions } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel, type OtelSetup } from "./fixtures/otel-setup.js";

let otel: OtelSetup;
afterEach(() => otel.close());

const usage = (prompt: number, completion: number) => ({
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});

/** The parent span id of `span` (undefined for a root span). */
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/**
 * Defines `getWeather(city)`, which opens a span of its own (as an HTTP or database client
 * inside a tool would) through the global API, and allows it.
 */
function weatherTool(setup: OtelSetup, ctx: Context): void {
  trace.setGlobalTracerProvider(setup.tracerProvider);
  setup.endpoint.tools.define<{ city: string }>({
    name: "getWeather",
    description: "Current weather in a city.",
    schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    impl: async ({ city }) => {
      await new Promise((resolve) => setTimeout(resolve, 2)); // the span must survive an await
      return trace.getTracer("weather-client").startActiveSpan("GET weather", (span) => {
        span.end();
        return { city, celsius: 21 };
      });
    },
  });
  ctx.toolPolicy.allow("getWeather");
}

afterEach(() => trace.disable());

describe("a completion that runs a tool", () => {
  it("is one invoke_agent span with a chat span per request and an execute_tool span per run below it", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    const ctx = new Context().user("Weather in Oslo?");
    weatherTool(otel, ctx);
    server.enqueue(
      turn.toolCall("getWeather", { city: "Oslo" }, usage(30, 8)),
      turn.text("It is 21 degrees in Oslo.", usage(50, 9)),
    );

    const completion = await endpoint.completions("gpt-test", ctx, { hooks: telemetry.hooks });

    expect(completion.text).toBe("It is 21 degrees in Oslo.");
    const root = otel.span("invoke_agent");
    const chats = otel.spans().filter((span) => span.name === "chat gpt-test");
    const tool = otel.span("execute_tool getWeather");
    const inner = otel.span("GET weather");
    expect(parentOf(root)).toBeUndefined();
    expect(chats.map(parentOf)).toEqual([idOf(root), idOf(root)]);
    expect(parentOf(tool)).toBe(idOf(root));
    expect(parentOf(inner)).toBe(idOf(tool));
    expect(new Set(otel.spans().map((span) => span.spanContext().traceId)).size).toBe(1);

    expect(chats[0]!.kind).toBe(SpanKind.CLIENT);
    expect(chats[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test",
      "gen_ai.response.id": "chatcmpl-scripted-1",
      "gen_ai.response.finish_reasons": ["tool_calls"],
      "gen_ai.usage.input_tokens": 30,
      "gen_ai.usage.output_tokens": 8,
      "server.address": "127.0.0.1",
      "server.port": Number(new URL(server.url).port),
      "tooltype.round": 1,
      "gen_ai.request.stream": false,
    });
    expect(chats[0]!.attributes["gen_ai.response.time_to_first_chunk"]).toBeUndefined(); // not streamed
    expect(chats[1]!.attributes).toMatchObject({
      "gen_ai.response.id": "chatcmpl-scripted-2",
      "gen_ai.response.finish_reasons": ["stop"],
    });
    expect(tool.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "getWeather",
      "gen_ai.tool.call.id": completion.calls[0]!.id,
      "gen_ai.tool.type": "function",
    });
    expect(tool.status.code).toBe(SpanStatusCode.UNSET);
    expect(root.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test",
      "gen_ai.usage.input_tokens": 80,
      "gen_ai.usage.output_tokens": 17,
      "gen_ai.response.finish_reasons": ["stop"],
      "tooltype.completion.stopped": "done",
      "tooltype.completion.rounds": 2,
    });
    expect(root.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        "tooltype.policy.decision",
        {
          "gen_ai.tool.name": "getWeather",
          "gen_ai.tool.call.id": completion.calls[0]!.id,
          "tooltype.policy.status": "allowed",
        },
      ],
    ]);
  });

  it("keeps the same tree when the requests are streamed", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    const ctx = new Context().user("Weather in Oslo?");
    weatherTool(otel, ctx);
    server.enqueue(turn.toolCall("getWeather", { city: "Oslo" }), turn.text("Sunny.", { deltaSize: 2 }));

    const stream = endpoint.stream("gpt-test", ctx, { hooks: telemetry.hooks });
    for await (const event of stream) void event;
    await stream.completion;

    const root = otel.span("invoke_agent");
    const tool = otel.span("execute_tool getWeather");
    expect(parentOf(tool)).toBe(idOf(root));
    expect(parentOf(otel.span("GET weather"))).toBe(idOf(tool));
    const chats = otel.spans().filter((span) => span.name === "chat gpt-test");
    expect(chats.map((span) => span.attributes["gen_ai.request.stream"])).toEqual([true, true]);
    expect(chats[1]!.attributes["gen_ai.response.finish_reasons"]).toEqual(["stop"]);
  });

  it("gives each of several tools running at once its own spans", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    trace.setGlobalTracerProvider(otel.tracerProvider);
    let running = 0;
    let overlapped = false;
    endpoint.tools.define<{ n: number }>({
      name: "work",
      description: "Works a while.",
      schema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
      impl: async ({ n }) => {
        running += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        overlapped ||= running > 1;
        running -= 1;
        return trace.getTracer("worker").startActiveSpan(`inner ${n}`, (span) => (span.end(), n));
      },
    });
    const ctx = new Context().user("Work.");
    ctx.toolPolicy.allow("work");
    server.enqueue(
      turn.toolCalls([
        { id: "call_a", name: "work", arguments: '{"n":1}' },
        { id: "call_b", name: "work", arguments: '{"n":2}' },
      ]),
      turn.text("Done."),
    );

    await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks, concurrency: 2 });

    expect(overlapped).toBe(true);
    const tools = otel.spans().filter((span) => span.name === "execute_tool work");
    const byCall = Object.fromEntries(tools.map((span) => [span.attributes["gen_ai.tool.call.id"], idOf(span)]));
    expect(parentOf(otel.span("inner 1"))).toBe(byCall.call_a);
    expect(parentOf(otel.span("inner 2"))).toBe(byCall.call_b);
  });

  it("reports Anthropic as the provider of an Anthropic endpoint", async () => {
    otel = await startOtel();
    const { server, telemetry } = otel;
    const claude = new Anthropic({ baseURL: server.origin, apiKey: "test", retries: 0 });
    server.enqueue(turn.text("Hello."));
    try {
      await claude.completions("claude-test", new Context().user("Hi"), { hooks: telemetry.hooks });
    } finally {
      await claude.close();
    }
    expect(otel.span("chat claude-test").attributes).toMatchObject({
      "gen_ai.provider.name": "anthropic",
      "gen_ai.response.model": "claude-test",
    });
  });
});

describe("policy decisions", () => {
  it("are events of the completion span: allowed, denied, pending and failed", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    const ctx = new Context().user("Do things.");
    endpoint.tools.define({ name: "look", description: "Looks.", impl: () => "seen" });
    endpoint.tools.define({ name: "pay", description: "Pays.", impl: () => "paid" });
    endpoint.tools.define({ name: "ask", description: "Needs an approval.", impl: () => "asked" });
    ctx.toolPolicy.allow("look").deny("pay");
    server.enqueue(
      turn.toolCalls([
        { name: "look", arguments: "{}" },
        { name: "pay", arguments: "{}" },
        { name: "ask", arguments: "{}" },
        { name: "launch", arguments: "{}" },
      ]),
    );

    const completion = await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });

    expect(completion.stopped).toBe("attention");
    const events = otel.span("invoke_agent").events;
    expect(
      events.map((event) => [event.attributes?.["gen_ai.tool.name"], event.attributes?.["tooltype.policy.status"]]),
    ).toEqual([
      ["look", "allowed"],
      ["pay", "denied"],
      ["ask", "pending"],
      ["launch", "failed"],
    ]);
    expect(events.every((event) => event.attributes?.["tooltype.policy.message"] === undefined)).toBe(true);
    expect(
      otel
        .spans()
        .filter((span) => span.name.startsWith("execute_tool"))
        .map((span) => span.name),
    ).toEqual(["execute_tool look"]);
  });
});

describe("failures", () => {
  it("ends the request span and the completion span with the error when a request fails", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.error(400, { message: "bad request (scripted)" }));

    await expect(
      endpoint.completions("gpt-test", new Context().user("Hi"), { hooks: telemetry.hooks }),
    ).rejects.toThrow(/400/);

    for (const name of ["chat gpt-test", "invoke_agent"]) {
      const span = otel.span(name);
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
      expect(span.attributes["error.type"]).toBe("400");
      expect(span.events.map((event) => event.name)).toContain("exception");
    }
  });

  it("records each retry as an event of its request span", async () => {
    otel = await startOtel({}, { retries: 2 });
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.rateLimited(0), turn.error(503), turn.text("Finally."));

    const completion = await endpoint.completions("gpt-test", new Context().user("Hi"), { hooks: telemetry.hooks });

    expect(completion.text).toBe("Finally.");
    const chat = otel.span("chat gpt-test");
    expect(chat.status.code).toBe(SpanStatusCode.UNSET);
    expect(
      chat.events.map((event) => [
        event.name,
        event.attributes?.["tooltype.retry.attempt"],
        event.attributes?.["error.type"],
      ]),
    ).toEqual([
      ["tooltype.request.retry", 1, "429"],
      ["tooltype.request.retry", 2, "503"],
    ]);
  });

  it("marks a tool run that failed with error.type tool_error, and the completion goes on", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    endpoint.tools.define({
      name: "explode",
      description: "Throws.",
      impl: () => {
        throw new Error("boom");
      },
    });
    const ctx = new Context().user("Explode.");
    ctx.toolPolicy.allow("explode");
    server.enqueue(turn.toolCall("explode", {}), turn.text("It failed."));

    await completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks });

    const tool = otel.span("execute_tool explode");
    expect(tool.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool.attributes["error.type"]).toBe("tool_error");
    expect(otel.span("invoke_agent").status.code).toBe(SpanStatusCode.UNSET);
  });

  it("ends every span when the completion is aborted while a tool runs, keeping what round 1 reported", async () => {
    otel = await startOtel();
    const { server, endpoint, telemetry } = otel;
    const controller = new AbortController();
    endpoint.tools.define({
      name: "slow",
      description: "Waits for the abort.",
      impl: (_args, call) =>
        new Promise((_resolve, reject) => {
          controller.abort();
          call?.signal.addEventListener("abort", () => reject(new Error("stopped")));
        }),
    });
    const ctx = new Context().user("Wait.");
    ctx.toolPolicy.allow("slow");
    server.enqueue(turn.toolCall("slow", {}, usage(20, 4)));

    await expect(
      completions(endpoint, "gpt-test", ctx, 8, { hooks: telemetry.hooks, signal: controller.signal }),
    ).rejects.toThrow(/aborted/);

    const root = otel.span("invoke_agent");
    expect(root.attributes).toMatchObject({
      "error.type": "ABORTED",
      "gen_ai.usage.input_tokens": 20,
      "gen_ai.usage.output_tokens": 4,
      "gen_ai.response.model": "gpt-test",
      "tooltype.completion.rounds": 1,
    });
    expect(otel.span("execute_tool slow").ended).toBe(true);
    expect(otel.spans()).toHaveLength(3); // chat, execute_tool, invoke_agent: none left open
  });
});

describe("a prompt string", () => {
  it("gets a completion span and one chat span", async () => {
    otel = await startOtel({ agentName: "greeter" });
    const { server, endpoint, telemetry } = otel;
    server.enqueue(turn.text("Hello."));
    await completions(endpoint, "gpt-test", "Hi", 8, { hooks: telemetry.hooks });
    const root = otel.span("invoke_agent greeter");
    expect(root.attributes["gen_ai.agent.name"]).toBe("greeter");
    expect(parentOf(otel.span("chat gpt-test"))).toBe(idOf(root));
  });
});
