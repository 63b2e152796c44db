import { Description } from "@tooltype/core";

/** One order of the shop. */
export interface Order {
  id: string;
  customer: string;
  item: string;
  totalCents: number;
}

/** A refund that was paid out. */
export interface Refund {
  orderId: string;
  amountCents: number;
}

/** Stands for the application's database: orders, refunds paid, and conversations waiting for a decision. */
export class ShopDatabase {
  readonly orders: readonly Order[] = [
    { id: "A-1001", customer: "ada", item: "Headphones", totalCents: 1_500 },
    { id: "A-1002", customer: "ada", item: "Office chair", totalCents: 8_900 },
  ];
  /** Every refund paid out: what the approval protects. */
  readonly refunds: Refund[] = [];
  /** Stored conversations, as text rows keyed by conversation id. */
  readonly conversations = new Map<string, string>();
}

/** The shop's tools over a database: reading orders is harmless, a refund pays out money. */
export class Shop {
  constructor(private readonly db: ShopDatabase) {}

  /** @param orderId the order's id, e.g. "A-1002" */
  @Description("Look up one order.")
  getOrder(orderId: string): Order {
    const order = this.db.orders.find((o) => o.id === orderId);
    if (order === undefined) throw new Error(`No order ${orderId}: check the id with the customer.`);
    return order;
  }

  /**
   * @param orderId the order's id
   * @param amountCents how much to refund, in cents, at most the order's total
   */
  @Description("Refund an order (all of it or a part) to the customer.")
  refund(orderId: string, amountCents: number): string {
    const order = this.getOrder(orderId);
    if (amountCents <= 0 || amountCents > order.totalCents)
      throw new Error(`Refund between 1 and ${order.totalCents} cents for ${orderId}.`);
    this.db.refunds.push({ orderId, amountCents });
    return `Refunded ${(amountCents / 100).toFixed(2)} EUR for ${order.item} (${orderId}).`;
  }
}
