import { Readable } from "node:stream";

/** A request body already encoded as UTF-8, in pieces (e.g. a conversation's stored messages and the new parts). */
export interface RequestBody {
  readonly pieces: readonly Uint8Array[];
  /** The sum of the pieces' lengths. */
  readonly byteLength: number;
}

// Up to this size a body is joined into one buffer (written in one go); a larger one is streamed
// piece by piece (a new stream per try) with its length declared, so a long history is not copied again.
const joinedBodyBytes = 256 * 1024;

/** What undici is given for one try of `body`, and the `content-length` to declare when it is streamed. */
export function dispatchedBody(body: string | RequestBody): {
  body: string | Buffer | Readable;
  contentLength?: number;
} {
  if (typeof body === "string") return { body };
  if (body.byteLength <= joinedBodyBytes) return { body: Buffer.concat(body.pieces, body.byteLength) };
  return { body: Readable.from(body.pieces, { objectMode: false }), contentLength: body.byteLength };
}
