import { InMemoryMetricExporter, AggregationTemporality } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { ScriptedModelServer } from "@tooltype/testing";
import { runTelemetry } from "./run-telemetry.js";

/** Keeps its spans when the example shuts the SDK down (the in-memory exporter forgets them then). */
class KeptSpans extends InMemorySpanExporter {
  override shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

describe("the telemetry example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(() => server.close());

  it("exports the completion's span tree, the tool's own span inside execute_tool, and both metrics", async () => {
    server.enqueue(
      { toolCalls: [{ name: "orderStatus", arguments: { orderId: "A-1001" } }] },
      { text: "Your order A-1001 was shipped on Monday." },
    );
    const spans = new KeptSpans();
    const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);

    const completion = await runTelemetry({
      baseURL: server.url,
      model: "scripted",
      spanExporter: spans,
      metricExporter: metrics,
    });

    expect(completion.text).toBe("Your order A-1001 was shipped on Monday.");
    const finished = spans.getFinishedSpans();
    const byName = (name: string) => finished.find((span) => span.name === name)!;
    const root = byName("invoke_agent");
    const tool = byName("execute_tool orderStatus");
    expect(finished.map((span) => span.name).sort()).toEqual([
      "SELECT orders",
      "chat scripted",
      "chat scripted",
      "execute_tool orderStatus",
      "invoke_agent",
    ]);
    expect(tool.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(byName("SELECT orders").parentSpanContext?.spanId).toBe(tool.spanContext().spanId);
    const exported = metrics.getMetrics().flatMap((batch) => batch.scopeMetrics.flatMap((scope) => scope.metrics));
    expect(exported.map((metric) => metric.descriptor.name).sort()).toEqual([
      "gen_ai.client.operation.duration",
      "gen_ai.client.token.usage",
    ]);
  });
});
