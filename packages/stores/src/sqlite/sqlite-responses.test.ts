// A conversation through OpenAIResponses survives a restart in a real SQLite file: a first
// process stops at a call waiting for approval and exits; this one approves it, resumes the
// conversation with a new endpoint, and the next request carries the reasoning items of the
// first reply, encrypted content and ids, in their place.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { OpenAIResponses } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import Database from "better-sqlite3";
import { buildSync } from "esbuild";
import { SqliteConversationStore } from "./sqlite-conversation-store.js";

const root = join(__dirname, "..", "..", "..", "..");
const secret = "restart-secret";
let dir: string;
let server: ScriptedModelServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tooltype-responses-"));
  server = await ScriptedModelServer.start();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the first process to its end (the model server runs here, so not synchronously): it saves the conversation waiting for approval. */
async function firstProcess(file: string, id: string): Promise<void> {
  const outfile = join(dir, "responses-worker.cjs");
  buildSync({
    entryPoints: [join(__dirname, "..", "fixtures", "responses-worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["better-sqlite3"],
    alias: { "@tooltype/core": join(root, "packages/core/src/index.ts") },
    logLevel: "error",
  });
  await promisify(execFile)(process.execPath, [outfile, file, secret, server.origin, id], {
    env: { ...process.env, NODE_PATH: join(root, "node_modules") },
  });
}

it("keeps reasoning items through a signed SQLite store and a restart, and sends them back in order", async () => {
  const file = join(dir, "conversations.db");
  server.enqueue(
    turn.toolCalls([{ id: "call_a", name: "pay", arguments: '{"ref":"A"}' }], { reasoning: "Invoice A is due." }),
    turn.text("Paid invoice A."),
  );
  await firstProcess(file, "conv-1");

  // After the restart: a new store instance on the same file, a new endpoint.
  const database = new Database(file);
  const store = new SqliteConversationStore({ secret, database });
  const row = (
    database.prepare("SELECT body FROM tooltype_conversations WHERE id = ?").get("conv-1") as { body: string }
  ).body;
  expect(JSON.parse(row).signature).toMatch(/^hmac-sha256:/);
  expect(row).toContain("enc_scripted_");
  await store.approve("conv-1", "call_a");
  const paid: string[] = [];
  const endpoint = new OpenAIResponses({ baseURL: server.origin, retries: 0 });
  endpoint.tools.define<{ ref: string }>({
    name: "pay",
    description: "Pays an invoice.",
    schema: { type: "object", properties: { ref: { type: "string" } }, required: ["ref"] },
    impl: ({ ref }) => paid.push(ref),
  });
  try {
    const result = await store.resume("conv-1", (context) => endpoint.completions("o-test", context));
    expect(result.resumed && result.value.text).toBe("Paid invoice A.");
    expect(paid).toEqual(["A"]);
  } finally {
    await endpoint.close();
    database.close();
  }
  const input = (server.requests[1]!.body as { input: Array<Record<string, unknown>> }).input;
  const reasoning = input[1]!;
  expect(input.map((item) => item.type)).toEqual(["message", "reasoning", "function_call", "function_call_output"]);
  expect(reasoning).toEqual({
    id: expect.stringMatching(/^rs_scripted_\d+$/),
    type: "reasoning",
    summary: [{ type: "summary_text", text: "Invoice A is due." }],
    encrypted_content: expect.stringMatching(/^enc_scripted_\d+$/),
  });
  expect(input[2]).toMatchObject({ call_id: "call_a", id: expect.stringMatching(/^fc_scripted_\d+_0$/) });
});
