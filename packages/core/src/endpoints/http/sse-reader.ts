import { StringDecoder } from "node:string_decoder";
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
 * `\n`, inside a UTF-8 character): a StringDecoder reassembles characters (Node's streaming
 * TextDecoder costs several times more per byte) and eventsource-parser handles the framing
 * (`data:` with or without a space, comments, CRLF). A leading byte order mark is dropped, as
 * the event stream format says. A last event not followed by a blank line is still delivered
 * when the body ends.
 */
export class SSEReader {
  private readonly decoder = new StringDecoder("utf8");
  private readonly parser;
  private started = false;

  constructor(onMessage: (message: SSEMessage) => void) {
    // The parser's own event object is the message (no copy per event).
    this.parser = createParser({ onEvent: onMessage });
  }

  /** Feeds the next piece of the body. */
  push(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    this.feed(this.decoder.write(asBuffer(bytes)));
  }

  /** Ends the body: flushes a partial character and dispatches a last unterminated event. */
  end(): void {
    this.feed(`${this.decoder.end()}\n\n`);
  }

  private feed(text: string): void {
    if (text.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.parser.feed(text);
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * An event's data parsed as JSON (by `parse`, `JSON.parse` unless a stream reuses its previous
 * chunks' parses). Data that is not JSON is a `ProtocolError` quoting it, except in an `error`
 * event: that gives `undefined`, for the caller to report as the server's error.
 */
export function eventJSON(message: SSEMessage, parse: (text: string) => unknown = JSON.parse): unknown {
  try {
    return parse(message.data);
  } catch {
    if (message.event === "error") return undefined;
    throw new ProtocolError(`The stream sent an event that is not JSON: ${excerptOf(message.data, 120)}`);
  }
}
