import { Anthropic, OpenAI, OpenAIResponses, type ModelEndpoint } from "@tooltype/core";

/** What the spans say about the server a completion talks to. */
export interface EndpointIdentity {
  /** `gen_ai.provider.name`. */
  provider: string;
  /** `server.address` and `server.port`, from the endpoint's base URL (none behind a router). */
  address: string | undefined;
  port: number | undefined;
}

/** Reported for an endpoint that is neither OpenAI nor Anthropic (a router, your own) without `providerName`. */
export const UNKNOWN_PROVIDER = "tooltype";

/**
 * The provider name as the conventions spell it, by the wire format the endpoint speaks: `openai`
 * for the OpenAI-compatible endpoints (chat completions and the Responses API, whatever server is
 * behind them), `anthropic` for Anthropic.
 */
function providerOf(endpoint: ModelEndpoint): string {
  if (endpoint instanceof OpenAI || endpoint instanceof OpenAIResponses) return "openai";
  if (endpoint instanceof Anthropic) return "anthropic";
  return UNKNOWN_PROVIDER;
}

const defaultPorts: Record<string, number> = { "http:": 80, "https:": 443 };

/** The provider (`override` when given) and the server's host and port (never credentials: the base URL holds none). */
export function identify(endpoint: ModelEndpoint, override: string | undefined): EndpointIdentity {
  let address: string | undefined;
  let port: number | undefined;
  try {
    const url = new URL(endpoint.baseURL);
    address = url.hostname;
    port = url.port === "" ? defaultPorts[url.protocol] : Number(url.port);
  } catch {
    // A router's base URL is "router": no single server to name.
  }
  return { provider: override ?? providerOf(endpoint), address, port };
}
