import { ProtocolError } from "../../errors/protocol-error.js";
import { excerptOf } from "./errors.js";
import type { HttpResponse } from "./http-response.js";
import { SSEReader, type SSEMessage } from "./sse-reader.js";

/**
 * The response body parsed as JSON. A body that is not JSON is a `ProtocolError` quoting its
 * start, ending with the advice to check that the base URL points at `api`.
 */
export function readJSONBody(response: HttpResponse, api: string): Promise<unknown> {
  return readJSONBodyAs(response, api, (body) => body);
}

/** `read(body)` of the response body parsed as JSON. */
export function readJSONBodyAs<T>(response: HttpResponse, api: string, read: (body: unknown) => T): Promise<T> {
  // Not async: one promise fewer per reply (its gain is named at the transport's header cache).
  return response.text().then((text) => read(parseJSONBody(text, response.contentType, api)));
}

function parseJSONBody(text: string, contentType: string, api: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProtocolError(
      `The reply is not JSON (content-type "${contentType || "none"}"): ${excerptOf(text, 200) || "an empty body"}. Check that the base URL points at ${api}.`,
    );
  }
}

/** Reads a `text/event-stream` body to its end, handing each server-sent event to `onMessage` as it completes. */
export async function readEventStream(response: HttpResponse, onMessage: (message: SSEMessage) => void): Promise<void> {
  const reader = new SSEReader(onMessage);
  await response.each((piece) => reader.push(piece));
  reader.end();
}

/**
 * `onEvent` that first tells the transport the stream's parts reach the caller
 * (`response.delivered()`), so a failure after its first event is not retried; undefined when
 * there is no `onEvent` (nothing is delivered, so a failed stream is retried like any request).
 */
export function deliveringTo<E>(
  response: HttpResponse,
  onEvent: ((event: E) => void) | undefined,
): ((event: E) => void) | undefined {
  if (onEvent === undefined) return undefined;
  let told = false;
  return (event) => {
    if (!told) {
      told = true;
      response.delivered();
    }
    onEvent(event);
  };
}
