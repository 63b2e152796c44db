// Gemini's thought signatures through a real SQLite file and a restart: the model's parts, kept on
// the stored assistant message, go back exactly on the parts they came with.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { Context, Gemini } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { SqliteConversationStore } from "./sqlite-conversation-store.js";

let server: ScriptedModelServer;
let dir: string;
beforeAll(async () => {
  server = await ScriptedModelServer.start();
  dir = mkdtempSync(join(tmpdir(), "tooltype-gemini-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const secret = "gemini-store-secret";
const paid: string[] = [];

/** One instance of a service: its own database handle, store and endpoint. */
function instance(file: string) {
  const database = new Database(file);
  const store = new SqliteConversationStore({ database, secret });
  const gemini = new Gemini({ baseURL: server.origin, apiKey: "AIza-store-test", retries: 0 });
  gemini.tools.define<{ ref: string }>({
    name: "pay",
    description: "Pays an invoice.",
    schema: { type: "object", properties: { ref: { type: "string" } }, required: ["ref"] },
    impl: ({ ref }) => {
      paid.push(ref);
      return `paid ${ref}`;
    },
  });
  return { store, gemini, close: async () => (await gemini.close(), database.close()) };
}

it("keeps every thoughtSignature per part through a signed SQLite store and a restart, and sends it back exactly", async () => {
  const file = join(dir, "conversations.db");
  const parts = [
    { text: "Two invoices are open.", thought: true, thoughtSignature: "VGhvdWdodC1zaWc=" },
    { functionCall: { id: "fc_1", name: "pay", args: { ref: "A-1" } }, thoughtSignature: "Rmlyc3QtY2FsbA==" },
    { functionCall: { id: "fc_2", name: "pay", args: { ref: "A-2" } } },
  ];
  server.enqueue(
    turn.raw(JSON.stringify({ candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }] })),
  );

  const before = instance(file);
  const ctx = new Context().user("Pay the open invoices.");
  expect((await before.gemini.completions("gemini-test", ctx)).stopped).toBe("attention");
  await before.store.save("conv-1", ctx, null);
  await before.store.approve("conv-1", "fc_1");
  await before.store.approve("conv-1", "fc_2");
  await before.close();

  // A new process: a new handle on the same file, a new store and endpoint.
  const after = instance(file);
  server.enqueue(turn.text("Both paid."));
  const result = await after.store.resume("conv-1", (context) => after.gemini.completions("gemini-test", context));
  expect(result.resumed && result.value.text).toBe("Both paid.");
  expect(paid).toEqual(["A-1", "A-2"]);
  const sent = server.lastRequest!.body as { contents: Array<{ role: string; parts: unknown[] }> };
  expect(sent.contents[1]).toEqual({ role: "model", parts });
  const saved = (await after.store.load("conv-1"))!;
  expect(saved.context.messages[1]).toMatchObject({
    providerData: {
      gemini: { parts: [{ thoughtSignature: "VGhvdWdodC1zaWc=" }, { thoughtSignature: "Rmlyc3QtY2FsbA==" }, {}] },
    },
  });
  await after.close();
});
