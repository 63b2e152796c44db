import { ContextJSONError, ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { decideAndResume, handleRequest, type RefundDeskOptions } from "./refund-desk.js";
import { runApprovals } from "./run-approvals.js";
import { ShopDatabase } from "./shop.js";

type Body = { messages: Array<{ role: string; content?: string | null; tool_call_id?: string }> };

describe("the approvals example", () => {
  let server: ScriptedModelServer;
  let options: RefundDeskOptions;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
    options = { baseURL: server.url, model: "scripted", secret: "test-secret-kept-in-a-vault" };
  });
  afterEach(async () => {
    await server.close();
  });

  const lookUp = { toolCalls: [{ id: "call_get", name: "getOrder", arguments: { orderId: "A-1002" } }] };
  const bigRefund = {
    toolCalls: [{ id: "call_refund", name: "refund", arguments: { orderId: "A-1002", amountCents: 8_900 } }],
  };

  it("stores a large refund as Pending, runs it once after approval in another 'process'", async () => {
    server.enqueue(lookUp, bigRefund, { text: "Refunded 89.00 EUR." });
    const db = new ShopDatabase();
    const first = await handleRequest(db, options, "conv-1", "Refund order A-1002.");

    expect(first.stopped).toBe("attention");
    expect(first.calls.map((call) => [call.name, call.policyResult?.status])).toEqual([
      ["getOrder", ToolPolicyStatus.Allowed],
      ["refund", ToolPolicyStatus.Pending],
    ]);
    expect(db.refunds).toEqual([]); // the risky tool never ran before approval
    const stored = db.conversations.get("conv-1")!;
    expect(stored).not.toContain(options.secret);
    expect(server.requests).toHaveLength(2);

    const decided: string[] = [];
    const resumed = await decideAndResume(
      db,
      { ...options, decide: (call) => (decided.push(call.id), true) },
      "conv-1",
    );
    expect(decided).toEqual(["call_refund"]);
    expect(db.refunds).toEqual([{ orderId: "A-1002", amountCents: 8_900 }]);
    expect(resumed).toMatchObject({ stopped: "done", text: "Refunded 89.00 EUR." });
    const answer = (server.requests[2]!.body as Body).messages.at(-1);
    expect(answer).toMatchObject({
      role: "tool",
      tool_call_id: "call_refund",
      content: "Refunded 89.00 EUR for Office chair (A-1002).",
    });

    // Finished conversations leave the table: the same decision cannot pay a second time.
    await expect(decideAndResume(db, options, "conv-1")).rejects.toThrow("No conversation conv-1");
    expect(db.refunds).toHaveLength(1);
  });

  it("refuses a tampered store, or one read with another secret, and pays nothing", async () => {
    server.enqueue(lookUp, bigRefund);
    const db = new ShopDatabase();
    await handleRequest(db, options, "conv-1", "Refund order A-1002.");
    const stored = db.conversations.get("conv-1")!;

    db.conversations.set("conv-1", stored.replace(/"amountCents":\d+/g, '"amountCents":89000'));
    const tampered = await decideAndResume(db, options, "conv-1").catch((error: unknown) => error);
    expect(ContextJSONError.isInstance(tampered)).toBe(true);

    db.conversations.set("conv-1", stored);
    await expect(decideAndResume(db, { ...options, secret: "another-secret" }, "conv-1")).rejects.toMatchObject({
      code: "CONTEXT_JSON",
    });
    expect(db.refunds).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it("tells the model when the manager declines, and pays nothing", async () => {
    server.enqueue(lookUp, bigRefund, { text: "A manager declined the refund." });
    const db = new ShopDatabase();
    await handleRequest(db, options, "conv-1", "Refund order A-1002.");
    await decideAndResume(db, { ...options, decide: () => false }, "conv-1");

    expect(db.refunds).toEqual([]);
    const answer = (server.requests[2]!.body as Body).messages.at(-1)!;
    expect(answer).toMatchObject({ role: "tool", tool_call_id: "call_refund" });
    expect(answer.content).toContain("A manager declined this refund.");
  });

  it("lets the evaluator allow a small refund at once", async () => {
    server.enqueue(
      { toolCalls: [{ name: "refund", arguments: { orderId: "A-1001", amountCents: 1_500 } }] },
      { text: "Refunded." },
    );
    const db = new ShopDatabase();
    const completion = await handleRequest(db, options, "conv-2", "Refund my headphones, order A-1001.");

    expect(completion.stopped).toBe("done");
    expect(db.refunds).toEqual([{ orderId: "A-1001", amountCents: 1_500 }]);
    expect(db.conversations.has("conv-2")).toBe(false);
  });

  it("runs the whole story", async () => {
    server.enqueue(lookUp, bigRefund, { text: "Refunded 89.00 EUR." });
    const lines: string[] = [];
    const { completion, db } = await runApprovals({ ...options, print: (line) => lines.push(line) });

    expect(completion.stopped).toBe("done");
    expect(db.refunds).toHaveLength(1);
    expect(lines.some((line) => line.startsWith("Tampered store refused:"))).toBe(true);
  });
});
