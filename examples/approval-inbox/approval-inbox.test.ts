import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteConversationStore } from "@tooltype/stores";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { completions } from "@tooltype/core";
import { createInboxServer } from "./inbox-server.js";
import { Payments, resumeDecided, startConversation } from "./payments.js";
import { runInbox } from "./run-inbox.js";

describe("the approval-inbox example", () => {
  let dir: string;
  let database: Database.Database;
  let store: SqliteConversationStore;
  let model: ScriptedModelServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "approval-inbox-test-"));
    database = new Database(join(dir, "conversations.db"));
    store = new SqliteConversationStore({ database, secret: "test secret" });
    model = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await model.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the waiting payments, takes one approval and one rejection over HTTP, and pays once", async () => {
    model.enqueue(
      turn.toolCalls([
        { name: "payInvoice", arguments: { invoice: "INV-17", amountCents: 24_000 } },
        { name: "payInvoice", arguments: { invoice: "INV-18", amountCents: 9_900 } },
      ]),
      turn.text("INV-17 is paid; INV-18 was rejected."),
    );
    const lines: string[] = [];
    const run = await runInbox(store, { baseURL: model.url, model: "scripted" }, (line) => lines.push(line));

    expect(run).toEqual({ paid: ["INV-17"], answer: "INV-17 is paid; INV-18 was rejected." });
    expect(lines[0]).toBe("conv-1 stopped: attention; paid so far: 0");
    expect(lines.filter((line) => line.startsWith("inbox: conv-1"))).toHaveLength(2);
    expect(lines.filter((line) => / 200 /.test(line) && line.startsWith("POST"))).toHaveLength(2);
    expect(model.requests).toHaveLength(2); // the decisions themselves never called the model
    const toolMessages = (model.requests[1]!.body as { messages: Array<{ role: string; content: string }> }).messages
      .filter((message) => message.role === "tool")
      .map((message) => message.content);
    expect(toolMessages[0]).toContain('"paid":240');
    expect(toolMessages[1]).toContain("Paid by bank transfer already.");
    expect(await store.listPending()).toEqual([]);
    expect(await store.listReady()).toEqual([]);
  });

  it("answers an unknown conversation with 404 and a call that is not pending with 422", async () => {
    const inbox = createInboxServer(store);
    const url = await inbox.listen();
    try {
      const missing = await fetch(`${url}/conversations/nope/calls/c1/approve`, { method: "POST" });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: string }).error).toMatch(/No conversation "nope"/);
      model.enqueue(turn.toolCall("payInvoice", { invoice: "INV-1", amountCents: 100 }));
      const ep = new Payments().endpoint({ baseURL: model.url, model: "scripted" });
      await startConversation(store, ep, "scripted", "conv-2", "Pay INV-1.");
      await ep.close();
      const wrongCall = await fetch(`${url}/conversations/conv-2/calls/not-a-call/approve`, { method: "POST" });
      expect(wrongCall.status).toBe(422);
      expect((await (await fetch(`${url}/elsewhere`)).json()) as object).toHaveProperty("error");
    } finally {
      await inbox.close();
    }
  });

  it("leaves to other workers what they hold or already resumed: the worker loop skips Busy and nothing-to-resume", async () => {
    const payments = new Payments();
    const ep = payments.endpoint({ baseURL: model.url, model: "scripted" });
    for (const id of ["conv-a", "conv-b", "conv-c"]) {
      model.enqueue(turn.toolCall("payInvoice", { invoice: `INV-${id}`, amountCents: 100 }));
      await startConversation(store, ep, "scripted", id, `Pay INV-${id}.`);
      const [call] = (await store.listPending()).find((entry) => entry.id === id)!.calls;
      await store.approve(id, call!.id);
    }
    // Another worker, on its own connection: while this worker's conv-a waits for the model, the
    // other resumes conv-b to its end and takes conv-c, holding it until this worker is done.
    const otherDatabase = new Database(join(dir, "conversations.db"));
    const other = new SqliteConversationStore({ database: otherDatabase, secret: "test secret" });
    let release: () => void = () => undefined;
    let otherHoldsC: Promise<unknown> = Promise.resolve();
    model.onRequest(async (request) => {
      const body = JSON.stringify(request.body);
      if (!body.includes("INV-conv-a")) return { text: "Paid." };
      await other.resume("conv-b", (ctx) => completions(ep, "scripted", ctx));
      await new Promise<void>((claimed) => {
        otherHoldsC = other.resume("conv-c", async () => {
          claimed();
          await new Promise<void>((resolve) => (release = resolve));
        });
      });
      return { text: "Paid INV-conv-a." };
    });
    try {
      const answers = await resumeDecided(store, ep, "scripted");
      expect(answers).toEqual([{ id: "conv-a", answer: "Paid INV-conv-a." }]);
      expect(payments.paid).toEqual(["INV-conv-a", "INV-conv-b"]); // conv-c's payment waits for its holder
      expect(model.requests.filter((request) => JSON.stringify(request.body).includes("INV-conv-b"))).toHaveLength(2);
    } finally {
      release();
      await otherHoldsC;
      await ep.close();
      otherDatabase.close();
    }
  });
});
