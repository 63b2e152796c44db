import type { Attributes, Histogram, Meter, Tracer } from "@opentelemetry/api";
import type { ModelEndpoint } from "@tooltype/core";
import type { EndpointAttributes } from "./attribute-sets.js";
import type { ContentLimits } from "./recorded-content.js";
import { METRIC } from "./gen-ai-names.js";

/** What every completion's trace shares: the tracer, the two histograms and the settings. */
export interface Instruments {
  tracer: Tracer;
  tokenUsage: Histogram<Attributes>;
  operationDuration: Histogram<Attributes>;
  /** Content limits when content is recorded; undefined: no content at all. */
  content: ContentLimits | undefined;
  /** `gen_ai.provider.name` for every completion, instead of the one guessed from the endpoint. */
  providerName: string | undefined;
  /** `gen_ai.agent.name` of the completion spans. */
  agentName: string | undefined;
  /** The completion spans' name: `invoke_agent`, or `invoke_agent {agentName}`. */
  agentSpanName: string;
  /** Each endpoint's identity (its base URL parsed) and attribute sets, built once rather than per completion. */
  endpoints: WeakMap<ModelEndpoint, EndpointAttributes>;
}

/** The two client histograms, with the bucket boundaries the conventions advise. */
export function histograms(meter: Meter): Pick<Instruments, "tokenUsage" | "operationDuration"> {
  const { tokenUsage, operationDuration } = METRIC;
  return {
    tokenUsage: meter.createHistogram(tokenUsage.name, {
      unit: tokenUsage.unit,
      description: tokenUsage.description,
      advice: { explicitBucketBoundaries: [...tokenUsage.buckets] },
    }),
    operationDuration: meter.createHistogram(operationDuration.name, {
      unit: operationDuration.unit,
      description: operationDuration.description,
      advice: { explicitBucketBoundaries: [...operationDuration.buckets] },
    }),
  };
}
