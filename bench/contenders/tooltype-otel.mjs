// tooltype with @tooltype/otel on, exporting to nowhere: the real SDK (span processor, the
// AsyncLocalStorage context manager, the two histograms) with a no-op exporter, so what is
// measured is the instrumentation itself. Compare it with the plain `tooltype` contender.
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Telemetry } from "@tooltype/otel";
import { create as createTooltype } from "./tooltype.mjs";

const success = { code: 0 };
const noopExporter = {
  export: (_items, done) => done(success),
  shutdown: async () => {},
  forceFlush: async () => {},
};

export async function create(url, impls) {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(noopExporter)] });
  const meterProvider = new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: noopExporter, exportIntervalMillis: 1_000 })],
  });
  const telemetry = new Telemetry({ tracerProvider, meterProvider });
  return createTooltype(url, impls, { hooks: telemetry.hooks });
}
