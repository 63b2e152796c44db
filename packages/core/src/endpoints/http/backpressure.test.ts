// Backpressure through a real socket: a plain HTTP server on loopback writes a long chunked body
// as fast as its socket takes it (awaiting `drain` whenever `write` returns false), and a reader
// takes the pieces only when the test says so. What is observable: the server's writes stall,
// what waits for the reader stays near STREAM_BACKLOG_BYTES, and the body still arrives whole.
import type { ServerResponse } from "node:http";
import type { StreamBacklog } from "../stream-backlog.js";
import { STREAM_BACKLOG_BYTES } from "./backpressure.js";
import { loopbackServer } from "../fixtures/loopback-server.js";
import type { HttpTransport } from "./transport.js";
import { abortedFailure, endpointFailure } from "../fixtures/endpoint-setup.js";

const PIECE = 16 * 1024;
// The bound, what the socket buffered when reading resumes (~128 KiB on Linux) and the HTTP chunk
// that hears the pause.
const MOST_WAITING = STREAM_BACKLOG_BYTES + 128 * 1024 + PIECE;

/** What the server did with one response: bytes handed to `write`, and whether it waits for `drain` now. */
interface Writer {
  written: number;
  blocked: boolean;
  closed: Promise<void>;
}

let respond: (res: ServerResponse, writer: Writer) => void;
let writers: Writer[] = [];
afterEach(() => {
  writers = [];
});
const { transport } = loopbackServer(
  (_req, res) => {
    let closed!: () => void;
    const writer: Writer = { written: 0, blocked: false, closed: new Promise<void>((resolve) => (closed = resolve)) };
    res.on("close", closed);
    writers.push(writer);
    respond(res, writer);
  },
  {
    timeoutMs: 10_000, // only a stalled test ends on it: room for a busy machine
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    maxResponseBytes: 64 << 20,
  },
);

/** Piece `i` of a body: PIECE bytes of one value, so that order and loss both show. */
const piece = (i: number) => Buffer.alloc(PIECE, i % 251);
const bodyOf = (pieces: number) => Buffer.concat(Array.from({ length: pieces }, (_, i) => piece(i)));

/** Writes `pieces` pieces as fast as the socket takes them, then ends (or `cut`s: the socket closes without the last chunk). */
function longBody(pieces: number, cut = false): (res: ServerResponse, writer: Writer) => void {
  return (res, writer) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    let i = 0;
    const more = (): void => {
      writer.blocked = false;
      while (i < pieces && !res.destroyed) {
        const next = piece(i++);
        writer.written += next.byteLength;
        if (!res.write(next)) {
          writer.blocked = true;
          res.once("drain", more);
          return;
        }
      }
      if (cut) res.socket?.end();
      else res.end();
    };
    more();
  };
}

/** A reader that takes what it was handed only when told to: behind while anything waits. */
class HeldReader implements StreamBacklog {
  readonly waiting: Buffer[] = [];
  readonly taken: Buffer[] = [];
  pauses = 0;
  mostWaiting = 0;
  #caughtUp: (() => void) | undefined;
  #paused: (() => void) | undefined;

  get behind(): boolean {
    return this.waiting.length > 0;
  }
  whenDrained(resume: () => void): void {
    this.pauses++;
    this.#caughtUp = resume;
    this.#paused?.();
  }
  hand(bytes: Uint8Array): void {
    this.waiting.push(Buffer.from(bytes));
    this.mostWaiting = Math.max(this.mostWaiting, this.waitingBytes);
  }
  get waitingBytes(): number {
    return this.waiting.reduce((sum, piece) => sum + piece.byteLength, 0);
  }
  /** Resolves when the transport paused for this reader (it asked to hear when the reader drained). */
  paused(): Promise<void> {
    return new Promise((resolve) => (this.#paused = resolve));
  }
  takeAll(): void {
    this.taken.push(...this.waiting.splice(0));
    const caughtUp = this.#caughtUp;
    this.#caughtUp = undefined;
    caughtUp?.();
  }
}

const stream = { accept: "text/event-stream", retryDuringBody: false } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `value()` stays the same for a tenth of a second (at most ten seconds). */
async function untilStill(value: () => number): Promise<void> {
  for (let i = 0, last = value(); i < 100; i++) {
    await sleep(100);
    if (value() === last) return;
    last = value();
  }
}

/** Posts and hands every piece to `reader`. */
function readHeld(t: HttpTransport, reader: HeldReader, signal?: AbortSignal): Promise<void> {
  return t.post("/chat/completions", "{}", { ...stream, backlog: reader, ...(signal ? { signal } : {}) }, (response) =>
    response.each((bytes) => {
      response.delivered(); // each piece reaches the reader as it arrives: a failure after one is final
      reader.hand(bytes);
    }),
  );
}

/** Takes everything whenever the transport pauses for `reader`, until `done` settles (and once more then). */
async function catchUpUntil(reader: HeldReader, done: Promise<void>): Promise<void> {
  let settled = false;
  const watched = done.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  while (!settled) {
    reader.takeAll();
    await Promise.race([reader.paused(), watched]);
  }
  reader.takeAll();
  return done;
}

describe("backpressure: a stream whose reader is behind", () => {
  it("pauses the socket: the server's writes stall, what waits stays bounded, then the body arrives whole and in order", async () => {
    const pieces = 1536; // 24 MiB: more than the kernel's socket buffers hold (~4 MiB here)
    respond = longBody(pieces);
    const reader = new HeldReader();
    const paused = reader.paused();
    const done = readHeld(transport(), reader);
    await Promise.race([paused, done]);
    const writer = writers[0]!;
    await untilStill(() => writer.written); // the socket moves bytes until its buffers are full, however long that takes
    expect(writer.blocked).toBe(true);
    expect(reader.waitingBytes).toBeLessThanOrEqual(MOST_WAITING);
    expect(writer.written).toBeGreaterThan(reader.waitingBytes + 4 * STREAM_BACKLOG_BYTES);
    expect(writer.written).toBeLessThan(pieces * PIECE);
    await catchUpUntil(reader, done);
    expect(reader.pauses).toBeGreaterThan(10);
    expect(reader.mostWaiting).toBeLessThanOrEqual(MOST_WAITING);
    expect(Buffer.concat(reader.taken).equals(bodyOf(pieces))).toBe(true);
  });

  it("never pauses for a reader that keeps up", async () => {
    respond = longBody(256);
    const reader = new HeldReader();
    await transport().post("/chat/completions", "{}", { ...stream, backlog: reader }, (response) =>
      response.each((bytes) => {
        reader.hand(bytes);
        queueMicrotask(() => reader.takeAll()); // taken before the next socket read
      }),
    );
    expect(reader.pauses).toBe(0);
    expect(Buffer.concat(reader.taken).equals(bodyOf(256))).toBe(true);
  });

  it("does not time out while paused for longer than timeoutMs: the timeout counts the server's silences only", async () => {
    respond = longBody(512);
    const reader = new HeldReader();
    const paused = reader.paused();
    // The timeout leaves room for a busy machine's stalls between the server's writes once reading resumes.
    const done = readHeld(transport({ timeoutMs: 500 }), reader);
    await Promise.race([paused, done]);
    await sleep(2_000); // four timeouts' worth, held by us
    await catchUpUntil(reader, done);
    expect(reader.pauses).toBeGreaterThan(0);
    expect(Buffer.concat(reader.taken).equals(bodyOf(512))).toBe(true);
  });

  it("cancels while paused: rejects at once, not retried, and the socket is given up", async () => {
    respond = longBody(1536);
    const reader = new HeldReader();
    const controller = new AbortController();
    const paused = reader.paused();
    const used = transport();
    const done = readHeld(used, reader, controller.signal);
    await Promise.race([paused, done]);
    controller.abort();
    expect((await abortedFailure(done)).message).toMatch(/was cancelled/);
    await writers[0]!.closed; // the server sees its response closed
    expect(writers).toHaveLength(1);
    respond = longBody(4);
    const next = new HeldReader();
    await catchUpUntil(next, readHeld(used, next)); // the pool serves the next request
    expect(Buffer.concat(next.taken).equals(bodyOf(4))).toBe(true);
  });

  it("reports a body cut while paused after handing over every byte before the cut, without retrying", async () => {
    respond = longBody(512, true);
    const reader = new HeldReader();
    const paused = reader.paused();
    const done = readHeld(transport(), reader);
    await Promise.race([paused, done]);
    const error = await endpointFailure(catchUpUntil(reader, done));
    expect(error.retryable).toBe(false);
    expect(writers).toHaveLength(1);
    expect(Buffer.concat(reader.taken).equals(bodyOf(512))).toBe(true);
  });

  it("still refuses a body past maxResponseBytes, counting what arrived, whether taken or waiting", async () => {
    respond = longBody(512);
    const reader = new HeldReader();
    const done = readHeld(transport({ maxResponseBytes: 1 << 20 }), reader);
    const error = await endpointFailure(catchUpUntil(reader, done));
    expect(error.message).toMatch(/larger than maxResponseBytes \(1048576 bytes\)/);
    expect([reader.pauses > 0, writers.length]).toEqual([true, 1]);
    const taken = Buffer.concat(reader.taken);
    expect(taken.byteLength).toBeLessThanOrEqual(1 << 20);
    expect(taken.equals(bodyOf(64).subarray(0, taken.byteLength))).toBe(true);
  });
});
