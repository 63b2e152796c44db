import { trace, type MeterProvider, type TracerProvider } from "@opentelemetry/api";
import type { FailoverInfo, LoopHooks, RetryInfo } from "@tooltype/core";
import { CompletionTrace } from "./completion-trace.js";
import { errorTypeOf } from "./error-type.js";
import { ATTR, EVENT, OPERATION } from "./gen-ai-names.js";
import { INSTRUMENTATION_SCOPE, MeterSource, type Instruments } from "./instruments.js";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./recorded-content.js";

/** How `Telemetry` records. */
export interface TelemetryOptions {
  /** Where spans go (default: the global provider, `trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider;
  /**
   * Where the metrics go (default: the global provider, `metrics.getMeterProvider()`, looked up
   * as each completion starts: a `Telemetry` built before the SDK starts records once it has).
   */
  meterProvider?: MeterProvider;
  /**
   * Record prompts, replies, tool arguments, results and policy messages on the spans (off by
   * default: they may hold personal data). `true` uses the default limits; each piece of text is
   * cut to `maxLength` characters (2048) and a request span keeps the last `maxMessages` (20).
   */
  recordContent?: boolean | Partial<ContentLimits>;
  /**
   * `gen_ai.provider.name` of every span and point (default: the one the endpoint names,
   * `ModelEndpoint.provider`, behind a router the target's; `tooltype` for an endpoint that names none).
   */
  providerName?: string;
  /** `gen_ai.agent.name` on each completion span, which is then named `invoke_agent {agentName}`. */
  agentName?: string;
}

function contentLimits(option: TelemetryOptions["recordContent"]): ContentLimits | undefined {
  if (option === undefined || option === false) return undefined;
  const limits = option === true ? DEFAULT_CONTENT_LIMITS : { ...DEFAULT_CONTENT_LIMITS, ...option };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`recordContent.${name} must be a positive integer, got ${String(value)}.`);
  }
  return limits;
}

/**
 * OpenTelemetry spans and metrics for tooltype completions, following the GenAI semantic
 * conventions. Pass `hooks` with a completion's options; pass `onRetry` to an endpoint (and
 * `onFailover` to a router) to see its retries (failovers) as events of the request span.
 *
 * ```ts
 * const telemetry = new Telemetry();
 * const ep = new OpenAI({ baseURL, onRetry: telemetry.onRetry });
 * await ep.completions("gpt-4.1", ctx, { hooks: telemetry.hooks });
 * ```
 */
export class Telemetry {
  readonly #use: Instruments;

  constructor(options: TelemetryOptions = {}) {
    const { name, version } = INSTRUMENTATION_SCOPE;
    // The global tracer provider is a proxy that follows the SDK's registration; the meter
    // provider is not, so `MeterSource` looks it up per completion.
    const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(name, version);
    this.#use = {
      tracer,
      meters: new MeterSource(options.meterProvider),
      content: contentLimits(options.recordContent),
      providerName: options.providerName,
      agentName: options.agentName,
      agentSpanName:
        options.agentName === undefined ? OPERATION.invokeAgent : `${OPERATION.invokeAgent} ${options.agentName}`,
      endpoints: new WeakMap(),
      targets: new Map(),
    };
  }

  /** The loop hooks (`options.hooks` of `completions`, `endpoint.completions`, `endpoint.stream`, a router's). */
  readonly hooks: LoopHooks = (start) => new CompletionTrace(this.#use, start).hooks();

  /**
   * An endpoint's `onRetry`: adds a `tooltype.request.retry` event (attempt, delay, `error.type`)
   * to the span active when the retry happens, the request span of a traced completion. Needs
   * a context manager (the Node SDK registers one), like every span-in-span relation.
   */
  readonly onRetry = (info: RetryInfo): void => {
    trace.getActiveSpan()?.addEvent(EVENT.retry, {
      [ATTR.retryAttempt]: info.attempt,
      [ATTR.retryDelayMs]: info.delayMs,
      [ATTR.errorType]: errorTypeOf(info.error),
    });
  };

  /**
   * A router's `onFailover`: adds a `tooltype.request.failover` event (the models moved from and
   * to, `error.type` of the failure) to the request span in progress, like `onRetry`.
   */
  readonly onFailover = (info: FailoverInfo): void => {
    trace.getActiveSpan()?.addEvent(EVENT.failover, {
      [ATTR.failoverFrom]: info.from.model,
      [ATTR.failoverTo]: info.to.model,
      [ATTR.errorType]: errorTypeOf(info.error),
    });
  };
}
