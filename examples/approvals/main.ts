// Policy and approvals end to end: `npm run demo` builds the examples, then run
// `node examples/dist/approvals/main.js`. With TOOLTYPE_BASE_URL set it talks to that endpoint
// (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
// CONTEXT_SECRET signs the stored conversation; without it the example makes one for this run.
import { randomBytes } from "node:crypto";
import type { ScriptedModelServer } from "@tooltype/testing";
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runApprovals } from "./run-approvals.js";

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

/** CONTEXT_SECRET, or a random secret for this run only (a service keeps one in its vault). */
function contextSecret(): string {
  const configured = process.env.CONTEXT_SECRET;
  if (configured) return configured;
  console.log(
    "CONTEXT_SECRET is not set: signing with a random secret for this run (a service keeps one in its vault).",
  );
  return randomBytes(32).toString("hex");
}

async function main(): Promise<void> {
  const secret = contextSecret();
  await withModelTarget(
    script,
    async (target) =>
      (await runApprovals({ ...target, secret, signal: AbortSignal.timeout(120_000) })).completion.stopped === "done",
  );
}

runMain(main);
