import type { MaxTokensField } from "./request.js";
import {
  bearerTarget,
  resolveTransportLimits,
  type ResolvedTransportOptions,
  type TransportOptions,
} from "../http/transport-options.js";

/** Options of `new OpenAI(options)`. */
export interface OpenAIOptions extends TransportOptions {
  /** The API's base URL; a URL with no path gets `/v1`. Default: OpenAI's own API. */
  baseURL?: string;
  /** Sent as a bearer token. Kept private: never in an error, a log, `toJSON` or `util.inspect`. */
  apiKey?: string;
  /** Extra headers for every request (e.g. `OpenAI-Organization`, a proxy's key). */
  headers?: Record<string, string>;
  /**
   * The body field for `ModelConfig.maxTokens`. Default: `max_completion_tokens` for OpenAI and Azure
   * OpenAI hosts (reasoning models reject `max_tokens`), `max_tokens` elsewhere (Ollama, LM Studio and
   * older llama.cpp/vLLM read only that).
   */
  maxTokensField?: MaxTokensField;
}

/** Options after defaults and checks. */
export interface ResolvedOpenAIOptions extends ResolvedTransportOptions {
  /** Appended to request paths (e.g. Azure's `?api-version=`); kept out of `baseURL`. */
  query: string;
  maxTokensField: MaxTokensField;
}

/** OpenAI's own API, used when no base URL is given. */
export const openAIDefaultBaseURL = "https://api.openai.com/v1";

/** Checks the options, applies the defaults, and splits the base URL into what may be shown and what may not. */
export function resolveOpenAIOptions(input: string | OpenAIOptions): ResolvedOpenAIOptions {
  const options: OpenAIOptions = typeof input === "string" ? { baseURL: input } : input;
  const { url, baseURL, query, headers } = bearerTarget(
    "OpenAI",
    options,
    openAIDefaultBaseURL,
    "http://localhost:1234/v1",
  );
  const host = url.hostname.toLowerCase();
  const openAIHost = host === "api.openai.com" || host.endsWith(".openai.azure.com");
  return {
    baseURL,
    query,
    headers,
    // OpenAI has always accepted an infinite timeout and a zero size limit: kept as they were.
    ...resolveTransportLimits(options, {
      label: "OpenAI",
      timeoutMs: "any number > 0",
      maxResponseBytes: "integer ≥ 0",
    }),
    maxTokensField: options.maxTokensField ?? (openAIHost ? "max_completion_tokens" : "max_tokens"),
  };
}
