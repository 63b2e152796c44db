// tooltype with @tooltype/otel on, exporting to nowhere: the real SDK as a service runs it (the
// batch span processor, the AsyncLocalStorage context manager, the two histograms) with a no-op
// exporter, so what is measured is the instrumentation itself. Compare it with plain `tooltype`.
// The metric reader is periodic at the SDK's default interval (60 s): a bench run never reaches
// a collection, as a service's few seconds between two exports would not.
// (The simple span processor, meant for tests and debugging, costs about 13 µs more per span.)
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Telemetry } from "@tooltype/otel";
import { create as createTooltype } from "./tooltype.mjs";

const success = { code: 0 };
/** An exporter that drops everything it is given (spans and metrics alike). */
export const noopExporter = {
  export: (_items, done) => done(success),
  shutdown: async () => {},
  forceFlush: async () => {},
};

/** The SDK set up as a service would, exporting to nowhere; `manager` is the registered context manager. */
export function noopSdk() {
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(noopExporter)] });
  const meterProvider = new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: noopExporter })] });
  return { manager, tracerProvider, meterProvider };
}

export async function create(url, impls, options = {}) {
  const { tracerProvider, meterProvider } = noopSdk();
  const telemetry = new Telemetry({ tracerProvider, meterProvider });
  return createTooltype(url, impls, { ...options, completion: { hooks: telemetry.hooks } });
}
