import { metrics } from "@opentelemetry/api";
import { MeterProvider } from "@opentelemetry/sdk-metrics";
import { Context, OpenAI } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { CollectingReader, startOtel } from "./fixtures/otel-setup.js";
import { METRIC } from "./gen-ai-names.js";
import { Telemetry } from "./telemetry.js";

describe("Telemetry options", () => {
  it("refuses content limits that are not positive integers", () => {
    expect(() => new Telemetry({ recordContent: { maxLength: 0 } })).toThrow(/recordContent\.maxLength/);
    expect(() => new Telemetry({ recordContent: { maxMessages: 1.5 } })).toThrow(/recordContent\.maxMessages/);
  });

  it("reports the provider name it is given, for an OpenAI-compatible server that is someone else", async () => {
    const otel = await startOtel({ providerName: "deepseek" });
    try {
      otel.server.enqueue(turn.text("Hi."));
      await otel.endpoint.completions("deepseek-chat", new Context().user("Hi"), { hooks: otel.telemetry.hooks });
      expect(otel.span("chat deepseek-chat").attributes["gen_ai.provider.name"]).toBe("deepseek");
      expect(otel.span("invoke_agent").attributes["gen_ai.provider.name"]).toBe("deepseek");
    } finally {
      await otel.close();
    }
  });

  it("records metrics when built before the SDK registered its meter provider (the provider is looked up per completion)", async () => {
    const telemetry = new Telemetry(); // as a module imported before the SDK starts would
    const reader = new CollectingReader();
    const meterProvider = new MeterProvider({ readers: [reader] });
    metrics.setGlobalMeterProvider(meterProvider); // the SDK starts
    const server = await ScriptedModelServer.start();
    const endpoint = new OpenAI({ baseURL: server.url, retries: 0 });
    try {
      server.enqueue(turn.text("Hi."));
      await endpoint.completions("gpt-test", new Context().user("Hi"), { hooks: telemetry.hooks });
      const { resourceMetrics } = await reader.collect();
      const names = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics.map((m) => m.descriptor.name));
      expect(names).toContain(METRIC.operationDuration.name);
      expect(resourceMetrics.scopeMetrics[0]!.scope.name).toBe("@tooltype/otel");
    } finally {
      await endpoint.close();
      await server.close();
      await meterProvider.shutdown();
      metrics.disable();
    }
  });
});
