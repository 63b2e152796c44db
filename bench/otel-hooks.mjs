// What @tooltype/otel costs per tool round by itself, without the network or the loop around it,
// and how that cost falls as V8 warms up: a synthetic 20-round completion (request, reply,
// decision, tool run per round) driven through the hooks, each variant in a fresh process.
//   hooks  – @tooltype/otel on the real SDK set up as contenders/tooltype-otel.mjs does (batch span
//            processor, AsyncLocalStorage context manager, periodic metric reader), no-op exporter;
//   inline – the same spans, attributes, event and histogram records written inline against the
//            same SDK: the least any instrumentation recording these can cost;
//   floor  – the cheapest form of those calls: every attribute set prebuilt, two spans and their
//            contexts, one setAttributes, the event, the four points: the SDK's own floor;
//   api    – @tooltype/otel on the API's no-op providers: the hooks' own code.
// Usage: node bench/otel-hooks.mjs (after `node scripts/build.mjs core otel`); prints markdown.
import { spawnSync } from "node:child_process";
import { context, SpanKind, trace } from "@opentelemetry/api";
import { OpenAI, ToolPolicyStatus } from "@tooltype/core";
import { Telemetry } from "@tooltype/otel";
import { noopSdk } from "./contenders/tooltype-otel.mjs";

const ROUNDS = 20;
/** Conversations per phase: the first ten are the rounds scenario's warm-up, the next 40 its measured ones. */
const PHASES = [10, 40, 200, 1000];
const variants = ["hooks", "inline", "floor", "api"];
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

function sdk() {
  const { tracerProvider, meterProvider } = noopSdk();
  return { tracerProvider, meterProvider };
}

/** One completion through `@tooltype/otel`'s hooks, shaped like the loop's calls. */
function viaHooks(telemetry) {
  const endpoint = new OpenAI({ baseURL: "http://127.0.0.1:4000/v1", apiKey: "bench" });
  const usage = { promptTokens: 900, completionTokens: 30 };
  return async () => {
    const hooks = telemetry.hooks({ endpoint, model: "bench-model", stream: false });
    await hooks.completion(async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const request = { model: "bench-model", messages: [], tools: [], stream: false, round };
        await hooks.request(request, async () => {
          const choice = { finishReason: "tool_calls", message: {} };
          hooks.onEvent({
            type: "reply",
            round,
            choice,
            choices: 1,
            usage,
            responseId: "r",
            responseModel: "bench-model",
          });
        });
        const call = { id: `call_${round}`, name: "get_weather", rawArguments: "{}" };
        call.policyResult = { status: ToolPolicyStatus.Allowed, message: "" };
        hooks.onEvent({ type: "decision", round, call });
        await hooks.tool(call, async () => {});
      }
      return { stopped: "done", rounds: ROUNDS + 1, choice: { finishReason: "stop" }, usage };
    });
  };
}

/** The tracer, the two histograms and the attribute sets both hand-written variants record with. */
function records({ tracerProvider, meterProvider }) {
  const tracer = tracerProvider.getTracer("bench");
  const meter = meterProvider.getMeter("bench");
  const tokens = meter.createHistogram("gen_ai.client.token.usage");
  const duration = meter.createHistogram("gen_ai.client.operation.duration");
  const server = { "gen_ai.provider.name": "openai", "server.address": "127.0.0.1", "server.port": 4000 };
  const chat = { "gen_ai.operation.name": "chat", ...server, "gen_ai.request.model": "bench-model" };
  const answered = { ...chat, "gen_ai.response.model": "bench-model" };
  const input = { ...answered, "gen_ai.token.type": "input" };
  const output = { ...answered, "gen_ai.token.type": "output" };
  const tool = { "gen_ai.operation.name": "execute_tool", ...server, "gen_ai.request.model": "bench-model" };
  return { tracer, tokens, duration, chat, answered, input, output, tool };
}

/** A round's decision event and its tool run's span (`body` runs inside it), as both hand-written variants record them. */
async function decideAndRun(tracer, parent, completion, round, body) {
  const id = `call_${round}`;
  parent.addEvent("tooltype.policy.decision", {
    "gen_ai.tool.name": "get_weather",
    "gen_ai.tool.call.id": id,
    "tooltype.policy.status": "allowed",
  });
  const attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "get_weather",
    "gen_ai.tool.call.id": id,
    "gen_ai.tool.type": "function",
  };
  const run = tracer.startSpan("execute_tool get_weather", { attributes }, completion);
  await context.with(trace.setSpan(completion, run), body);
  run.end();
}

/** The same records made inline. */
function inline(providers) {
  const { tracer, tokens, duration, chat, answered, input, output, tool } = records(providers);
  return async () => {
    const parent = tracer.startSpan("invoke_agent", {
      attributes: { ...chat, "gen_ai.operation.name": "invoke_agent" },
    });
    const completion = trace.setSpan(context.active(), parent);
    await context.with(completion, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const request = tracer.startSpan(
          "chat bench-model",
          { kind: SpanKind.CLIENT, attributes: { ...chat, "tooltype.round": round, "gen_ai.request.stream": false } },
          completion,
        );
        await context.with(trace.setSpan(completion, request), async () => {});
        request.setAttributes({
          "gen_ai.response.id": "r",
          "gen_ai.response.model": "bench-model",
          "gen_ai.response.finish_reasons": ["tool_calls"],
          "gen_ai.usage.input_tokens": 900,
          "gen_ai.usage.output_tokens": 30,
        });
        request.end();
        duration.record(0.01, answered);
        tokens.record(900, input);
        tokens.record(30, output);
        await decideAndRun(tracer, parent, completion, round, async () => {});
        duration.record(0.001, tool);
      }
    });
    parent.setAttributes({
      "tooltype.completion.stopped": "done",
      "tooltype.completion.rounds": ROUNDS + 1,
      "gen_ai.response.finish_reasons": ["stop"],
      "gen_ai.response.model": "bench-model",
      "gen_ai.usage.input_tokens": 18000,
      "gen_ai.usage.output_tokens": 600,
    });
    parent.end();
  };
}

/** The same records in the cheapest form the SDK's API allows. */
function floor(providers) {
  const { tracer, tokens, duration, chat, answered, input, output, tool } = records(providers);
  const agent = { ...chat, "gen_ai.operation.name": "invoke_agent" };
  const nothing = async () => {};
  return async () => {
    const parent = tracer.startSpan("invoke_agent", { attributes: agent });
    const completion = trace.setSpan(context.active(), parent);
    for (let round = 1; round <= ROUNDS; round++) {
      const request = tracer.startSpan("chat bench-model", { kind: SpanKind.CLIENT, attributes: chat }, completion);
      await context.with(trace.setSpan(completion, request), nothing);
      request.setAttributes({
        "gen_ai.response.id": "r",
        "gen_ai.response.model": "bench-model",
        "gen_ai.response.finish_reasons": ["tool_calls"],
        "gen_ai.usage.input_tokens": 900,
        "gen_ai.usage.output_tokens": 30,
        "tooltype.round": round,
        "gen_ai.request.stream": false,
      });
      request.end();
      duration.record(0.01, answered, completion);
      tokens.record(900, input, completion);
      tokens.record(30, output, completion);
      await decideAndRun(tracer, parent, completion, round, nothing);
      duration.record(0.001, tool, completion);
    }
    parent.setAttributes({ "tooltype.completion.stopped": "done", "tooltype.completion.rounds": ROUNDS + 1 });
    parent.end();
  };
}

const [variant] = process.argv.slice(2);
if (variant !== undefined) {
  const providers = variant === "api" ? {} : sdk();
  const conversation =
    variant === "inline"
      ? inline(providers)
      : variant === "floor"
        ? floor(providers)
        : viaHooks(new Telemetry(providers));
  const perRound = [];
  for (const count of PHASES) {
    const start = cpu();
    for (let c = 0; c < count; c++) await conversation();
    perRound.push((cpu() - start) / (count * ROUNDS));
  }
  process.stdout.write(JSON.stringify(perRound) + "\n");
  process.exit(0); // the SDK's timers would keep the process alive
}

const rows = variants.map((name) => {
  const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, name], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
  return [name, ...JSON.parse(child.stdout).map((us) => us.toFixed(1))];
});
let first = 1;
const header = PHASES.map((count) => `conversations ${first}–${(first += count) - 1}`);
process.stdout.write(
  [
    `CPU µs per tool round (${ROUNDS} rounds per conversation), each variant in a fresh process.`,
    "",
    `| variant | ${header.join(" | ")} |`,
    `| --- | ${header.map(() => "---:").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
    "",
  ].join("\n"),
);
