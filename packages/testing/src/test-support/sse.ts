// Test helper: reads an SSE reply through a real socket and parses it with eventsource-parser,
// keeping the raw bytes too, so tests can check both the framing and the events.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { request } from "undici";

/** A streamed reply: status, headers, raw bytes, the parsed events and comments. */
export interface StreamReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  events: EventSourceMessage[];
  comments: string[];
  /** `data` of every event, parsed as JSON except `[DONE]`. */
  data: unknown[];
}

/** POSTs `body` with `stream: true` and reads the whole event stream. */
export async function postStream(url: string, body: Record<string, unknown>): Promise<StreamReply> {
  const res = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, stream: true }),
  });
  const parts: Buffer[] = [];
  for await (const part of res.body) parts.push(part as Buffer);
  const bytes = Buffer.concat(parts);
  return { status: res.statusCode, headers: res.headers, bytes, ...parseSse(parts) };
}

/** Parses SSE from byte pieces into events and comments, decoding UTF-8 across piece boundaries. */
export function readEvents(pieces: readonly Uint8Array[]): Pick<StreamReply, "events" | "comments"> {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onComment: (comment) => comments.push(comment),
  });
  const decoder = new TextDecoder();
  for (const piece of pieces) parser.feed(decoder.decode(piece, { stream: true }));
  parser.feed(decoder.decode());
  return { events, comments };
}

/** Like `readEvents`, plus every event's data parsed as JSON (`[DONE]` kept as the string). */
export function parseSse(pieces: readonly Uint8Array[]): Pick<StreamReply, "events" | "comments" | "data"> {
  const { events, comments } = readEvents(pieces);
  const data = events.map((event) => (event.data === "[DONE]" ? "[DONE]" : (JSON.parse(event.data) as unknown)));
  return { events, comments, data };
}
