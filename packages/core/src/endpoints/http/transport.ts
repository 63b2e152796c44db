import { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import { EndpointError } from "../../errors/endpoint-error.js";
import { DispatchedResponse } from "./dispatched-response.js";
import { errorAfterDelivery, errorFromFailure, errorFromStatus, retryAfterMs } from "./errors.js";
import { redactError, secretsOf } from "./redaction.js";
import { retryInfoDelayMs } from "./retry-info.js";
import { ConnectionSlots, DEFAULT_MAX_CONNECTIONS, SlotWaitError } from "./connection-slots.js";
import { backoffMs, type RetryPolicy } from "./retry-policy.js";
import type { RequestDispatcher } from "./request-dispatcher.js";
import type { StreamBacklog } from "../stream-backlog.js";

/** How a transport reaches one server. */
export interface HttpTransportOptions {
  /** Where requests go, e.g. `http://127.0.0.1:1234/v1` (no credentials in it). */
  baseURL: string;
  /** Sent with every request, credentials included; kept private, never printed. */
  headers: Record<string, string>;
  /** Longest wait for connecting, for the response headers, and between two pieces of the body. */
  timeoutMs: number;
  /** When to try again. */
  retry: RetryPolicy;
  /** Largest response body accepted, in bytes. */
  maxResponseBytes: number;
  /** Most requests in flight at once (and sockets in the transport's own pool); others wait their turn. Default 16. */
  maxConnections?: number;
  /** Sends the requests (yours is never closed by `close()`); default: a keep-alive pool of our own. */
  dispatcher?: RequestDispatcher;
  /** Hears each retry before its wait (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
}

/** One retry about to happen. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the transport waits first (from `Retry-After` when the server sent one). */
  delayMs: number;
  /** What failed. */
  error: EndpointError;
}

/** A response with a success status, its body still to be read. */
export interface HttpResponse {
  /** The `content-type` header, lower case, `""` when absent. */
  contentType: string;
  /**
   * Hands each piece of the body to `onPiece` as it arrives, in the same call (no promise per
   * piece); resolves at the body's end, rejects with its failure or with what `onPiece` threw.
   */
  each(onPiece: (piece: Uint8Array) => void): Promise<void>;
  /** The whole body as text (UTF-8). */
  text(): Promise<string>;
  /**
   * Says that parts of the body reached the caller (a stream's first event): a failure from now
   * on is final, since a retry would deliver those parts twice. Until then a stream is retried
   * like any request.
   */
  delivered(): void;
}

/** A request body already encoded as UTF-8, in pieces (e.g. a conversation's stored messages and the new parts). */
export interface RequestBody {
  readonly pieces: readonly Uint8Array[];
  /** The sum of the pieces' lengths. */
  readonly byteLength: number;
}

// Up to this size a body is joined into one buffer (written in one go); a larger one is streamed
// piece by piece (a new stream per try) with its length declared, so a long history is not copied again.
const joinedBodyBytes = 256 * 1024;

/** How one `post` behaves. */
export interface PostOptions {
  /** Cancels the request and any wait between tries. */
  signal?: AbortSignal;
  /** The `accept` header. */
  accept: string;
  /**
   * Whether a failure while the body is being read may still be retried. True when the reader
   * delivers nothing until the body is complete (JSON); false for streams, whose pieces are
   * reported as they arrive: once the reader said one was (`response.delivered()`), a failure is final.
   */
  retryDuringBody: boolean;
  /** The stream's reader: while it is behind, `each` stops reading the socket (backpressure.ts). */
  backlog?: StreamBacklog;
}

const errorBodyLimit = 64 * 1024;

/** A request path's full path (base path + path + query) and how messages name it. */
interface Route {
  target: string;
  fullPath: string;
}

/** One try of a `post`: what is sent, how the reply is read, and whether any of it reached the caller yet. */
interface Attempt<T> {
  /** The base URL's path, then the request's path and query. */
  path: string;
  body: string | RequestBody;
  options: PostOptions;
  /** `POST` and the URL without its query, for messages. */
  target: string;
  progress: { delivered: boolean };
  read: (response: HttpResponse) => Promise<T>;
}
const retryAfterOf = new WeakMap<object, number>();

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * POSTs JSON to one server over undici: one keep-alive pool, timeouts, retries with backoff and
 * `Retry-After`, a response size cap, and typed errors (`EndpointError`). The reader receives a
 * success response and returns the parsed result; a request either yields that result or throws.
 */
export class HttpTransport {
  readonly #options: HttpTransportOptions;
  // Our own pool is made at the first request: undici is loaded when a program first sends, not
  // when it imports the package (a third of a cold import).
  #dispatcher: Dispatcher | Promise<Dispatcher> | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #origin: string;
  readonly #basePath: string;
  // The headers of every request, one object per `accept` value, made once.
  readonly #headers = new Map<string, Record<string, string>>();
  readonly #slots: ConnectionSlots;
  readonly #maxConnections: number;
  readonly #routes = new Map<string, Route>();

  constructor(options: HttpTransportOptions) {
    this.#options = options;
    const url = new URL(options.baseURL);
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, "");
    this.#maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    // Documented as an undici Dispatcher; its public type names only `dispatch` (request-dispatcher.ts).
    this.#dispatcher = options.dispatcher as Dispatcher | undefined;
    this.#slots = new ConnectionSlots(this.#maxConnections);
  }

  /** Sends `body` to `baseURL + path` and hands the response to `read`, trying again as the policy allows. */
  async post<T>(
    path: string,
    body: string | RequestBody,
    options: PostOptions,
    read: (response: HttpResponse) => Promise<T>,
  ): Promise<T> {
    const { target, fullPath } = this.#route(path);
    const { retry } = this.#options;
    for (let attempt = 0; ; attempt++) {
      const progress = { delivered: false };
      try {
        return await this.#exchange({ path: fullPath, body, options, target, progress, read });
      } catch (thrown) {
        let error = errorFromFailure(thrown, target, this.#options.timeoutMs, options.signal);
        // Parts of a stream already reached the caller: trying again would deliver them twice.
        if (EndpointError.isInstance(error) && error.retryable && !options.retryDuringBody && progress.delivered)
          error = errorAfterDelivery(error);
        redactError(error, this.#secrets(path));
        if (!EndpointError.isInstance(error) || !error.retryable || attempt >= retry.retries) throw error;
        const asked = retryAfterOf.get(error);
        if (asked !== undefined && asked > retry.maxRetryAfterMs) throw error; // waiting that long inside a call helps nobody
        const delayMs = asked ?? backoffMs(attempt, retry);
        this.#options.onRetry?.({ attempt: attempt + 1, delayMs, error });
        try {
          await sleep(delayMs, options.signal);
        } catch {
          throw errorFromFailure(undefined, target, this.#options.timeoutMs, options.signal);
        }
      }
    }
  }

  // The same few paths every request: their target (for messages) and full path, made once each.
  #route(path: string): Route {
    let route = this.#routes.get(path);
    if (route === undefined) {
      // The query may carry a key (Azure's `?api-key=`, Gemini's `?key=`): errors name the path only.
      route = { target: `POST ${this.#options.baseURL}${path.split("?", 1)[0]}`, fullPath: `${this.#basePath}${path}` };
      if (this.#routes.size >= 64) this.#routes.clear();
      this.#routes.set(path, route);
    }
    return route;
  }

  // Waits for a free slot: a timeout is an EndpointError; a cancellation is reported by the caller.
  async #slot(target: string, signal: AbortSignal | undefined): Promise<() => void> {
    const { timeoutMs } = this.#options;
    const maxConnections = this.#maxConnections;
    try {
      return await this.#slots.acquire(timeoutMs, signal);
    } catch (error) {
      if (error instanceof SlotWaitError && error.failure.kind === "timeout") {
        throw new EndpointError(
          `The request to ${target} timed out after ${timeoutMs} ms waiting for a free connection (all ${maxConnections} of maxConnections were busy). Raise maxConnections, or send fewer requests at once.`,
          { retryable: true },
        );
      }
      throw error;
    }
  }

  // One try: a connection slot, the request, the reader; the slot is given back however it ends.
  async #exchange<T>({ path, body, options, target, progress, read }: Attempt<T>): Promise<T> {
    const release = this.#slots.tryAcquire(options.signal) ?? (await this.#slot(target, options.signal));
    try {
      const { timeoutMs, maxResponseBytes } = this.#options;
      const whole = typeof body === "string" || body.byteLength <= joinedBodyBytes;
      const headers = this.#headersFor(options.accept);
      const pending = this.#dispatcher ?? (this.#dispatcher = this.#ownPool());
      const dispatcher = pending instanceof Promise ? await pending : pending;
      options.signal?.throwIfAborted();
      // The response is read through the handler's callbacks: no body stream, no promise per piece.
      const response = new DispatchedResponse(options.signal, maxResponseBytes, (status) =>
        tooLarge(target, maxResponseBytes, status),
      );
      try {
        dispatcher.dispatch(
          {
            origin: this.#origin,
            path,
            method: "POST",
            headers: whole ? headers : { ...headers, "content-length": String(body.byteLength) },
            body:
              typeof body === "string"
                ? body
                : whole
                  ? Buffer.concat(body.pieces, body.byteLength)
                  : Readable.from(body.pieces, { objectMode: false }),
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          },
          response,
        );
        const { status, headers: responseHeaders } = await response.head;
        if (status < 200 || status >= 300) {
          const text = await response.text(errorBodyLimit).catch(() => "");
          const error = errorFromStatus(status, responseHeaders, text, target);
          const asked = retryAfterMs(responseHeaders) ?? retryInfoDelayMs(text);
          if (asked !== undefined) retryAfterOf.set(error, asked);
          throw error;
        }
        const declared = Number(responseHeaders["content-length"]);
        if (declared > maxResponseBytes) throw tooLarge(target, maxResponseBytes, status);
        return await read({
          contentType: String(responseHeaders["content-type"] ?? "").toLowerCase(),
          each: (onPiece) => response.each(onPiece, options.backlog),
          text: () => response.text(),
          delivered: () => (progress.delivered = true),
        });
      } finally {
        // Whatever was not read (an error, a reader that stopped early) must not hold the connection.
        response.release();
      }
    } finally {
      release();
    }
  }

  // The credentials of every request and those in this path's query, to keep out of errors.
  #secrets(path: string): string[] {
    const at = path.indexOf("?");
    return secretsOf(this.#options.headers, at < 0 ? "" : path.slice(at));
  }

  async #ownPool(): Promise<Dispatcher> {
    const { Pool } = await import("undici");
    const pool = new Pool(this.#origin, {
      connect: { timeout: this.#options.timeoutMs },
      keepAliveTimeout: 10_000,
      connections: this.#maxConnections,
    });
    this.#dispatcher = pool;
    if (this.#closed) await pool.close(); // closed before its first request: fails as a closed pool does
    return pool;
  }

  #headersFor(accept: string): Record<string, string> {
    let headers = this.#headers.get(accept);
    if (headers === undefined)
      this.#headers.set(accept, (headers = { ...this.#options.headers, "content-type": "application/json", accept }));
    return headers;
  }

  /**
   * Closes the pool this transport created (a dispatcher passed in options is left open). Calling
   * it again, or while it closes, waits for the same close (undici refuses a second one).
   */
  close(): Promise<void> {
    this.#closed = true;
    return (this.#closing ??= this.#closeOwnPool());
  }

  async #closeOwnPool(): Promise<void> {
    const own = this.#options.dispatcher === undefined ? this.#dispatcher : undefined;
    if (own !== undefined) await (await own).close();
  }
}

function tooLarge(target: string, limit: number, status: number): EndpointError {
  return new EndpointError(
    `The response from ${target} is larger than maxResponseBytes (${limit} bytes) and was not read. Raise maxResponseBytes if such replies are expected.`,
    { status, retryable: false },
  );
}
