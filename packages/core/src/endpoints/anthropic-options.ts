import type { Dispatcher } from "undici";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { RetryInfo } from "./http-transport.js";
import { defaultRetryPolicy, type RetryPolicy } from "./retry-policy.js";

/** Options of `new Anthropic(options)`. */
export interface AnthropicOptions {
  /** The API's base URL; a URL with no path gets `/v1` (requests go to `…/v1/messages`). Default: Anthropic's own API. */
  baseURL?: string;
  /** Sent as the `x-api-key` header. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. `anthropic-beta`, a proxy's key); an `anthropic-version` here replaces the default. */
  headers?: Record<string, string>;
  /** Longest wait, in ms, for connecting, for the response headers and between two pieces of the body (a stream's longest silence). Default 60 000. */
  timeoutMs?: number;
  /** Tries after the first on 408, 409, 429, 5xx (529 "overloaded" included) and connection errors. Default 2. */
  retries?: number;
  /** Backoff tuning: `baseDelayMs` (500), `maxDelayMs` (8000), `maxRetryAfterMs` (60 000: a longer `Retry-After` fails at once). */
  retryDelays?: Partial<Omit<RetryPolicy, "retries">>;
  /** Hears each retry before its wait. */
  onRetry?: (info: RetryInfo) => void;
  /** Largest response accepted, in bytes. Default 32 MiB. */
  maxResponseBytes?: number;
  /** An undici Dispatcher (Agent, ProxyAgent, MockAgent, …) instead of the endpoint's own keep-alive pool. */
  dispatcher?: Dispatcher;
  /** A registry shared with other endpoints; default: a new one of its own. */
  tools?: ToolRegistry;
  /**
   * `max_tokens` for models whose `config(model).maxTokens` is unset. The Messages API requires
   * the field on every request. Default 4096.
   */
  maxTokens?: number;
}

/** Options after defaults and checks. */
export interface ResolvedAnthropicOptions {
  baseURL: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
  maxTokens: number;
}

/** Anthropic's own API, used when no base URL is given. */
export const anthropicDefaultBaseURL = "https://api.anthropic.com/v1";

/** The `anthropic-version` header sent unless `headers` names another. */
export const anthropicVersion = "2023-06-01";

/** `max_tokens` when neither the model's config nor the options set one. */
export const anthropicDefaultMaxTokens = 4096;

function checked(name: string, value: number | undefined, fallback: number, kind: "integer ≥ 0" | "integer ≥ 1" | "number > 0"): number {
  if (value === undefined) return fallback;
  const ok =
    typeof value === "number" &&
    (kind === "number > 0" ? value > 0 && Number.isFinite(value) : Number.isInteger(value) && value >= (kind === "integer ≥ 1" ? 1 : 0));
  if (!ok) throw new RangeError(`Anthropic: ${name} must be ${kind === "number > 0" ? "a number > 0" : `an ${kind}`}, got ${String(value)}.`);
  return value;
}

/** Checks the options and applies the defaults; credentials go into headers, never into `baseURL`. */
export function resolveAnthropicOptions(options: AnthropicOptions): ResolvedAnthropicOptions {
  let url: URL;
  try {
    url = new URL(options.baseURL ?? anthropicDefaultBaseURL);
  } catch {
    throw new TypeError(`Anthropic: baseURL is not a URL (expected e.g. "https://api.anthropic.com").`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`Anthropic: baseURL must use http or https, not ${url.protocol}`);
  // Header names are case-insensitive: lower-case them so a caller's `Anthropic-Version` replaces ours.
  const headers: Record<string, string> = { "anthropic-version": anthropicVersion };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  if (url.username !== "" || url.password !== "") {
    // Credentials in the URL (a proxy's) become a header, so the URL can be shown safely.
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
    url.username = url.password = "";
  }
  if (options.apiKey !== undefined && options.apiKey !== "") headers["x-api-key"] = options.apiKey;
  if (url.search !== "" || url.hash !== "") throw new TypeError("Anthropic: baseURL must not have a query string or fragment; use headers for extra parameters.");
  const path = url.pathname.replace(/\/+$/, "");
  return {
    baseURL: `${url.origin}${path === "" ? "/v1" : path}`,
    headers,
    timeoutMs: checked("timeoutMs", options.timeoutMs, 60_000, "number > 0"),
    retry: {
      retries: checked("retries", options.retries, defaultRetryPolicy.retries, "integer ≥ 0"),
      baseDelayMs: checked("retryDelays.baseDelayMs", options.retryDelays?.baseDelayMs, defaultRetryPolicy.baseDelayMs, "integer ≥ 0"),
      maxDelayMs: checked("retryDelays.maxDelayMs", options.retryDelays?.maxDelayMs, defaultRetryPolicy.maxDelayMs, "integer ≥ 0"),
      maxRetryAfterMs: checked("retryDelays.maxRetryAfterMs", options.retryDelays?.maxRetryAfterMs, defaultRetryPolicy.maxRetryAfterMs, "integer ≥ 0"),
    },
    maxResponseBytes: checked("maxResponseBytes", options.maxResponseBytes, 32 * 1024 * 1024, "integer ≥ 1"),
    maxTokens: checked("maxTokens", options.maxTokens, anthropicDefaultMaxTokens, "integer ≥ 1"),
  };
}
