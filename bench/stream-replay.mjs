// The stream scenario's "recorded bytes, no socket" source: the scripted server's reply is
// recorded once, cut into pieces, and handed to each contender through its documented hook: a
// `fetch` returning a `Response` whose body streams the pieces (OpenAI SDK, AI SDK), or an undici
// `Dispatcher` whose `dispatch(options, handler)` plays them through the handler's callbacks
// (tooltype's `dispatcher` option). A bench device only: the tests never replay bytes.
import { Dispatcher, request } from "undici";

/** The whole body of one streamed reply from `url`'s chat completions, as the server sent it. */
export async function recordReply(url, body) {
  const res = await request(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`recording: HTTP ${res.statusCode}`);
  const parts = [];
  for await (const part of res.body) parts.push(part);
  return Buffer.concat(parts);
}

/** `bytes` (Buffers, copied) cut after each SSE event's blank line: one piece per event, as a quiet socket reads them. */
export function piecesPerEvent(bytes) {
  const pieces = [];
  let start = 0;
  for (let at = bytes.indexOf("\n\n", 0); at >= 0; at = bytes.indexOf("\n\n", start)) {
    pieces.push(Buffer.from(bytes.subarray(start, at + 2)));
    start = at + 2;
  }
  if (start < bytes.length) pieces.push(Buffer.from(bytes.subarray(start)));
  return pieces;
}

/** `bytes` cut every `size` bytes, wherever that falls (inside an event, a line, a character), as a loaded machine reads them. */
export function batchedPieces(bytes, size) {
  const pieces = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(Buffer.from(bytes.subarray(at, at + size)));
  return pieces;
}

const sseHeaders = { "content-type": "text/event-stream" };

/** A `fetch` answering every request with a 200 event stream whose body enqueues `pieces` (all there at once). */
export function replayFetch(pieces) {
  const views = pieces.map((piece) => new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength)); // what fetch yields
  return async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const view of views) controller.enqueue(view);
          controller.close();
        },
      }),
      { status: 200, headers: sseHeaders },
    );
}

/**
 * An undici `Dispatcher` answering every request with a 200 event stream made of `pieces`, through
 * the handler's callbacks: undici 7's (onRequestStart, onResponseStart, onResponseData,
 * onResponseEnd; pause/resume/abort on the controller) or the older ones `request()` still passes
 * (onConnect, onHeaders, onData returning false to pause, onComplete). Every piece is there at
 * once: they are delivered in one go, stopping while the handler is paused.
 */
export class ReplayDispatcher extends Dispatcher {
  #pieces;

  constructor(pieces) {
    super();
    this.#pieces = pieces;
  }

  dispatch(options, handler) {
    if (typeof options.body?.resume === "function") options.body.resume(); // drain a streamed request body
    queueMicrotask(() => (handler.onRequestStart ? this.#play(handler) : this.#playLegacy(handler)));
    return true;
  }

  #play(handler) {
    const pieces = this.#pieces;
    let next = 0;
    let running = false;
    let ended = false;
    const controller = {
      aborted: false,
      paused: false,
      reason: null,
      pause() {
        controller.paused = true;
      },
      resume() {
        controller.paused = false;
        run();
      },
      abort(reason) {
        if (controller.aborted || ended) return;
        controller.aborted = true;
        controller.reason = reason;
        ended = true;
        handler.onResponseError?.(controller, reason);
      },
    };
    const run = () => {
      if (running) return;
      running = true;
      while (!controller.paused && !controller.aborted && next < pieces.length)
        handler.onResponseData?.(controller, pieces[next++]);
      running = false;
      if (!controller.paused && !ended && next === pieces.length) {
        ended = true;
        handler.onResponseEnd?.(controller, {});
      }
    };
    handler.onRequestStart(controller, {});
    if (controller.aborted) return;
    handler.onResponseStart?.(controller, 200, { ...sseHeaders }, "OK");
    if (!controller.aborted) run();
  }

  #playLegacy(handler) {
    const pieces = this.#pieces;
    let next = 0;
    let aborted = false;
    let running = false;
    const run = () => {
      if (running || aborted) return;
      running = true;
      while (next < pieces.length) if (handler.onData(pieces[next++]) === false) break;
      running = false;
      if (next === pieces.length && !aborted) {
        next++;
        handler.onComplete([]);
      }
    };
    handler.onConnect((reason) => {
      if (aborted) return;
      aborted = true;
      handler.onError(reason);
    }, {});
    if (aborted) return;
    const raw = [Buffer.from("content-type"), Buffer.from(sseHeaders["content-type"])];
    if (handler.onHeaders(200, raw, run, "OK") !== false) run();
  }

  async close() {}
  async destroy() {}
}
