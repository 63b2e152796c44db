// What the scripted model answers when no real server is configured: a reasoning model that lists
// March's receipts, claims the taxi ones, then says so. Shared by main.ts and the example's test.
import type { RecordedRequest, ScriptedModelServer } from "@tooltype/testing";

/** The last function_call_output a Responses request carries: what a scripted reply answers from. */
function lastOutput(request: RecordedRequest): string {
  const input = (request.body as { input?: Array<{ type: string; output?: string }> }).input ?? [];
  return input.filter((item) => item.type === "function_call_output").pop()?.output ?? "";
}

/** The scripted reasoning model: list March's receipts, claim the taxi ones, then say so. */
export function script(server: ScriptedModelServer): void {
  server.enqueue(
    {
      reasoning: "I need the receipts of March 2026 first.",
      toolCalls: [{ name: "listReceipts", arguments: { month: "2026-03" } }],
    },
    (request) => {
      const receipts = JSON.parse(lastOutput(request)) as Array<{ id: string; vendor: string }>;
      const taxi = receipts.filter((receipt) => receipt.vendor.startsWith("Taxi")).map((receipt) => receipt.id);
      return {
        reasoning: "Two taxi receipts; the café is not a taxi.",
        text: "I found two taxi receipts and will claim them.",
        toolCalls: [{ name: "fileClaim", arguments: { receiptIds: taxi } }],
      };
    },
    (request) => ({ text: `Done. ${lastOutput(request)}` }),
  );
}
