import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Context, OpenAI } from "@tooltype/core";
import { Tickets, type RequestContext, type User } from "./tickets.js";

/** Where the service's model runs. */
export interface AskServiceOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token to the model; never printed. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Receives one line per request handled. */
  log?: (line: string) => void;
}

/** A running service. */
export interface AskService {
  readonly server: Server;
  /** The tools' state, shared by every request. */
  readonly tickets: Tickets;
  /** Starts listening; resolves with the base URL (port 0: a free port). */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening, closes idle connections and the model's connection pool. */
  close(): Promise<void>;
}

/** Stands for real authentication (a session, a verified token): bearer token → user. */
const users = new Map<string, User>([
  ["token-ada", { id: "ada", name: "Ada" }],
  ["token-bob", { id: "bob", name: "Bob" }],
]);

const maxBodyBytes = 16 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readQuestion(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { question?: unknown };
    return typeof body.question === "string" && body.question.trim() !== "" ? body.question : undefined;
  } catch {
    return undefined;
  }
}

/**
 * tooltype in a plain Node HTTP service: `POST /ask` with `{ "question": "…" }` and a bearer
 * token. One endpoint (one connection pool, one tool registry) serves every request; each request
 * gets its own Context, the signed-in user as `toolContext`, and a signal that fires when the
 * client goes away, which cancels the model request and any running tool.
 *
 * A NestJS app does the same: the endpoint is a provider created once, the controller builds the
 * Context per request and passes the request's user as `toolContext` (`@Description` works with
 * NestJS's experimentalDecorators, see docs/tools.md).
 */
export function createAskService(options: AskServiceOptions): AskService {
  const log = options.log ?? console.log;
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  const tickets = new Tickets();
  ep.tools.add(tickets);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST" || req.url !== "/ask")
      return send(res, 404, { error: 'Use POST /ask with {"question": "…"}.' });
    const user = users.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
    if (user === undefined) return send(res, 401, { error: "Sign in: send Authorization: Bearer <token>." });
    const question = await readQuestion(req);
    if (question === undefined)
      return send(res, 400, { error: `Send {"question": "…"} as JSON, at most ${maxBodyBytes} bytes.` });

    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) gone.abort(new Error("The client closed the connection."));
    });
    const ctx = new Context(); // one conversation per request, with its own policy
    ctx.system("You are a support assistant. Use the tools to look at the user's tickets.");
    ctx.user(question);
    ctx.toolPolicy.allow("listMyTickets");
    try {
      const toolContext: RequestContext = { user };
      const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(120_000)]);
      const completion = await ep.completions(options.model, ctx, { maxToolRounds: 4, signal, toolContext });
      log(
        `POST /ask by ${user.id}: ${completion.stopped}, tools ${completion.calls.map((call) => call.name).join(", ") || "none"}`,
      );
      send(res, 200, { answer: completion.text, stopped: completion.stopped });
    } catch (error) {
      if (gone.signal.aborted) return log(`POST /ask by ${user.id}: cancelled (the client went away)`);
      log(`POST /ask by ${user.id}: failed: ${error instanceof Error ? error.message : String(error)}`);
      send(res, 502, { error: "The model did not answer. Try again." }); // details stay in the log
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`unexpected: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, { error: "Internal error." });
    });
  });

  return {
    server,
    tickets,
    listen: (port = 0, host = "127.0.0.1") =>
      new Promise((resolve, reject) => {
        server
          .once("error", reject)
          .listen(port, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
      }),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await ep.close();
    },
  };
}
