import { EndpointError } from "../../errors/endpoint-error.js";
import type { StreamBacklog } from "../stream-backlog.js";
import { DispatchedResponse } from "./dispatched-response.js";
import { errorFromStatus } from "./errors.js";
import type { HttpResponse } from "./http-response.js";
import type { RequestDispatcher } from "./request-dispatcher.js";
import { dispatchedBody, type RequestBody } from "./request-body.js";

/** An error response's body is read up to this many bytes, for the error's message. */
const errorBodyLimit = 64 * 1024;

/** One POST to send and how its response may be read. */
export interface Exchange {
  /** undici's pool, or the dispatcher passed in options (its declared type names only `dispatch`). */
  dispatcher: RequestDispatcher;
  /** The server's origin (`http://127.0.0.1:1234`). */
  origin: string;
  /** The base URL's path, then the request's path and query. */
  path: string;
  /** `POST` and the URL without its query, for messages. */
  target: string;
  headers: Record<string, string>;
  body: string | RequestBody;
  /** Longest wait for the response headers, and between two pieces of the body. */
  timeoutMs: number;
  /** Largest success body accepted, in bytes. */
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
  /** The stream's reader: while it is behind, the socket is not read (backpressure.ts). */
  backlog: StreamBacklog | undefined;
  /** The provider's reading of the wait an error body asks for (`EndpointError.retryAfterMs`), when the headers name none. */
  retryAfterFromBody: ((body: string) => number | undefined) | undefined;
  /** Called when the reader says parts of the body reached the caller (`HttpResponse.delivered`). */
  onDelivered: () => void;
}

/**
 * Sends one request and hands a success response to `read`: a failed status is thrown as
 * `EndpointError` (with the server's message, request id and asked wait), a body over
 * `maxResponseBytes` is refused. Whatever the reader leaves unread is given up, so the
 * connection is never held by a body nobody reads.
 */
export async function exchange<T>(request: Exchange, read: (response: HttpResponse) => Promise<T>): Promise<T> {
  const { target, maxResponseBytes, signal } = request;
  // The response is read through the handler's callbacks: no body stream, no promise per piece.
  const response = new DispatchedResponse(signal, maxResponseBytes, (status) =>
    tooLarge(target, maxResponseBytes, status),
  );
  try {
    request.dispatcher.dispatch(
      {
        origin: request.origin,
        path: request.path,
        method: "POST",
        headers: request.headers,
        body: dispatchedBody(request.body),
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      },
      response,
    );
    const { status, headers } = await response.head;
    if (status < 200 || status >= 300) {
      const text = await response.text(errorBodyLimit).catch(() => "");
      throw errorFromStatus(status, headers, text, target, request.retryAfterFromBody);
    }
    if (Number(headers["content-length"]) > maxResponseBytes) throw tooLarge(target, maxResponseBytes, status);
    return await read({
      contentType: String(headers["content-type"] ?? "").toLowerCase(),
      each: (onPiece) => response.each(onPiece, request.backlog),
      text: () => response.text(),
      delivered: request.onDelivered,
    });
  } finally {
    response.release();
  }
}

function tooLarge(target: string, limit: number, status: number): EndpointError {
  return new EndpointError(
    `The response from ${target} is larger than maxResponseBytes (${limit} bytes) and was not read. Raise maxResponseBytes if such replies are expected.`,
    { status, retryable: false },
  );
}
