// Public API of @tooltype/otel: OpenTelemetry GenAI spans and metrics for completions, requests and tool runs.
export { Telemetry } from "./telemetry.js";
export { INSTRUMENTATION_SCOPE } from "./instruments.js";
export type { TelemetryOptions } from "./telemetry.js";
export type { ContentLimits } from "./recorded-content.js";
export { DEFAULT_CONTENT_LIMITS } from "./recorded-content.js";
export { TOOL_ERROR } from "./completion-trace.js";
export { UNKNOWN_PROVIDER } from "./endpoint-identity.js";
export { ATTR, EVENT, METRIC, OPERATION } from "./gen-ai-names.js";
