import type { ConversationStore } from "@tooltype/stores";
import { createInboxServer } from "./inbox-server.js";
import { Payments, resumeDecided, startConversation, type ModelOptions } from "./payments.js";

/** What the story produced: the invoices paid and the model's last answer. */
export interface InboxRun {
  paid: string[];
  answer: string | null;
}

/**
 * The whole story over real sockets: a request whose payments wait in the store, the inbox
 * listing them, one approval and one rejection over HTTP, then a worker resuming the conversation.
 */
export async function runInbox(
  store: ConversationStore,
  target: ModelOptions,
  print: (line: string) => void = console.log,
): Promise<InboxRun> {
  const payments = new Payments();
  const ep = payments.endpoint(target);
  const inbox = createInboxServer(store);
  const url = await inbox.listen();
  try {
    const first = await startConversation(store, ep, target.model, "conv-1", "Please pay invoices INV-17 and INV-18.");
    print(`conv-1 stopped: ${first.stopped}; paid so far: ${payments.paid.length}`);

    const listing = (await (await fetch(`${url}/pending`)).json()) as {
      conversations: Array<{ id: string; calls: Array<{ id: string; name: string; arguments: unknown }> }>;
    };
    const calls = listing.conversations.find((c) => c.id === "conv-1")?.calls ?? [];
    for (const call of calls) print(`inbox: conv-1 ${call.id} ${call.name} ${JSON.stringify(call.arguments)}`);

    const [approve, reject] = calls;
    if (approve === undefined) throw new Error("The model asked for no payment: nothing to approve.");
    const decide = async (callId: string, verb: "approve" | "reject", body: object = {}) => {
      const response = await fetch(`${url}/conversations/conv-1/calls/${encodeURIComponent(callId)}/${verb}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      print(`POST ${verb} ${callId}: ${response.status} ${await response.text()}`);
    };
    await decide(approve.id, "approve");
    if (reject !== undefined) await decide(reject.id, "reject", { reason: "Paid by bank transfer already." });

    // The worker (another process in a real deployment): the approved payment runs here, once.
    const answers = await resumeDecided(store, ep, target.model);
    for (const { id, answer } of answers) print(`worker resumed ${id}: ${answer}`);
    print(`paid: ${payments.paid.join(", ") || "nothing"}`);
    return { paid: payments.paid, answer: answers[0]?.answer ?? null };
  } finally {
    await inbox.close();
    await ep.close();
  }
}
