// Reads a request completely (within a size limit) and turns it into a plain record, so
// tests can assert on exactly what the client sent, faults or not.
import type { IncomingMessage } from "node:http";

/** One request the server received, as the client sent it. */
export interface RecordedRequest {
  /** Position among the requests since start (or the last `reset()`), from 0. */
  readonly seq: number;
  /** HTTP method, e.g. `"POST"`. */
  readonly method: string;
  /** Path without the query string, e.g. `"/v1/chat/completions"`. */
  readonly path: string;
  /** Path with the query string, as sent. */
  readonly url: string;
  /** Headers with lower-cased names; repeated headers joined with `", "`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body parsed as JSON, or `undefined` when empty, not JSON or too large. */
  readonly body: unknown;
  /** The body as UTF-8 text (`""` when it was too large: see `tooLarge`). */
  readonly rawBody: string;
  /** Size of the body in bytes, counted even when it was too large to keep. */
  readonly bodyBytes: number;
  /** True when the body exceeded the server's `maxBodyBytes` (answered 413). */
  readonly tooLarge: boolean;
  /** True when the request asked for a stream (`"stream": true` in the body, or a streaming path such as Gemini's). */
  readonly stream: boolean;
  /**
   * The connection that carried it: sockets are numbered from 1 in the order the server accepted
   * them (`reset()` keeps counting), so two requests with one number went over one keep-alive socket.
   */
  readonly connection: number;
}

/** Reads the whole body; past `limit` bytes it keeps draining but stops storing. */
export function readBody(req: IncomingMessage, limit: number): Promise<{ bytes: number; data: Buffer | undefined }> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let bytes = 0;
    req.on("data", (part: Buffer) => {
      bytes += part.length;
      if (bytes <= limit) parts.push(part);
      else parts.length = 0;
    });
    req.on("end", () => resolve({ bytes, data: bytes <= limit ? Buffer.concat(parts) : undefined }));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("request aborted by the client")));
  });
}

/** Builds the record of a request whose body has been read. */
export function recordRequest(
  seq: number,
  req: IncomingMessage,
  bytes: number,
  data: Buffer | undefined,
  connection: number,
  streams?: (path: string) => boolean,
): RecordedRequest {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const headers: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const rawBody = data ? data.toString("utf8") : "";
  let body: unknown;
  if (rawBody.trim() !== "") {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
  }
  const path = query < 0 ? url : url.slice(0, query);
  const stream = streams
    ? streams(path)
    : typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
  return {
    seq,
    method: req.method ?? "GET",
    path,
    url,
    headers,
    body,
    rawBody,
    bodyBytes: bytes,
    tooLarge: data === undefined,
    stream,
    connection,
  };
}
