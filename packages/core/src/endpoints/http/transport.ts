import type { Dispatcher } from "undici";
import { EndpointError } from "../../errors/endpoint-error.js";
import type { StreamBacklog } from "../stream-backlog.js";
import { ConnectionSlots, DEFAULT_MAX_CONNECTIONS } from "./connection-slots.js";
import { errorAfterDelivery, errorFromFailure, cancelled } from "./errors.js";
import { exchange } from "./exchange.js";
import type { HttpResponse } from "./http-response.js";
import { redactError, secretsOf } from "./redaction.js";
import type { RequestBody } from "./request-body.js";
import type { RequestDispatcher } from "./request-dispatcher.js";
import { retryDelayMs, waitBeforeRetry, type RetryInfo, type RetryPolicy } from "./retry-policy.js";

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

/** How one `post` behaves. */
export interface PostOptions {
  /** Cancels the request and any wait between tries: the post then rejects with `AbortedError`. */
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
  /**
   * How long an error body asks to wait, in milliseconds, for a provider that says so in the body
   * rather than in a `Retry-After` header (Google's `RetryInfo`); consulted when the headers name no wait.
   */
  retryAfterFromBody?: (body: string) => number | undefined;
}

/** A request path's full path (base path + path + query) and how messages name it. */
interface Route {
  target: string;
  fullPath: string;
}

/**
 * POSTs JSON to one server over undici: one keep-alive pool, at most `maxConnections` requests
 * at once, timeouts, retries with backoff or the wait the server asked for, a response size cap,
 * and typed errors with the credentials redacted (`EndpointError`; `AbortedError` when the
 * caller's signal fires). The reader receives a success response and returns the parsed result;
 * a request either yields that result or throws.
 */
export class HttpTransport {
  readonly #options: HttpTransportOptions;
  // Our own pool is made at the first request: undici is loaded when a program first sends, not
  // when it imports the package. Bench `cold` (A/B, 21 fresh processes each, loaded machine):
  // importing core costs 110 ms of CPU so, 224 ms with undici imported up front.
  #dispatcher: Dispatcher | undefined;
  #creating: Promise<Dispatcher> | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #slots: ConnectionSlots;
  readonly #maxConnections: number;
  readonly #routes = new Map<string, Route>();
  // The headers of every request, one object per `accept` value, made once. With OpenAI.send and
  // readJSONBodyAs free of async frames: bench `short` 1.35× the floor, 1.43× without the three
  // (one run, 5 passes, every pass faster with them; they were removed and came back).
  readonly #headers = new Map<string, Record<string, string>>();

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
    const route = this.#route(path);
    const { target } = route;
    const { retry, timeoutMs } = this.#options;
    for (let attempt = 0; ; attempt++) {
      let delivered = false;
      try {
        return await this.#try(route, body, options, () => (delivered = true), read);
      } catch (thrown) {
        let error = errorFromFailure(thrown, target, timeoutMs, options.signal);
        // Parts of a stream already reached the caller: trying again would deliver them twice.
        if (delivered && !options.retryDuringBody && EndpointError.isInstance(error) && error.retryable)
          error = errorAfterDelivery(error);
        redactError(error, this.#secrets(path));
        if (!EndpointError.isInstance(error)) throw error;
        const delayMs = retryDelayMs(error, attempt, retry);
        if (delayMs === undefined) throw error;
        this.#options.onRetry?.({ attempt: attempt + 1, delayMs, error });
        try {
          await waitBeforeRetry(delayMs, options.signal);
        } catch {
          throw cancelled(target, options.signal!);
        }
      }
    }
  }

  // The same few paths every request: their target (for messages) and full path, made once each.
  // With the free slot taken without a promise (`#try`): bench `short` 1.25× the floor, 1.28×
  // without the two (A/B in one run on the loaded 2-core machine, 10 passes, 9 of them for these).
  #route(path: string): Route {
    let route = this.#routes.get(path);
    if (route === undefined) {
      // The query may carry a key (Azure's `?api-key=`, Gemini's `?key=`): messages name the path only.
      route = { target: `POST ${this.#options.baseURL}${path.split("?", 1)[0]}`, fullPath: `${this.#basePath}${path}` };
      if (this.#routes.size >= 64) this.#routes.clear();
      this.#routes.set(path, route);
    }
    return route;
  }

  #headersFor(accept: string): Record<string, string> {
    let headers = this.#headers.get(accept);
    if (headers === undefined)
      this.#headers.set(accept, (headers = { ...this.#options.headers, "content-type": "application/json", accept }));
    return headers;
  }

  // One try: a connection slot (waiting for one counts against timeoutMs), then the exchange; the
  // slot is given back however it ends.
  async #try<T>(
    route: Route,
    body: string | RequestBody,
    options: PostOptions,
    onDelivered: () => void,
    read: (response: HttpResponse) => Promise<T>,
  ): Promise<T> {
    const { signal } = options;
    const { timeoutMs, maxResponseBytes } = this.#options;
    const release = this.#slots.tryAcquire(signal) ?? (await this.#slots.acquire(timeoutMs, signal));
    try {
      const dispatcher = this.#dispatcher ?? (await this.#ownPool());
      signal?.throwIfAborted();
      return await exchange(
        {
          dispatcher,
          origin: this.#origin,
          path: route.fullPath,
          target: route.target,
          headers: this.#headersFor(options.accept),
          body,
          timeoutMs,
          maxResponseBytes,
          signal,
          backlog: options.backlog,
          retryAfterFromBody: options.retryAfterFromBody,
          onDelivered,
        },
        read,
      );
    } finally {
      release();
    }
  }

  // The credentials of every request and those in this path's query, to keep out of errors.
  #secrets(path: string): string[] {
    const at = path.indexOf("?");
    return secretsOf(this.#options.headers, at < 0 ? "" : path.slice(at));
  }

  #ownPool(): Promise<Dispatcher> {
    return (this.#creating ??= this.#createPool());
  }

  async #createPool(): Promise<Dispatcher> {
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

  /**
   * Closes the pool this transport created (a dispatcher passed in options is left open). Calling
   * it again, or while it closes, waits for the same close (undici refuses a second one).
   */
  close(): Promise<void> {
    this.#closed = true;
    return (this.#closing ??= this.#closeOwnPool());
  }

  async #closeOwnPool(): Promise<void> {
    if (this.#options.dispatcher !== undefined) return;
    const own = this.#dispatcher ?? (await this.#creating);
    await own?.close();
  }
}
