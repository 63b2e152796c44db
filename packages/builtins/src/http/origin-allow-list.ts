import { Refusal } from "../refusal.js";

/**
 * The origins (scheme, host, port) the HTTP tools may reach. Entries are compared as URL
 * origins, so `https://example.com` and `https://example.com:443` are the same entry and
 * `https://example.com.evil.test` is not it.
 */
export class OriginAllowList {
  readonly #origins: ReadonlySet<string>;

  constructor(entries: readonly string[]) {
    if (!Array.isArray(entries) || entries.length === 0)
      throw new TypeError('builtins: http.allow needs at least one origin, e.g. ["https://api.example.com"].');
    this.#origins = new Set(entries.map(originOf));
  }

  /** The allowed origins, normalised. */
  get origins(): string[] {
    return [...this.#origins];
  }

  /** Parses a URL the model gave (or a redirect led to) and refuses it unless its origin is listed. */
  check(url: string, base?: URL): URL {
    let parsed: URL;
    try {
      parsed = base === undefined ? new URL(url) : new URL(url, base);
    } catch {
      throw new Refusal(`"${url}" is not a valid absolute URL.`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new Refusal(`"${parsed.protocol}" URLs are not fetched; only http and https.`);
    if (parsed.username !== "" || parsed.password !== "")
      throw new Refusal("URLs with a user name or password in them are not fetched.");
    if (!this.#origins.has(parsed.origin))
      throw new Refusal(
        `${parsed.origin} is not on the allow list${base === undefined ? "" : ` (a redirect from ${base.origin} led there)`}; ` +
          `allowed: ${[...this.#origins].join(", ")}.`,
      );
    return parsed;
  }
}

function originOf(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new TypeError(
      `builtins: http.allow entry "${entry}" is not a URL; write an origin such as "https://api.example.com".`,
    );
  }
  const bare =
    url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "" && url.password === "";
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !bare)
    throw new TypeError(
      `builtins: http.allow entry "${entry}" must be an http(s) origin only (scheme, host, port), e.g. "${url.origin}".`,
    );
  return url.origin;
}
