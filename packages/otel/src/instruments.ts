import {
  metrics,
  type Attributes,
  type Histogram,
  type Meter,
  type MeterProvider,
  type Tracer,
} from "@opentelemetry/api";
import type { ModelEndpoint } from "@tooltype/core";
import type { EndpointAttributes } from "./attribute-sets.js";
import type { ContentLimits } from "./recorded-content.js";
import { METRIC } from "./gen-ai-names.js";

/** The name and version the tracer and meter report (`otel.scope.name`). */
export const INSTRUMENTATION_SCOPE = { name: "@tooltype/otel", version: "0.1.0" } as const;

/** The client histograms a completion records into. */
export interface Histograms {
  /** `gen_ai.client.token.usage`. */
  tokenUsage: Histogram<Attributes>;
  /** `gen_ai.client.operation.duration`. */
  operationDuration: Histogram<Attributes>;
  /** `gen_ai.client.operation.time_to_first_chunk`, streamed requests only. */
  timeToFirstChunk: Histogram<Attributes>;
}

/** What every completion's trace shares: the tracer, the histograms and the settings. */
export interface Instruments {
  tracer: Tracer;
  /** The histograms of the meter provider in use now (see `MeterSource`). */
  meters: MeterSource;
  /** Content limits when content is recorded; undefined: no content at all. */
  content: ContentLimits | undefined;
  /** `gen_ai.provider.name` for every completion, instead of the one each endpoint names. */
  providerName: string | undefined;
  /** `gen_ai.agent.name` of the completion spans. */
  agentName: string | undefined;
  /** The completion spans' name: `invoke_agent`, or `invoke_agent {agentName}`. */
  agentSpanName: string;
  /** Each endpoint's identity (its base URL parsed) and attribute sets, built once rather than per completion. */
  endpoints: WeakMap<ModelEndpoint, EndpointAttributes>;
  /** The same for a router's targets, by provider and base URL (a `route` event names no endpoint object). */
  targets: Map<string, EndpointAttributes>;
}

function histogram(meter: Meter, metric: (typeof METRIC)[keyof typeof METRIC]): Histogram<Attributes> {
  return meter.createHistogram(metric.name, {
    unit: metric.unit,
    description: metric.description,
    advice: { explicitBucketBoundaries: [...metric.buckets] },
  });
}

/**
 * The histograms, on the meter provider given or else the global one, resolved as each completion
 * starts rather than once: a `Telemetry` built before the SDK registered its provider (a module
 * that is imported first) records into it as soon as it is there. Built once per provider.
 */
export class MeterSource {
  readonly #given: MeterProvider | undefined;
  #provider: MeterProvider | undefined;
  #histograms: Histograms | undefined;

  constructor(given: MeterProvider | undefined) {
    this.#given = given;
  }

  /** The histograms of the provider in use now. */
  current(): Histograms {
    const provider = this.#given ?? metrics.getMeterProvider();
    if (provider !== this.#provider || this.#histograms === undefined) {
      const meter = provider.getMeter(INSTRUMENTATION_SCOPE.name, INSTRUMENTATION_SCOPE.version);
      this.#histograms = {
        tokenUsage: histogram(meter, METRIC.tokenUsage),
        operationDuration: histogram(meter, METRIC.operationDuration),
        timeToFirstChunk: histogram(meter, METRIC.timeToFirstChunk),
      };
      this.#provider = provider;
    }
    return this.#histograms;
  }
}
