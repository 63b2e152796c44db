/** What the spans say about the server a request goes to. */
export interface EndpointIdentity {
  /** `gen_ai.provider.name`. */
  provider: string;
  /** `server.address` and `server.port`, from the endpoint's base URL (none behind a router). */
  address: string | undefined;
  port: number | undefined;
}

/** Reported for an endpoint that names no provider (`ModelEndpoint.provider`), without `providerName`. */
export const UNKNOWN_PROVIDER = "tooltype";

const defaultPorts: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * The identity of an endpoint (or a router's target) at `baseURL` that names `provider`
 * (`override` wins over it); `baseURL` undefined: no single server (a router). The server's host
 * and port only, never credentials (a base URL holds none).
 */
export function identify(
  baseURL: string | undefined,
  provider: string | undefined,
  override: string | undefined,
): EndpointIdentity {
  let address: string | undefined;
  let port: number | undefined;
  if (baseURL !== undefined && URL.canParse(baseURL)) {
    const url = new URL(baseURL);
    address = url.hostname;
    port = url.port === "" ? defaultPorts[url.protocol] : Number(url.port);
  }
  return { provider: override ?? provider ?? UNKNOWN_PROVIDER, address, port };
}
