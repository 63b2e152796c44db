import { request } from "undici";
import { CallDeadline } from "../call-deadline.js";
import { Refusal } from "../refusal.js";
import { decodeText, readBoundedBody } from "./bounded-body.js";
import type { HttpSettings } from "./http-options.js";

/** What the HTTP tools send. */
export interface OutgoingRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the model reads back. */
export interface FetchedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  /** The HTTP status. */
  status: number;
  /** The `content-type` header as sent (`""` when there was none). */
  contentType: string;
  /** The body decoded as text (a binary body is refused, not returned). */
  body: string;
  /** Present (true) when the body was cut at `maxResponseBytes`. */
  truncated?: true;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// Credentials meant for one origin, dropped when a redirect leads to another (as the fetch
// standard, undici's fetch and curl do), so an allowed origin cannot pass them on to a second one.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/**
 * Sends a request to an allowed origin and follows redirects by hand, checking each new
 * location against the allow list before connecting to it. No cookie jar: nothing a server
 * sets is sent again; credentials are not carried to another origin. One deadline covers every
 * hop and the body; `signal` cancels it all.
 */
export async function allowedFetch(
  settings: HttpSettings,
  outgoing: OutgoingRequest,
  signal: AbortSignal,
): Promise<FetchedResponse> {
  let url = settings.allow.check(outgoing.url);
  const deadline = new CallDeadline(
    signal,
    settings.timeoutMs,
    () => `${url.origin} did not answer within ${settings.timeoutMs} ms.`,
  );
  let { method, body } = outgoing;
  const headers = { ...outgoing.headers };
  for (let hop = 0; ; hop++) {
    let reply: Awaited<ReturnType<typeof request>>;
    try {
      reply = await request(url, { method, headers, body: body ?? null, signal: deadline.signal, reset: true });
    } catch (error) {
      throw failure(error, url, deadline);
    }
    const location = reply.headers.location;
    if (REDIRECTS.has(reply.statusCode) && typeof location === "string") {
      await reply.body.dump().catch(() => undefined);
      if (hop >= settings.maxRedirects)
        throw new Refusal(`${url.href} redirected more than ${settings.maxRedirects} times; not followed further.`);
      const next = settings.allow.check(location, url);
      // 303, and 301/302 after a POST, turn into a GET without a body (what browsers do).
      if (reply.statusCode === 303 || (method === "POST" && reply.statusCode !== 307 && reply.statusCode !== 308)) {
        method = "GET";
        body = undefined;
        delete headers["content-type"];
      }
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      url = next;
      continue;
    }
    const contentType = String(reply.headers["content-type"] ?? "");
    let read: { bytes: Buffer; truncated: boolean };
    try {
      read = await readBoundedBody(reply.body, settings.maxResponseBytes);
    } catch (error) {
      throw failure(error, url, deadline);
    }
    const text = decodeText(read.bytes, contentType);
    if (text === undefined)
      throw new Refusal(
        `${url.href} answered ${reply.statusCode} with ${contentType}, which is binary and not returned as text.`,
      );
    const response: FetchedResponse = { url: url.href, status: reply.statusCode, contentType, body: text };
    if (read.truncated) response.truncated = true;
    return response;
  }
}

// A caller's cancellation propagates as it is; the deadline and network failures become refusals.
function failure(error: unknown, url: URL, deadline: CallDeadline): unknown {
  const stopped = deadline.failure(error);
  if (stopped !== error) return stopped;
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
  return new Refusal(`The request to ${url.href} failed: ${reason}.`);
}
