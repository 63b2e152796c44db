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
 * (onConnect, onHeaders, onData returning false to pause, onComplete). Each piece is delivered in
 * a turn of its own (as separate socket reads are, and as a `ReadableStream` hands one piece per
 * read), waiting while the handler is paused.
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
    let resumed;
    const controller = {
      aborted: false,
      paused: false,
      reason: null,
      pause() {
        controller.paused = true;
      },
      resume() {
        controller.paused = false;
        resumed?.();
      },
      abort(reason) {
        if (controller.aborted) return;
        controller.aborted = true;
        controller.reason = reason;
        handler.onResponseError?.(controller, reason);
        resumed?.();
      },
    };
    const run = async () => {
      handler.onRequestStart(controller, {});
      if (controller.aborted) return;
      handler.onResponseStart?.(controller, 200, { ...sseHeaders }, "OK");
      for (let next = 0; next < pieces.length;) {
        if (controller.aborted) return;
        if (controller.paused) {
          await new Promise((resolve) => (resumed = resolve));
          continue;
        }
        handler.onResponseData?.(controller, pieces[next++]);
        await null; // each piece in a turn of its own, as separate socket reads are
      }
      if (!controller.aborted) handler.onResponseEnd?.(controller, {});
    };
    void run();
  }

  async #playLegacy(handler) {
    const pieces = this.#pieces;
    let aborted = false;
    let resumed;
    let paused = false;
    handler.onConnect((reason) => {
      if (aborted) return;
      aborted = true;
      handler.onError(reason);
      resumed?.();
    }, {});
    if (aborted) return;
    const resume = () => {
      paused = false;
      resumed?.();
    };
    const raw = [Buffer.from("content-type"), Buffer.from(sseHeaders["content-type"])];
    paused = handler.onHeaders(200, raw, resume, "OK") === false;
    for (let next = 0; next < pieces.length;) {
      if (aborted) return;
      if (paused) {
        await new Promise((resolve) => (resumed = resolve));
        continue;
      }
      paused = handler.onData(pieces[next++]) === false;
      await null;
    }
    if (!aborted) handler.onComplete([]);
  }

  async close() {}
  async destroy() {}
}
