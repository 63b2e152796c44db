import { Context, ContextJSONError, type Completion, type ToolCall } from "@tooltype/core";
import { decideAndResume, handleRequest, type RefundDeskOptions } from "./refund-desk.js";
import { ShopDatabase } from "./shop.js";

/** The refund desk's options, and where the example prints. */
export interface ApprovalsRunOptions extends RefundDeskOptions {
  /** Receives each line the example prints. */
  print?: (line: string) => void;
}

/** What a run produced. */
export interface ApprovalsRun {
  /** The model's last answer, after the manager's decision. */
  completion: Completion;
  /** The database (its refunds show what ran). */
  db: ShopDatabase;
}

/**
 * The whole story: a customer asks for a large refund, which waits for approval in the
 * database; a tampered copy of the store is refused; the manager approves and the refund runs once.
 */
export async function runApprovals(options: ApprovalsRunOptions): Promise<ApprovalsRun> {
  const print = options.print ?? console.log;
  const db = new ShopDatabase();

  const first = await handleRequest(
    db,
    options,
    "conv-1",
    "My office chair (order A-1002) arrived broken. Please refund it in full.",
  );
  for (const call of first.calls)
    print(`${call.name}(${call.rawArguments}): ${call.policyResult?.status} (${call.policyResult?.message})`);
  const stored = db.conversations.get("conv-1");
  print(
    `Stopped: ${first.stopped}; stored conversation conv-1: ${stored?.length ?? 0} characters; refunds paid: ${db.refunds.length}`,
  );
  if (stored === undefined) return { completion: first, db };

  // Someone with write access to the table raises the amount: the signature no longer matches.
  const forged = stored.replace(/"amountCents":\d+/g, '"amountCents":89000');
  try {
    Context.fromJSON(JSON.parse(forged), { secret: options.secret });
    print("The tampered store was accepted (this must not happen).");
  } catch (error) {
    if (!ContextJSONError.isInstance(error)) throw error;
    print(`Tampered store refused: ${error.message}`);
  }

  // Later, in "another process": restore, approve, resume.
  const decide = async (call: ToolCall): Promise<boolean> => {
    const approved = await (options.decide ?? (() => true))(call);
    print(`Manager ${approved ? "approved" : "declined"} ${call.name}(${call.rawArguments})`);
    return approved;
  };
  const completion = await decideAndResume(db, { ...options, decide }, "conv-1");
  for (const call of completion.calls)
    print(`${call.name}: ${call.policyResult?.status} → ${call.result?.output ?? "(no result)"}`);
  print(`Answer: ${completion.text ?? "(no text)"}`);
  print(`Refunds paid: ${JSON.stringify(db.refunds)}`);
  return { completion, db };
}
