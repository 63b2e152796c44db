import type { ToolRegistry } from "../../tools/tool-registry.js";
import type { RetryInfo } from "./retry-policy.js";
import { DEFAULT_MAX_CONNECTIONS } from "./connection-slots.js";
import { defaultRetryPolicy, type RetryPolicy } from "./retry-policy.js";
import type { RequestDispatcher } from "./request-dispatcher.js";

/** The options every HTTP endpoint takes (`OpenAIOptions` and `AnthropicOptions` add their own). */
export interface TransportOptions {
  /** The API's base URL; a URL with no path gets `/v1`. Default: the provider's own API. */
  baseURL?: string;
  /** Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. a proxy's key). */
  headers?: Record<string, string>;
  /** Longest wait, in ms, for connecting, for the response headers and between two pieces of the body (a stream's longest silence). Default 60 000. */
  timeoutMs?: number;
  /** Tries after the first on 408, 409, 429, 5xx and connection errors. Default 2. */
  retries?: number;
  /** Backoff tuning: `baseDelayMs` (500), `maxDelayMs` (8000), `maxRetryAfterMs` (60 000: a longer `Retry-After` fails at once). */
  retryDelays?: Partial<Omit<RetryPolicy, "retries">>;
  /** Hears each retry before its wait. */
  onRetry?: (info: RetryInfo) => void;
  /** Largest response accepted, in bytes. Default 32 MiB. */
  maxResponseBytes?: number;
  /**
   * Most requests in flight at once (and sockets in the endpoint's own pool). Default 16. Others
   * wait their turn; the wait counts against `timeoutMs` and ends at once when cancelled.
   */
  maxConnections?: number;
  /**
   * An undici Dispatcher (Agent, ProxyAgent, MockAgent, …) instead of the endpoint's own keep-alive pool.
   * Requests go through its `dispatch(options, handler)` with undici 7's handler callbacks.
   */
  dispatcher?: RequestDispatcher;
  /** A registry shared with other endpoints; default: a new one of its own. */
  tools?: ToolRegistry;
}

/** The transport settings after defaults and checks: what `HttpTransport` is built from. */
export interface ResolvedTransportOptions {
  /** Where requests go; never holds credentials, a query or a fragment. */
  baseURL: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
  maxConnections: number;
}

/**
 * What a number option must be. `number > 0` is finite; `any number > 0` also takes `Infinity`
 * (kept for the OpenAI endpoint's `timeoutMs`, which has always accepted it).
 */
export type NumberRule = "integer ≥ 0" | "integer ≥ 1" | "number > 0" | "any number > 0";

/** The rules an endpoint applies where the two endpoints have always differed. */
export interface TransportRules {
  /** Names the endpoint at the start of every error message, e.g. `OpenAI`. */
  label: string;
  timeoutMs: NumberRule;
  maxResponseBytes: NumberRule;
}

function follows(value: number, rule: NumberRule): boolean {
  switch (rule) {
    case "integer ≥ 0":
      return Number.isInteger(value) && value >= 0;
    case "integer ≥ 1":
      return Number.isInteger(value) && value >= 1;
    case "number > 0":
      return value > 0 && Number.isFinite(value);
    case "any number > 0":
      return value > 0;
  }
}

/** `value` when it follows `rule`, `fallback` when it is unset; otherwise a RangeError naming the option. */
export function checkedNumber(
  label: string,
  name: string,
  value: number | undefined,
  fallback: number,
  rule: NumberRule,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !follows(value, rule)) {
    const expected = rule === "any number > 0" || rule === "number > 0" ? "a number > 0" : `an ${rule}`;
    throw new RangeError(`${label}: ${name} must be ${expected}, got ${String(value)}.`);
  }
  return value;
}

/**
 * Parses a base URL (`example` is shown when it is not one) and checks its scheme. Credentials
 * written into it (a proxy's) are removed from the URL and returned as a Basic `authorization`
 * header, so the URL can be shown safely.
 */
export function parseBaseURL(
  label: string,
  baseURL: string,
  example: string,
): { url: URL; credentials: Record<string, string> } {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new TypeError(`${label}: baseURL is not a URL (expected e.g. "${example}").`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TypeError(`${label}: baseURL must use http or https, not ${url.protocol}`);
  const credentials: Record<string, string> = {};
  if (url.username !== "" || url.password !== "") {
    const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    credentials.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
    url.username = url.password = "";
  }
  return { url, credentials };
}

/** Where an API that takes a bearer key is reached, split into what may be shown and what may not. */
export interface BearerTarget {
  /** The parsed URL, without credentials, query or fragment. */
  url: URL;
  /** The shown base URL (`baseURLOf`). */
  baseURL: string;
  /** The query string (e.g. Azure's `?api-version=`), added to every request path. */
  query: string;
  /** `options.headers`, then the URL's credentials as Basic `authorization`, then the key as `Bearer`. */
  headers: Record<string, string>;
}

/** The base URL (default `defaultBaseURL`; `example` shown when it is not one), headers and key of an API that takes a bearer key. */
export function bearerTarget(
  label: string,
  options: { baseURL?: string; apiKey?: string; headers?: Record<string, string> },
  defaultBaseURL: string,
  example: string,
): BearerTarget {
  const { url, credentials } = parseBaseURL(label, options.baseURL ?? defaultBaseURL, example);
  const headers: Record<string, string> = { ...options.headers, ...credentials };
  if (options.apiKey !== undefined && options.apiKey !== "") headers.authorization = `Bearer ${options.apiKey}`;
  const query = url.search;
  url.search = url.hash = "";
  return { url, baseURL: baseURLOf(url), query, headers };
}

/** The shown base URL: origin and path without trailing slashes; a URL with no path gets `/v1`. */
export function baseURLOf(url: URL): string {
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${path === "" ? "/v1" : path}`;
}

/** Checks the timeout, retry and size options against `rules` and applies the defaults. */
export function resolveTransportLimits(
  options: TransportOptions,
  rules: TransportRules,
): Omit<ResolvedTransportOptions, "baseURL" | "headers"> {
  const { label } = rules;
  const delays = options.retryDelays;
  return {
    timeoutMs: checkedNumber(label, "timeoutMs", options.timeoutMs, 60_000, rules.timeoutMs),
    retry: {
      retries: checkedNumber(label, "retries", options.retries, defaultRetryPolicy.retries, "integer ≥ 0"),
      baseDelayMs: checkedNumber(
        label,
        "retryDelays.baseDelayMs",
        delays?.baseDelayMs,
        defaultRetryPolicy.baseDelayMs,
        "integer ≥ 0",
      ),
      maxDelayMs: checkedNumber(
        label,
        "retryDelays.maxDelayMs",
        delays?.maxDelayMs,
        defaultRetryPolicy.maxDelayMs,
        "integer ≥ 0",
      ),
      maxRetryAfterMs: checkedNumber(
        label,
        "retryDelays.maxRetryAfterMs",
        delays?.maxRetryAfterMs,
        defaultRetryPolicy.maxRetryAfterMs,
        "integer ≥ 0",
      ),
    },
    maxResponseBytes: checkedNumber(
      label,
      "maxResponseBytes",
      options.maxResponseBytes,
      32 * 1024 * 1024,
      rules.maxResponseBytes,
    ),
    maxConnections: checkedNumber(
      label,
      "maxConnections",
      options.maxConnections,
      DEFAULT_MAX_CONNECTIONS,
      "integer ≥ 1",
    ),
  };
}
