import type { Readable } from "node:stream";
import { EndpointError } from "../../errors/endpoint-error.js";

/** Decodes a body as UTF-8, stopping once `limit` bytes were read. */
export async function readText(body: AsyncIterable<Uint8Array>, limit = Infinity): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    bytes += chunk.byteLength;
    if (bytes >= limit) break;
  }
  return text + decoder.decode();
}

/** Decodes UTF-8 in one piece; a leading byte order mark is dropped, as `TextDecoder` does. */
function decodeUTF8(chunks: readonly Buffer[], bytes: number): string {
  const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
  const start = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString("utf8", start);
}

function prematureClose(): Error {
  return Object.assign(new Error("The response body was closed before its end."), {
    code: "ERR_STREAM_PREMATURE_CLOSE",
  });
}

/**
 * A success response's body, each piece counted against `maxResponseBytes` (and marking the
 * request as delivered): read whole as text (collected, decoded once) or iterated piece by piece.
 */
export class CountedBody implements AsyncIterable<Uint8Array> {
  readonly #source: Readable;
  readonly #limit: number;
  readonly #tooLarge: () => EndpointError;
  readonly #progress: { delivered: boolean };
  #bytes = 0;

  constructor(source: Readable, limit: number, tooLarge: () => EndpointError, progress: { delivered: boolean }) {
    this.#source = source;
    this.#limit = limit;
    this.#tooLarge = tooLarge;
    this.#progress = progress;
  }

  #count(chunk: Uint8Array): void {
    this.#bytes += chunk.byteLength;
    if (this.#bytes > this.#limit) throw this.#tooLarge();
    this.#progress.delivered = true;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for await (const chunk of this.#source as AsyncIterable<Uint8Array>) {
      this.#count(chunk);
      yield chunk;
    }
  }

  /** The whole body as UTF-8 text; rejects past the size cap, or with the stream's error (timeouts included). */
  text(): Promise<string> {
    const source = this.#source;
    if (source.readableEnded) return Promise.resolve("");
    if (source.destroyed) return Promise.reject(source.errored ?? prematureClose());
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let ended = false;
      const onData = (chunk: Buffer): void => {
        try {
          this.#count(chunk);
          chunks.push(chunk);
        } catch (error) {
          source.off("data", onData).pause(); // the caller destroys it
          reject(error);
        }
      };
      source.on("data", onData);
      // Plain listeners, not once(): the body is dropped after this read, and settling twice is a no-op.
      source.on("end", () => {
        ended = true;
        resolve(decodeUTF8(chunks, this.#bytes));
      });
      source.on("error", reject);
      source.on("close", () => {
        if (!ended) reject(prematureClose());
      });
    });
  }
}

export function tooLarge(target: string, limit: number, status: number): EndpointError {
  return new EndpointError(
    `The response from ${target} is larger than maxResponseBytes (${limit} bytes) and was not read. Raise maxResponseBytes if such replies are expected.`,
    { status, retryable: false },
  );
}
