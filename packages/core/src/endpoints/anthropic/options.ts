import {
  baseURLOf,
  checkedNumber,
  parseBaseURL,
  resolveTransportLimits,
  type ResolvedTransportOptions,
  type TransportOptions,
} from "../http/transport-options.js";

/** Options of `new Anthropic(options)`. */
export interface AnthropicOptions extends TransportOptions {
  /** The API's base URL; a URL with no path gets `/v1` (requests go to `…/v1/messages`). Default: Anthropic's own API. */
  baseURL?: string;
  /** Sent as the `x-api-key` header. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. `anthropic-beta`, a proxy's key); an `anthropic-version` here replaces the default. */
  headers?: Record<string, string>;
  /** Tries after the first on 408, 409, 429, 5xx (529 "overloaded" included) and connection errors. Default 2. */
  retries?: number;
  /**
   * `max_tokens` for models whose `config(model).maxTokens` is unset. The Messages API requires
   * the field on every request. Default 4096.
   */
  maxTokens?: number;
}

/** Options after defaults and checks. */
export interface ResolvedAnthropicOptions extends ResolvedTransportOptions {
  maxTokens: number;
}

/** Anthropic's own API, used when no base URL is given. */
const anthropicDefaultBaseURL = "https://api.anthropic.com/v1";

/** The `anthropic-version` header sent unless `headers` names another. */
const anthropicVersion = "2023-06-01";

/** `max_tokens` when neither the model's config nor the options set one. */
const anthropicDefaultMaxTokens = 4096;

/** Checks the options and applies the defaults; credentials go into headers, never into `baseURL`. */
export function resolveAnthropicOptions(options: AnthropicOptions): ResolvedAnthropicOptions {
  const { url, credentials } = parseBaseURL(
    "Anthropic",
    options.baseURL ?? anthropicDefaultBaseURL,
    "https://api.anthropic.com",
  );
  // Header names are case-insensitive: lower-case them so a caller's `Anthropic-Version` replaces ours.
  const headers: Record<string, string> = { "anthropic-version": anthropicVersion };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  Object.assign(headers, credentials);
  if (options.apiKey !== undefined && options.apiKey !== "") headers["x-api-key"] = options.apiKey;
  if (url.search !== "" || url.hash !== "")
    throw new TypeError(
      "Anthropic: baseURL must not have a query string or fragment; use headers for extra parameters.",
    );
  return {
    baseURL: baseURLOf(url),
    headers,
    ...resolveTransportLimits(options, {
      label: "Anthropic",
      timeoutMs: "number > 0",
      maxResponseBytes: "integer ≥ 1",
    }),
    maxTokens: checkedNumber("Anthropic", "maxTokens", options.maxTokens, anthropicDefaultMaxTokens, "integer ≥ 1"),
  };
}
