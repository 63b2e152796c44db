import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApprovalError } from "@tooltype/core";
import {
  ConflictError,
  ConversationBusyError,
  ConversationNotFoundError,
  StoredConversationError,
  type ConversationStore,
} from "@tooltype/stores";

/** The approval inbox over HTTP; `listen` resolves with its base URL. */
export interface InboxServer {
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const decision = /^\/conversations\/([^/]+)\/calls\/([^/]+)\/(approve|reject)$/;

/**
 * `GET /pending`: the conversations with calls waiting for a decision. `POST
 * /conversations/:id/calls/:callId/approve` (or `/reject`, body `{"reason": "…"}`): a decision,
 * written to the store without calling the model; a worker resumes the conversation later.
 */
export function createInboxServer(store: ConversationStore): InboxServer {
  const server = createServer((request, response) => {
    handle(store, request, response).catch((error: unknown) => send(response, ...statusOf(error)));
  });
  return {
    listen: (port = 0, host = "127.0.0.1") =>
      new Promise((resolve) => {
        server.listen(port, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function handle(store: ConversationStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://inbox");
  if (request.method === "GET" && url.pathname === "/pending") {
    const pending = await store.listPending();
    return send(response, 200, {
      conversations: pending.map((entry) =>
        entry.error ? { id: entry.id, error: entry.error.message } : { id: entry.id, calls: entry.calls },
      ),
    });
  }
  const match = request.method === "POST" ? decision.exec(url.pathname) : null;
  if (match === null)
    return send(response, 404, { error: "Try GET /pending or POST /conversations/:id/calls/:callId/approve." });
  const [, id, callId, verb] = match.map((part) => decodeURIComponent(part)) as [string, string, string, string];
  const body = await readJson(request);
  const version =
    verb === "approve" ? await store.approve(id, callId) : await store.reject(id, callId, stringField(body, "reason"));
  send(response, 200, { id, callId, decision: verb, version });
}

// Typed errors become statuses a client can act on: retry on 409, fix the request on 404/422.
function statusOf(error: unknown): [number, { error: string }] {
  const message = error instanceof Error ? error.message : String(error);
  if (ConversationNotFoundError.isInstance(error)) return [404, { error: message }];
  if (ConversationBusyError.isInstance(error) || ConflictError.isInstance(error)) return [409, { error: message }];
  if (ApprovalError.isInstance(error) || StoredConversationError.isInstance(error)) return [422, { error: message }];
  return [500, { error: "The inbox failed; see its log." }];
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function stringField(body: unknown, name: string): string | undefined {
  const value = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : undefined;
}
