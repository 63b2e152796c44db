import {
  bearerTarget,
  resolveTransportLimits,
  type ResolvedTransportOptions,
  type TransportOptions,
} from "../http/transport-options.js";

/** Options of `new OpenAIResponses(options)`. */
export interface OpenAIResponsesOptions extends TransportOptions {
  /** The API's base URL; a URL with no path gets `/v1` (requests go to `…/v1/responses`). Default: OpenAI's own API. */
  baseURL?: string;
  /** Sent as a bearer token. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. `OpenAI-Organization`, a proxy's key). */
  headers?: Record<string, string>;
}

/** Options after defaults and checks. */
export interface ResolvedResponsesOptions extends ResolvedTransportOptions {
  /** Appended to the request path (e.g. Azure's `?api-version=`); kept out of `baseURL`. */
  query: string;
}

/** OpenAI's own API, used when no base URL is given. */
const openAIBaseURL = "https://api.openai.com/v1";

/** Checks the options and applies the defaults; credentials go into headers, never into `baseURL`. */
export function resolveResponsesOptions(input: string | OpenAIResponsesOptions): ResolvedResponsesOptions {
  const options: OpenAIResponsesOptions = typeof input === "string" ? { baseURL: input } : input;
  const { baseURL, query, headers } = bearerTarget(
    "OpenAIResponses",
    options,
    openAIBaseURL,
    "http://localhost:8080/v1",
  );
  return {
    baseURL,
    query,
    headers,
    ...resolveTransportLimits(options, {
      label: "OpenAIResponses",
      timeoutMs: "number > 0",
      maxResponseBytes: "integer ≥ 1",
    }),
  };
}
