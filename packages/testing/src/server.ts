// The scripted model server: a node:http server on loopback that records every request and
// answers each model request with the next scripted turn, in the wire format of its path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { anthropicFormat } from "./anthropic-format.js";
import { openAIFormat } from "./openai-format.js";
import { responsesFormat } from "./responses-format.js";
import { geminiFormat } from "./gemini-format.js";
import { readBody, recordRequest, type RecordedRequest } from "./recorder.js";
import { errorTypeFor, respond, sendBody } from "./respond.js";
import { validateTurn, type ScriptedTurn, type ScriptedTurnSource } from "./turn.js";
import type { WireFormat } from "./wire-format.js";

/** Where the server listens and what it accepts. */
export interface ScriptedModelServerOptions {
  /** Interface to listen on. Default `"127.0.0.1"`. */
  host?: string;
  /** Port; default 0 (a free one, chosen by the system). */
  port?: number;
  /** Larger request bodies are answered 413 (and recorded with `tooLarge`). Default 64 MiB. */
  maxBodyBytes?: number;
}

/**
 * Looks at a request before the script does. Return a turn to answer with it, or `undefined`
 * to let the next scripted turn answer.
 */
export type ScriptedRequestHandler = (
  request: RecordedRequest,
) => ScriptedTurn | undefined | Promise<ScriptedTurn | undefined>;

const formats: readonly WireFormat[] = [openAIFormat, anthropicFormat, responsesFormat, geminiFormat];
const formatOf = (path: string) => formats.find((f) => (f.matches ? f.matches(path) : f.path === path));
const routes = formats.map((format) => `POST ${format.path} (${format.name})`).join(", ");

/**
 * A real HTTP server on loopback that replays scripted model turns (text, tool calls, errors,
 * delays, broken streams) and records every request. Start one per test file:
 * `const server = await ScriptedModelServer.start()`, point a client at `server.url`, and
 * `await server.close()` afterwards.
 */
export class ScriptedModelServer {
  /** Base URL for an OpenAI-compatible client, e.g. `http://127.0.0.1:41234/v1`. */
  readonly url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** The port the server listens on. */
  readonly port: number;

  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #connectionNumbers = new WeakMap<Socket, number>();
  #connectionCount = 0;
  readonly #shutdown = new AbortController();
  readonly #maxBodyBytes: number;
  #script: ScriptedTurnSource[] = [];
  #records: RecordedRequest[] = [];
  #problems: string[] = [];
  #handlers: ScriptedRequestHandler[] = [];
  #replies = 0;
  #closing: Promise<void> | undefined;

  private constructor(server: Server, maxBodyBytes: number) {
    this.#server = server;
    this.#maxBodyBytes = maxBodyBytes;
    const address = server.address() as AddressInfo;
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    this.port = address.port;
    this.origin = `http://${host}:${address.port}`;
    this.url = `${this.origin}/v1`;
    server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      this.#connectionNumbers.set(socket, ++this.#connectionCount);
      socket.once("close", () => this.#sockets.delete(socket));
    });
    server.on("request", (req: IncomingMessage, res: ServerResponse) => void this.#handle(req, res));
  }

  /** Starts a server on `host`:`port` (default 127.0.0.1 and a random free port). */
  static start(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
    const server = createServer({ noDelay: true });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
        server.off("error", reject);
        resolve(new ScriptedModelServer(server, options.maxBodyBytes ?? 64 * 1024 * 1024));
      });
    });
  }

  /** Every request received since start (or the last `reset()`), in arrival order, faults included. */
  get requests(): readonly RecordedRequest[] {
    return this.#records;
  }

  /** The most recent request, if any. */
  get lastRequest(): RecordedRequest | undefined {
    return this.#records[this.#records.length - 1];
  }

  /** Turns not yet replayed, in order. */
  get pending(): readonly ScriptedTurnSource[] {
    return [...this.#script];
  }

  /**
   * Requests the server could not answer from the script (it ran out, an unknown path, a body
   * that is not JSON, a function turn that threw), one message each: expect it to be empty.
   */
  get problems(): readonly string[] {
    return this.#problems;
  }

  /** Appends turns to the script; each model request takes the next one. A function turn is called with the request. */
  enqueue(...turns: ScriptedTurnSource[]): this {
    turns.forEach((turn, i) => {
      if (typeof turn !== "function") validateTurn(turn, `enqueue(): turn ${i + 1}`);
    });
    this.#script.push(...turns);
    return this;
  }

  /** Adds a handler consulted before the script for every model request; returns a function that removes it. */
  onRequest(handler: ScriptedRequestHandler): () => void {
    this.#handlers.push(handler);
    return () => {
      this.#handlers = this.#handlers.filter((h) => h !== handler);
    };
  }

  /** Forgets the script, the records, the problems and the `onRequest` handlers. */
  reset(): void {
    this.#script = [];
    this.#records = [];
    this.#problems = [];
    this.#handlers = [];
  }

  /** Stops the server: open, streaming and stalled connections are destroyed, so this never hangs. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= new Promise((resolve) => {
      this.#shutdown.abort();
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
      for (const socket of this.#sockets) socket.destroy();
    });
    return this.#closing;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Awaited<ReturnType<typeof readBody>>;
    try {
      body = await readBody(req, this.#maxBodyBytes);
    } catch {
      return; // The client went away mid-request, or the server is closing: nothing to answer.
    }
    const format = formatOf((req.url ?? "/").split("?", 1)[0]!);
    const record = recordRequest(
      this.#records.length,
      req,
      body.bytes,
      body.data,
      this.#connectionNumbers.get(req.socket) ?? 0,
      format?.streams,
    );
    this.#records.push(record);
    try {
      if (record.tooLarge) {
        return await this.#fail(
          res,
          413,
          `the request body has ${record.bodyBytes} bytes, more than maxBodyBytes (${this.#maxBodyBytes})`,
          format,
        );
      }
      if (!format || record.method !== "POST") {
        return await this.#fail(
          res,
          404,
          `no route for ${record.method} ${record.path}; this server answers ${routes}`,
          format,
        );
      }
      if (typeof record.body !== "object" || record.body === null || Array.isArray(record.body)) {
        return await this.#fail(res, 400, `the body of request #${record.seq} is not a JSON object`, format);
      }
      let turn: ScriptedTurn | undefined;
      try {
        turn = await this.#nextTurn(record);
      } catch (error) {
        return await this.#fail(
          res,
          500,
          `the turn for request #${record.seq} failed: ${error instanceof Error ? error.message : String(error)}`,
          format,
        );
      }
      if (!turn) {
        const message = `the script ran out: request #${record.seq} (${record.method} ${record.path}) arrived with no scripted turn left; enqueue one more turn`;
        return await this.#fail(res, 500, message, format, "script_exhausted");
      }
      const model = turn.model ?? format.modelOf?.(record.path) ?? (record.body as { model?: unknown }).model;
      const context = {
        request: record,
        replyNumber: ++this.#replies,
        model: typeof model === "string" ? model : "scripted-model",
        created: Math.floor(Date.now() / 1000),
      };
      await respond(res, turn, format, context, this.#shutdown.signal);
    } catch (error) {
      // A turn the response could not carry (e.g. an invalid header value): say so, and
      // answer 500 if nothing was sent yet.
      const message = `answering request #${record.seq} failed: ${error instanceof Error ? error.message : String(error)}`;
      if (res.headersSent || res.destroyed) {
        this.#problems.push(message);
        res.socket?.destroy();
      } else await this.#fail(res, 500, message, undefined).catch(() => res.socket?.destroy());
    }
  }

  async #nextTurn(record: RecordedRequest): Promise<ScriptedTurn | undefined> {
    for (const handler of this.#handlers) {
      const turn = await handler(record);
      if (turn !== undefined) {
        validateTurn(turn, `onRequest handler for request #${record.seq}`);
        return turn;
      }
    }
    const next = this.#script.shift();
    if (next === undefined) return undefined;
    if (typeof next !== "function") return next;
    const turn = await next(record);
    validateTurn(turn, `function turn for request #${record.seq}`);
    return turn;
  }

  async #fail(
    res: ServerResponse,
    status: number,
    message: string,
    format: WireFormat | undefined,
    type = errorTypeFor(status),
  ): Promise<void> {
    this.#problems.push(message);
    const body = (format ?? openAIFormat).errorBody(status, `ScriptedModelServer: ${message}`, type);
    await sendBody(res, {}, status, "application/json", JSON.stringify(body), this.#shutdown.signal);
  }
}
