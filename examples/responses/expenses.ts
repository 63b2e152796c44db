import { Description } from "@tooltype/core";

/** One receipt the user uploaded. */
export interface Receipt {
  id: string;
  month: string;
  vendor: string;
  euros: number;
}

const receipts: readonly Receipt[] = [
  { id: "r-101", month: "2026-03", vendor: "Taxi Nord", euros: 38.5 },
  { id: "r-102", month: "2026-03", vendor: "Taxi Nord", euros: 22 },
  { id: "r-103", month: "2026-03", vendor: "Café Lumen", euros: 9.8 },
  { id: "r-201", month: "2026-04", vendor: "Taxi Nord", euros: 41 },
];

/** Expense tools: reading receipts is harmless, filing a claim pays money out and needs approval. */
export class Expenses {
  /** The claims filed so far (what the approval protects). */
  readonly claims: { receipts: string[]; euros: number }[] = [];

  /** @param month the month, as YYYY-MM */
  @Description("List the user's receipts of one month.")
  listReceipts(month: string): Receipt[] {
    return receipts.filter((receipt) => receipt.month === month);
  }

  /** @param receiptIds the ids of the receipts to claim, as listReceipts returned them */
  @Description("File an expense claim for some receipts; the user is paid back their total.")
  fileClaim(receiptIds: string[]): string {
    const chosen = receipts.filter((receipt) => receiptIds.includes(receipt.id));
    // A thrown error goes back to the model as the call's result, so it can correct itself.
    if (chosen.length !== receiptIds.length) throw new Error("Unknown receipt id: use ids that listReceipts returned.");
    const euros = chosen.reduce((sum, receipt) => sum + receipt.euros, 0);
    this.claims.push({ receipts: [...receiptIds], euros });
    return `Claim filed for ${euros.toFixed(2)} EUR.`;
  }
}
