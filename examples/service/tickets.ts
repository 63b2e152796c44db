import { Description, type ToolCallContext } from "@tooltype/core";

/** The signed-in user a request is made for. */
export interface User {
  id: string;
  name: string;
}

/** What the service hands every tool call (`ep.completions(model, ctx, { toolContext })`). */
export interface RequestContext {
  user: User;
}

/** One support ticket. */
export interface Ticket {
  id: string;
  owner: string;
  status: "open" | "closed";
  subject: string;
}

const tickets: readonly Ticket[] = [
  { id: "T-1", owner: "ada", status: "open", subject: "Invoice shows the wrong address" },
  { id: "T-2", owner: "ada", status: "closed", subject: "Password reset" },
  { id: "T-3", owner: "bob", status: "open", subject: "Export to CSV fails" },
];

/**
 * Support tickets as a tool. The user never comes from the model: the tool reads it from its
 * `ToolCallContext`, which the service fills from the authenticated request.
 */
export class Tickets {
  /** Whose tickets each call listed, in order (to see which user a call ran for). */
  readonly listedFor: string[] = [];

  /** @param status which tickets to list */
  @Description("List the signed-in user's support tickets.")
  listMyTickets(status: "open" | "closed" = "open", call: ToolCallContext<RequestContext>): Ticket[] {
    const user = call.toolContext?.user;
    if (user === undefined) throw new Error("No signed-in user: this tool runs only inside a request.");
    this.listedFor.push(user.id);
    return tickets.filter((ticket) => ticket.owner === user.id && ticket.status === status);
  }
}
