import { positiveLimit } from "../positive-limit.js";
import { OriginAllowList } from "./origin-allow-list.js";

/** Configuration of the HTTP tools (`builtins({ http })`). */
export interface HttpOptions {
  /**
   * The origins requests may go to, e.g. `["https://api.github.com", "http://127.0.0.1:8080"]`:
   * scheme, host and port, nothing else. Every redirect is checked against the same list.
   */
  allow: readonly string[];
  /** Offer `http_post` too (default false: `http_get` only). */
  post?: boolean;
  /** Largest response body kept, in bytes (default 256 KiB); the rest is cut off and `truncated` set. */
  maxResponseBytes?: number;
  /** Largest request body `http_post` sends, in bytes (default 256 KiB). */
  maxRequestBytes?: number;
  /** The whole exchange, redirects and body included, in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Redirects followed before giving up (default 5; 0 follows none). */
  maxRedirects?: number;
}

/** `HttpOptions` checked, with defaults applied. */
export interface HttpSettings {
  allow: OriginAllowList;
  maxResponseBytes: number;
  maxRequestBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/** The settings of `options`, defaults applied and checked (a malformed origin throws a `TypeError`). */
export function httpSettings(options: HttpOptions): HttpSettings {
  return {
    allow: new OriginAllowList(options.allow),
    maxResponseBytes: positiveLimit(options.maxResponseBytes, 256 * 1024, "http.maxResponseBytes"),
    maxRequestBytes: positiveLimit(options.maxRequestBytes, 256 * 1024, "http.maxRequestBytes"),
    timeoutMs: positiveLimit(options.timeoutMs, 30_000, "http.timeoutMs"),
    maxRedirects: options.maxRedirects === 0 ? 0 : positiveLimit(options.maxRedirects, 5, "http.maxRedirects"),
  };
}
