import { trace } from "@opentelemetry/api";
import { Description } from "@tooltype/core";

/** Orders the fake shop knows. */
const orders: Record<string, string> = { "A-1001": "shipped on Monday", "A-1002": "waiting for payment" };

/** A shop whose order lookup is a tool; the lookup traces its own "database query", as real clients do. */
export class Orders {
  /** @param orderId the order number, e.g. "A-1001" */
  @Description("Get the status of an order.")
  async orderStatus(orderId: string): Promise<string> {
    // Opened with the global API inside the tool: it becomes a child of the tool's execute_tool span.
    return trace.getTracer("orders-db").startActiveSpan("SELECT orders", async (span) => {
      span.setAttribute("db.system.name", "sqlite");
      await new Promise((resolve) => setTimeout(resolve, 5));
      span.end();
      return orders[orderId.trim().toUpperCase()] ?? `no order ${orderId}`;
    });
  }
}
