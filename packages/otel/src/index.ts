// Public API of @tooltype/otel: OpenTelemetry GenAI spans and metrics for completions, requests and tool runs.
export { Telemetry } from "./telemetry.js";
export type { TelemetryOptions } from "./telemetry.js";
export type { ContentLimits } from "./recorded-content.js";
