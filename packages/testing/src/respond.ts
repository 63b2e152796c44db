// Puts one scripted turn on the socket: the normal reply (JSON or SSE) or a fault (delay,
// reset, stall, error status, raw body, cut stream). Every wait ends when the client goes
// away or the server closes, so nothing here can keep close() waiting.
import type { ServerResponse } from "node:http";
import { frameEvent, splitBytes } from "./sse-framing.js";
import type { ScriptedChunk, ScriptedTurn } from "./turn.js";
import type { RenderContext, SseEvent, WireFormat } from "./wire-format.js";

/** The error `type` usual for a status, for default error bodies. */
export function errorTypeFor(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 413) return "request_too_large";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return status === 529 ? "overloaded_error" : "server_error";
  return "invalid_request_error";
}

/** Resolves after `ms`, or as soon as the response closes or the server shuts down. */
function wait(ms: number, res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once("close", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** True once writing more is pointless: the client left or the server is closing. */
function gone(res: ServerResponse, signal: AbortSignal): boolean {
  return signal.aborted || res.destroyed || res.socket === null || res.socket.destroyed;
}

/** Writes one piece and waits until the socket took it (or closed). */
function write(res: ServerResponse, piece: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("close", done);
      resolve();
    };
    res.once("close", done);
    res.write(piece, done);
  });
}

/** Writes pieces one by one, pausing `delayMs` between them (or yielding to the event loop). */
async function writePieces(
  res: ServerResponse,
  pieces: Buffer[],
  delayMs: number | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  for (let i = 0; i < pieces.length; i++) {
    if (gone(res, signal)) return false;
    if (i > 0) {
      if (delayMs) await wait(delayMs, res, signal);
      else await new Promise((resolve) => setImmediate(resolve));
      if (gone(res, signal)) return false;
    }
    await write(res, pieces[i]!);
  }
  return !gone(res, signal);
}

/** Keeps the response open, sending nothing, until the client or the server closes it. */
function hang(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return wait(2 ** 31 - 1, res, signal);
}

/** Sends a whole body with the turn's faults applied (stall, mid-body reset, split writes). */
export async function sendBody(
  res: ServerResponse,
  turn: ScriptedTurn,
  status: number,
  contentType: string,
  text: string,
  signal: AbortSignal,
): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  res.writeHead(status, { ...turn.headers, "content-type": contentType, "content-length": String(bytes.length) });
  if (turn.stall) {
    res.flushHeaders();
    return hang(res, signal);
  }
  if (turn.reset === "mid-body") {
    res.flushHeaders();
    await writePieces(res, [bytes.subarray(0, Math.floor(bytes.length / 2))], undefined, signal);
    res.socket?.destroy();
    return;
  }
  if (await writePieces(res, splitBytes(bytes, turn.splitBytes), turn.chunkDelayMs, signal)) res.end();
}

function eventsOf(turn: ScriptedTurn, format: WireFormat, context: RenderContext): SseEvent[] {
  const toEvent = (chunk: ScriptedChunk): SseEvent =>
    typeof chunk === "string" ? chunk : format.chunkEvent ? format.chunkEvent(chunk) : { data: chunk };
  const events = turn.chunks ? turn.chunks.map(toEvent) : format.renderEvents(turn, context);
  if (turn.stall) return events.slice(0, turn.cutAfter ?? 0);
  if (turn.reset === "mid-body") return events.slice(0, turn.cutAfter ?? Math.ceil(events.length / 2));
  if (turn.cutAfter !== undefined) return events.slice(0, turn.cutAfter);
  return turn.omitDone || !format.doneEvent ? events : [...events, format.doneEvent];
}

/** Sends the turn as a text/event-stream. */
export async function sendStream(
  res: ServerResponse,
  turn: ScriptedTurn,
  format: WireFormat,
  context: RenderContext,
  signal: AbortSignal,
): Promise<void> {
  const eol = turn.crlf ? "\r\n" : "\n";
  const frames = eventsOf(turn, format, context).map((event) => Buffer.from(frameEvent(event, eol), "utf8"));
  res.writeHead(turn.status ?? 200, {
    "cache-control": "no-cache",
    ...turn.headers,
    "content-type": turn.contentType ?? "text/event-stream; charset=utf-8",
  });
  res.flushHeaders();
  const pieces = turn.splitBytes !== undefined ? splitBytes(Buffer.concat(frames), turn.splitBytes) : frames;
  const complete = await writePieces(res, pieces, turn.chunkDelayMs, signal);
  if (!complete) return;
  if (turn.stall) return hang(res, signal);
  if (turn.reset === "mid-body") res.socket?.destroy();
  else res.end();
}

/** Answers a request with a scripted turn, faults included. */
export async function respond(
  res: ServerResponse,
  turn: ScriptedTurn,
  format: WireFormat,
  context: RenderContext,
  signal: AbortSignal,
): Promise<void> {
  if (turn.delayMs) {
    await wait(turn.delayMs, res, signal);
    if (gone(res, signal)) return;
  }
  if (turn.reset === "before-response") {
    res.socket?.destroy();
    return;
  }
  const status = turn.status ?? 200;
  if (turn.rawBody !== undefined)
    return sendBody(res, turn, status, turn.contentType ?? "application/json", turn.rawBody, signal);
  if (status >= 400) {
    const body =
      turn.errorBody ??
      format.errorBody(
        status,
        turn.errorMessage ?? `Scripted error: HTTP ${status}`,
        turn.errorType ?? errorTypeFor(status),
      );
    return sendBody(
      res,
      turn,
      status,
      turn.contentType ?? "application/json",
      typeof body === "string" ? body : JSON.stringify(body),
      signal,
    );
  }
  if (context.request.stream) return sendStream(res, turn, format, context, signal);
  return sendBody(
    res,
    turn,
    status,
    turn.contentType ?? "application/json",
    JSON.stringify(format.renderJson(turn, context)),
    signal,
  );
}
