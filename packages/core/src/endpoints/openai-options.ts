import type { Dispatcher } from "undici";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { RetryInfo } from "./http-transport.js";
import type { MaxTokensField } from "./openai-request.js";
import { defaultRetryPolicy, type RetryPolicy } from "./retry-policy.js";

/** Options of `new OpenAI(options)`. */
export interface OpenAIOptions {
  /** The API's base URL; a URL with no path gets `/v1`. Default: OpenAI's own API. */
  baseURL?: string;
  /** Sent as a bearer token. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. `OpenAI-Organization`, a proxy's key). */
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
  /** An undici Dispatcher (Agent, ProxyAgent, MockAgent, …) instead of the endpoint's own keep-alive pool. */
  dispatcher?: Dispatcher;
  /** A registry shared with other endpoints; default: a new one of its own. */
  tools?: ToolRegistry;
  /**
   * The body field for `ModelConfig.maxTokens`. Default: `max_completion_tokens` for OpenAI and Azure
   * OpenAI hosts (reasoning models reject `max_tokens`), `max_tokens` elsewhere (Ollama, LM Studio and
   * older llama.cpp/vLLM read only that).
   */
  maxTokensField?: MaxTokensField;
}

/** Options after defaults and checks. */
export interface ResolvedOpenAIOptions {
  baseURL: string;
  /** Appended to request paths (e.g. Azure's `?api-version=`); kept out of `baseURL`. */
  query: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
  maxTokensField: MaxTokensField;
}

/** OpenAI's own API, used when no base URL is given. */
export const openAIDefaultBaseURL = "https://api.openai.com/v1";

function positive(name: string, value: number | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(value >= 0) || (integer && !Number.isInteger(value)) || (!integer && value === 0)) {
    throw new RangeError(`OpenAI: ${name} must be ${integer ? "an integer ≥ 0" : "a number > 0"}, got ${String(value)}.`);
  }
  return value;
}

/** Checks the options, applies the defaults, and splits the base URL into what may be shown and what may not. */
export function resolveOpenAIOptions(input: string | OpenAIOptions): ResolvedOpenAIOptions {
  const options: OpenAIOptions = typeof input === "string" ? { baseURL: input } : input;
  let url: URL;
  try {
    url = new URL(options.baseURL ?? openAIDefaultBaseURL);
  } catch {
    throw new TypeError(`OpenAI: baseURL is not a URL (expected e.g. "http://localhost:1234/v1").`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`OpenAI: baseURL must use http or https, not ${url.protocol}`);
  const headers: Record<string, string> = { ...options.headers };
  if (url.username !== "" || url.password !== "") {
    // Credentials in the URL become a header, so the URL can be shown safely.
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
    url.username = url.password = "";
  }
  if (options.apiKey !== undefined && options.apiKey !== "") headers.authorization = `Bearer ${options.apiKey}`;
  const query = url.search;
  url.search = url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  const baseURL = `${url.origin}${path === "" ? "/v1" : path}`;
  const host = url.hostname.toLowerCase();
  const openAIHost = host === "api.openai.com" || host.endsWith(".openai.azure.com");
  return {
    baseURL,
    query,
    headers,
    timeoutMs: positive("timeoutMs", options.timeoutMs, 60_000),
    retry: {
      retries: positive("retries", options.retries, defaultRetryPolicy.retries, true),
      baseDelayMs: positive("retryDelays.baseDelayMs", options.retryDelays?.baseDelayMs, defaultRetryPolicy.baseDelayMs, true),
      maxDelayMs: positive("retryDelays.maxDelayMs", options.retryDelays?.maxDelayMs, defaultRetryPolicy.maxDelayMs, true),
      maxRetryAfterMs: positive("retryDelays.maxRetryAfterMs", options.retryDelays?.maxRetryAfterMs, defaultRetryPolicy.maxRetryAfterMs, true),
    },
    maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes, 32 * 1024 * 1024, true),
    maxTokensField: options.maxTokensField ?? (openAIHost ? "max_completion_tokens" : "max_tokens"),
  };
}
