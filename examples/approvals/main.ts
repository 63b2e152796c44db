// Policy and approvals end to end: `npm run demo` builds the examples, then run
// `node examples/dist/approvals/main.js`. With TOOLTYPE_BASE_URL set it talks to that endpoint
// (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
// CONTEXT_SECRET signs the stored conversation; without it the example makes one for this run.
import { randomBytes } from "node:crypto";
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { runApprovals } from "./run-approvals.js";

function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body as { messages?: Array<{ role: string; content?: string }> }).messages ?? [];
  return messages.filter((m) => m.role === "tool").pop()?.content ?? "";
}

/** The scripted model: look the order up, refund its total, then report what the tool said. */
function script(server: ScriptedModelServer): void {
  server.enqueue(
    { text: "Let me look at that order.", toolCalls: [{ name: "getOrder", arguments: { orderId: "A-1002" } }] },
    (request) => {
      const order = JSON.parse(lastToolResult(request)) as { id: string; totalCents: number };
      return { toolCalls: [{ name: "refund", arguments: { orderId: order.id, amountCents: order.totalCents } }] };
    },
    (request) => ({ text: `Sorry about the chair. ${lastToolResult(request)}` }),
  );
}

async function main(): Promise<void> {
  let secret = process.env.CONTEXT_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString("hex");
    console.log("CONTEXT_SECRET is not set: signing with a random secret for this run (a service keeps one in its vault).");
  }
  const configured = process.env.TOOLTYPE_BASE_URL;
  let server: ScriptedModelServer | undefined;
  if (!configured) {
    server = await ScriptedModelServer.start();
    script(server);
    console.log(`TOOLTYPE_BASE_URL is not set: using the scripted model server at ${server.url}`);
  }
  try {
    const { completion } = await runApprovals({
      baseURL: configured ?? server!.url,
      apiKey: process.env.TOOLTYPE_API_KEY,
      model: process.env.TOOLTYPE_MODEL ?? (configured ? "qwen3-8b" : "scripted"),
      secret,
      signal: AbortSignal.timeout(120_000),
    });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`example failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
