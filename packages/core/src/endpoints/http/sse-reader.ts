import { createParser } from "eventsource-parser";
import { ProtocolError } from "../../errors/protocol-error.js";
import { excerptOf } from "./errors.js";

/** One server-sent event: its `data` (lines joined by `\n`) and its `event` name, when it had one. */
export interface SSEMessage {
  data: string;
  event?: string;
}

/**
 * Turns the bytes of a `text/event-stream` body into messages, calling `onMessage` for each
 * as soon as it is complete. Bytes may be split anywhere (inside a line, between `\r` and
 * `\n`, inside a UTF-8 character): a streaming TextDecoder reassembles characters and
 * eventsource-parser handles the framing (`data:` with or without a space, comments, CRLF).
 * A last event not followed by a blank line is still delivered when the body ends.
 */
export class SSEReader {
  private readonly decoder = new TextDecoder("utf-8");
  private readonly parser;

  constructor(onMessage: (message: SSEMessage) => void) {
    // The parser's own event object is the message (no copy per event).
    this.parser = createParser({ onEvent: onMessage });
  }

  /** Feeds the next piece of the body. */
  push(bytes: Uint8Array): void {
    const text = this.decoder.decode(bytes, { stream: true });
    if (text.length > 0) this.parser.feed(text);
  }

  /** Ends the body: flushes a partial character and dispatches a last unterminated event. */
  end(): void {
    const rest = this.decoder.decode();
    this.parser.feed(`${rest}\n\n`);
  }
}

/**
 * An event's data parsed as JSON. Data that is not JSON is a `ProtocolError` quoting it, except in
 * an `error` event: that gives `undefined`, for the caller to report as the server's error.
 */
export function eventJSON(message: SSEMessage): unknown {
  try {
    return JSON.parse(message.data) as unknown;
  } catch {
    if (message.event === "error") return undefined;
    throw new ProtocolError(`The stream sent an event that is not JSON: ${excerptOf(message.data, 120)}`);
  }
}
