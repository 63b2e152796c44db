import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-base";
import { Context, OpenAI, type Completion } from "@tooltype/core";
import { Telemetry } from "@tooltype/otel";
import { Orders } from "./orders.js";

/** Where the telemetry example sends its requests, and where its spans and metrics go. */
export interface TelemetryRunOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Where spans go (default: the console exporter, one object per span). */
  spanExporter?: SpanExporter;
  /** Where metrics go (default: the console exporter), once, at the end. */
  metricExporter?: PushMetricExporter;
  /** Record prompts, arguments and results on the spans (off by default). */
  recordContent?: boolean;
  signal?: AbortSignal;
}

/**
 * Sets up the OpenTelemetry SDK (a tracer and a meter provider, the AsyncLocalStorage context
 * manager that carries spans through `await`), asks about an order with tracing on, and shuts
 * the SDK down, which exports what is left.
 */
export async function runTelemetry(options: TelemetryRunOptions): Promise<Completion> {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(options.spanExporter ?? new ConsoleSpanExporter())],
  });
  trace.setGlobalTracerProvider(tracerProvider); // the tool's own spans use the global API
  const reader = new PeriodicExportingMetricReader({
    exporter: options.metricExporter ?? new ConsoleMetricExporter(),
    exportIntervalMillis: 60_000, // exported at shutdown
  });
  const meterProvider = new MeterProvider({ readers: [reader] });

  const telemetry = new Telemetry({ tracerProvider, meterProvider, recordContent: options.recordContent ?? false });
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, onRetry: telemetry.onRetry });
  try {
    ep.tools.add(new Orders());
    const ctx = new Context();
    ctx.user("Where is my order A-1001?");
    ctx.toolPolicy.allow("orderStatus");
    return await ep.completions(options.model, ctx, { hooks: telemetry.hooks, signal: options.signal });
  } finally {
    await ep.close();
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
    trace.disable();
    context.disable();
  }
}
