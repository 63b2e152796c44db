import type { IncomingHttpHeaders } from "node:http";
import type { StreamBacklog } from "../stream-backlog.js";
import { Backpressure } from "./backpressure.js";

/**
 * What a dispatch handler is given to steer its request (undici 7's `DispatchController`),
 * declared here so that undici's types stay out of core's declarations (request-dispatcher.ts).
 */
interface Controller {
  readonly aborted: boolean;
  abort(reason: Error): void;
  pause(): void;
  resume(): void;
}

/** The status and headers of a response, its body still to come. */
export interface ResponseHead {
  status: number;
  headers: IncomingHttpHeaders;
}

/** How the body's pieces are taken: collected for `text`, or handed to a callback by `each`. */
type Consumer = (piece: Buffer) => void;

const settled = Promise.resolve();

function prematureClose(): Error {
  return Object.assign(new Error("The response body was closed before its end."), {
    code: "ERR_STREAM_PREMATURE_CLOSE",
  });
}

/** Decodes UTF-8 in one piece; a leading byte order mark is dropped, as `TextDecoder` does. */
function decodeUTF8(chunks: readonly Buffer[], bytes: number): string {
  const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
  const start = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString("utf8", start);
}

/**
 * One request's response, read through undici's dispatch handler callbacks (`onRequestStart`,
 * `onResponseStart`, `onResponseData`, `onResponseEnd`, `onResponseError`) rather than a
 * `Readable` and async iterators: no stream, promise or microtask per piece. `head` settles with the status and
 * headers; the body is then taken once, by `text` or `each` (handed to a callback read by read). Pieces that
 * arrive before the body is taken wait in a list. The caller's signal aborts the request.
 * `limit` caps a success body's bytes: past it `tooLarge(status)` is the body's error and the
 * request is aborted.
 */
export class DispatchedResponse {
  /** Settles with the status and headers, or rejects when the request fails first. */
  readonly head: Promise<ResponseHead>;
  #resolveHead!: (head: ResponseHead) => void;
  #rejectHead!: (error: unknown) => void;
  #controller: Controller | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = (): void => this.#controller?.abort(this.#signal!.reason as Error);
  #status = 0;
  #limit = Infinity;
  readonly #tooLarge: (status: number) => Error;
  #bytes = 0;
  #waiting: Buffer[] = [];
  #consumer: Consumer | undefined;
  #done = false;
  #error: unknown;
  #onDone: ((error?: unknown) => void) | undefined;

  constructor(signal: AbortSignal | undefined, limit: number, tooLarge: (status: number) => Error) {
    this.head = new Promise((resolve, reject) => {
      this.#resolveHead = resolve;
      this.#rejectHead = reject;
    });
    this.#signal = signal;
    this.#limit = limit;
    this.#tooLarge = tooLarge;
    signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  onRequestStart(controller: Controller): void {
    this.#controller = controller;
    if (this.#signal?.aborted) controller.abort(this.#signal.reason as Error);
  }

  onResponseStart(controller: Controller, status: number, headers: IncomingHttpHeaders): void {
    if (status < 200) return; // an informational response: the real one follows
    this.#controller = controller;
    this.#status = status;
    if (status >= 300) this.#limit = Infinity; // an error body is read only up to what `text(limit)` asks
    this.#resolveHead({ status, headers });
  }

  onResponseData(controller: Controller, piece: Buffer): void {
    if (this.#done) return;
    this.#bytes += piece.byteLength;
    if (this.#bytes > this.#limit) return this.#fail(this.#tooLarge(this.#status), controller);
    const consumer = this.#consumer;
    if (consumer === undefined) {
      this.#waiting.push(piece);
      return;
    }
    try {
      consumer(piece);
    } catch (error) {
      this.#fail(error, controller);
    }
  }

  onResponseEnd(): void {
    if (this.#done) return;
    this.#done = true;
    this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#onDone?.();
  }

  onResponseError(_controller: Controller | undefined, error: Error): void {
    if (this.#done) return;
    this.#done = true;
    this.#error = error;
    this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#rejectHead(error);
    this.#onDone?.(error);
  }

  // Our own failure (the cap, a reader that threw): reported as the body's error, then the request is aborted.
  #fail(error: unknown, controller: Controller | undefined): void {
    this.onResponseError(controller, error as Error);
    if (controller && !controller.aborted) controller.abort(error as Error);
  }

  /**
   * Hands the body to `onPiece` as it arrives: the pieces of one socket read (undici reports each
   * HTTP chunk apart) joined, once, in a microtask right after the read, so a reader pays its
   * per-piece work (decoding, framing, waking its consumer) per read, not per chunk. Resolves at
   * the body's end (after the last pieces), rejects with its failure or with what `onPiece` threw.
   * With `backlog`, the socket is paused while its reader is behind (backpressure.ts).
   */
  each(onPiece: Consumer, backlog?: StreamBacklog): Promise<void> {
    // This read's first piece, and any others (most reads bring one: no list for them). Bench
    // `stream` (replayed one piece per event, A/B in one run on the loaded machine): 6% of a reply's CPU.
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    const hold = backlog && new Backpressure(backlog);
    const reading = (): boolean => !this.#done;
    const flush = (): void => {
      if (first === undefined) return;
      const joined = more === undefined ? first : Buffer.concat([first, ...more]);
      first = more = undefined;
      if (hold === undefined) return onPiece(joined);
      hold.counting(joined.byteLength);
      onPiece(joined);
      if (!this.#done) hold.check(this.#controller!, reading);
    };
    const flushLater = (): void => {
      try {
        flush();
      } catch (error) {
        this.#fail(error, this.#controller);
      }
    };
    return new Promise((resolve, reject) => {
      this.#take(
        (piece) => {
          if (first !== undefined) {
            (more ??= []).push(piece);
            return;
          }
          first = piece;
          // A promise reaction, not `queueMicrotask` (Node makes an AsyncResource per call of that):
          // 11% of a reply's CPU in the same bench.
          void settled.then(flushLater);
        },
        (error) => {
          if (error !== undefined) return reject(error);
          try {
            flush();
            resolve();
          } catch (thrown) {
            reject(thrown);
          }
        },
      );
    });
  }

  /** The body as UTF-8 text, decoded once; with `limit`, stops (and aborts the request) once that many bytes arrived. */
  text(limit = Infinity): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const finish = (error?: unknown): void =>
        error === undefined ? resolve(decodeUTF8(chunks, bytes)) : reject(error);
      this.#take((piece) => {
        chunks.push(piece);
        bytes += piece.byteLength;
        if (bytes < limit) return;
        this.#onDone = undefined;
        this.release();
        finish();
      }, finish);
    });
  }

  #take(consumer: Consumer, onDone: (error?: unknown) => void): void {
    if (this.#consumer !== undefined) throw new Error("The response body was already taken.");
    this.#consumer = consumer;
    const waiting = this.#waiting;
    this.#waiting = [];
    try {
      for (const piece of waiting) consumer(piece);
    } catch (error) {
      // The body may have ended already: the reader's error is reported either way.
      if (!this.#done) this.#fail(error, this.#controller);
      return onDone(error);
    }
    if (this.#done) onDone(this.#error);
    else this.#onDone = onDone;
  }

  /** Stops the request if its body was not read to the end (an error, a reader that stopped early). */
  release(): void {
    if (this.#done) return;
    const error = prematureClose();
    this.#done = true;
    this.#error = error;
    this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#onDone?.(error);
    this.#onDone = undefined;
    if (this.#controller && !this.#controller.aborted) this.#controller.abort(error);
  }
}
