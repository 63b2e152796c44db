import type { IncomingHttpHeaders } from "node:http";
import { EndpointError } from "../../errors/endpoint-error.js";
import { AbortedError } from "../../errors/aborted-error.js";
import { TooltypeError } from "../../errors/tooltype-error.js";
import { asObject } from "../../json.js";
import { SlotWaitError } from "./connection-slots.js";
import { isRetryableStatus } from "./retry-policy.js";

/** The server's error message from a body shaped `{ error: { message } }`, `{ error: "…" }`, `{ message }` or `{ detail }`. */
export function errorMessageOf(body: unknown): string | undefined {
  const b = asObject(body);
  if (!b) return undefined;
  const error = b.error;
  if (typeof error === "string" && error !== "") return error;
  const e = asObject(error);
  if (e && typeof e.message === "string" && e.message !== "") return e.message;
  for (const key of ["message", "detail"]) if (typeof b[key] === "string" && b[key] !== "") return b[key] as string;
  return undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How long the server asked us to wait, in milliseconds: `retry-after-ms`, or `retry-after` as
 * seconds or as an HTTP date (a date in the past is 0). Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number = Date.now()): number | undefined {
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Number(ms);
  const value = header(headers, "retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's request id (`x-request-id`, `request-id`), for support tickets and logs. */
function requestIdOf(headers: IncomingHttpHeaders): string | undefined {
  return header(headers, "x-request-id") ?? header(headers, "request-id");
}

/** A short one-line excerpt of a body or message, for error messages. */
export function excerptOf(text: string, length = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** What the server said about an error: the message of a JSON error body, else a short excerpt of the text (tags stripped from HTML). */
export function serverMessageOf(body: string): string | undefined {
  const trimmed = body.trim();
  if (trimmed === "") return undefined;
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      // An array holding one error object: how Google's APIs answer a failed stream request.
      const parsed: unknown = JSON.parse(trimmed);
      const message = errorMessageOf(Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : parsed);
      if (message !== undefined) return excerptOf(message);
    } catch {
      // not JSON after all: fall through to the text excerpt
    }
  }
  if (/^<(!doctype|html|head|body|\?xml)/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
    const text = trimmed.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ");
    return (
      excerptOf(title && title.trim() !== "" && !text.includes(title.trim()) ? `${title} ${text}` : text) || undefined
    );
  }
  return excerptOf(trimmed);
}

/** What to do about a failed status, as a sentence after the message ("" when nothing helps). */
function fixFor(status: number, headers: IncomingHttpHeaders): string {
  if (status === 401 || status === 403) return " Check the API key.";
  if (status === 404) return " Check the base URL and the model name.";
  if (status < 300 || status >= 400) return "";
  const location = header(headers, "location");
  return location !== undefined
    ? ` The server redirects to ${excerptOf(location, 200)}; redirects are not followed (the credentials would go along): set baseURL to the new address.`
    : " Redirects are not followed: set baseURL to the server's current address.";
}

/**
 * The error for a response with a non-success status. `retryAfterMs` is the wait the server asked
 * for: its `retry-after-ms` or `Retry-After` header, else what `fromBody` (a provider's reading of
 * its own error body, e.g. Google's `RetryInfo`) finds in the body.
 */
export function errorFromStatus(
  status: number,
  headers: IncomingHttpHeaders,
  body: string,
  target: string,
  fromBody?: (body: string) => number | undefined,
): EndpointError {
  const requestId = requestIdOf(headers);
  const said = serverMessageOf(body);
  const hint = fixFor(status, headers);
  const message = `HTTP ${status} from ${target}${said ? `: ${said}` : ""}${requestId ? ` (request id ${requestId})` : ""}.${hint}`;
  const asked = retryAfterMs(headers) ?? fromBody?.(body);
  return new EndpointError(message, {
    status,
    retryable: isRetryableStatus(status),
    ...(requestId ? { requestId } : {}),
    ...(asked !== undefined ? { retryAfterMs: asked } : {}),
  });
}

/** The error for a request cancelled by its caller's signal: `AbortedError`, the signal's reason as its cause. */
export function cancelled(target: string, signal: AbortSignal): AbortedError {
  return new AbortedError(`The request to ${target} was cancelled.`, { cause: signal.reason });
}

const timeoutCodes: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: "connecting",
  UND_ERR_HEADERS_TIMEOUT: "waiting for the response headers",
  UND_ERR_BODY_TIMEOUT: "waiting for the next part of the body (the server went silent)",
};

/**
 * The error for a request that got no complete answer: cancelled by the caller (`AbortedError`,
 * whatever failed meanwhile), timed out (also waiting for a free connection) or a connection
 * failure (both a retryable `EndpointError`). tooltype's own errors pass through.
 */
export function errorFromFailure(
  error: unknown,
  target: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): unknown {
  if (signal?.aborted) return cancelled(target, signal);
  if (TooltypeError.isInstance(error)) return error;
  if (error instanceof SlotWaitError && error.failure.kind === "timeout") {
    return new EndpointError(
      `The request to ${target} timed out after ${timeoutMs} ms waiting for a free connection (all ${error.failure.size} of maxConnections were busy). Raise maxConnections, or send fewer requests at once.`,
      { retryable: true },
    );
  }
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === "string" && code in timeoutCodes) {
    return new EndpointError(
      `The request to ${target} timed out after ${timeoutMs} ms ${timeoutCodes[code]}. Raise timeoutMs if the model is slow.`,
      { retryable: true, cause: error },
    );
  }
  if (code === "UND_ERR_CLOSED" || code === "UND_ERR_DESTROYED") {
    return new EndpointError(`The request to ${target} was not sent: the endpoint was closed (endpoint.close()).`, {
      retryable: false,
      cause: error,
    });
  }
  if (typeof code === "string" && code !== "UND_ERR_INVALID_ARG" && code !== "UND_ERR_NOT_SUPPORTED") {
    const detail = error instanceof Error ? error.message : String(error);
    return new EndpointError(
      `Connection to ${target} failed: ${detail} (${code}). Check that the server is running and reachable.`,
      { retryable: true, cause: error },
    );
  }
  return error; // a bug, not a network failure: let it surface as it is
}

/**
 * A retryable failure met after parts of a streamed reply reached the caller: it is not retried
 * (the parts would arrive twice), so it is final and says so, without advice to check the server.
 */
export function errorAfterDelivery(error: EndpointError): EndpointError {
  const what = error.message.replace(/ Check that the server is running and reachable\.$/, "");
  return new EndpointError(
    `${what} The streamed reply broke off after parts of it had arrived, so it was not retried (those parts were already delivered); nothing was added to the conversation. Send the request again.`,
    {
      retryable: false,
      cause: error.cause ?? error,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
    },
  );
}
