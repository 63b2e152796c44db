// An approval inbox shared by several processes: `npm run demo` builds the examples, then run
// `node examples/dist/approval-inbox/main.js`. A customer asks to pay two invoices; the payments
// wait in a SQLite store (APPROVAL_DB, else a temp file); the inbox (node:http) lists them, one
// is approved and one rejected over HTTP, and a worker resumes the conversation: the approved
// payment runs once and the model answers. CONTEXT_SECRET signs the store (a demo one otherwise).
// With TOOLTYPE_BASE_URL set it talks to that model (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise
// to the scripted model server, and says so.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteConversationStore } from "@tooltype/stores";
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import type { ScriptedModelServer } from "@tooltype/testing";
import { runInbox } from "./run-inbox.js";

/** The scripted model: asks to pay two invoices, then sums up what the tools answered. */
function script(server: ScriptedModelServer): void {
  server.onRequest((request) => {
    const result = lastToolResult(request);
    if (result === "")
      return {
        toolCalls: [
          { name: "payInvoice", arguments: { invoice: "INV-17", amountCents: 24_000 } },
          { name: "payInvoice", arguments: { invoice: "INV-18", amountCents: 9_900 } },
        ],
      };
    return { text: "INV-17 is paid (240 EUR); INV-18 was not paid: it was rejected." };
  });
}

async function main(): Promise<void> {
  const dir = process.env.APPROVAL_DB ? undefined : mkdtempSync(join(tmpdir(), "approval-inbox-"));
  const database = new Database(process.env.APPROVAL_DB ?? join(dir!, "conversations.db"));
  const secret = process.env.CONTEXT_SECRET ?? "demo secret: set CONTEXT_SECRET";
  const store = new SqliteConversationStore({ database, secret });
  try {
    await withModelTarget(script, async (target) => {
      const { paid, answer } = await runInbox(store, target);
      return paid.join(",") === "INV-17" && answer !== null;
    });
  } finally {
    database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
