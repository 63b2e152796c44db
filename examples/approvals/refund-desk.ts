import { Context, OpenAI, ToolPolicyStatus, type Completion, type ToolCall } from "@tooltype/core";
import { Shop, type ShopDatabase } from "./shop.js";

/** Where the refund desk sends its requests, and how it signs what it stores. */
export interface RefundDeskOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token; never printed, never stored. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Signs stored conversations (HMAC-SHA256); it stays out of the store. Keep it in a vault. */
  secret: string;
  /** The manager's decision on a waiting call. Default: approve. */
  decide?: (call: ToolCall) => boolean | Promise<boolean>;
  /** Gives up on a request (the example never hangs). */
  signal?: AbortSignal;
}

/** Refunds up to this many cents run without a manager. */
export const autoRefundLimitCents = 2_000;

/** The policy is code and never stored: it is set on every new and every restored context. */
export function withPolicy(ctx: Context): Context {
  ctx.toolPolicy.allow("get*", "list*"); // read-only tools run freely
  // Asked for every call no rule covers, with the arguments already validated.
  ctx.toolPolicy.evaluator = (tool, call) =>
    tool.name === "refund" && Number(call.arguments?.amountCents) <= autoRefundLimitCents
      ? ToolPolicyStatus.Allowed
      : {
          status: ToolPolicyStatus.Pending,
          message: `Refunds over ${autoRefundLimitCents / 100} EUR need a manager's approval.`,
        };
  return ctx;
}

/** One "process": its own endpoint (connection pool) and tools over the shared database. */
async function withEndpoint<T>(
  db: ShopDatabase,
  options: RefundDeskOptions,
  work: (ep: OpenAI) => Promise<T>,
): Promise<T> {
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    ep.tools.add(new Shop(db));
    return await work(ep);
  } finally {
    await ep.close();
  }
}

function store(db: ShopDatabase, conversationId: string, ctx: Context, options: RefundDeskOptions): void {
  // Waiting calls are stored; a finished conversation leaves the table, so it cannot be replayed.
  if (ctx.pending().length > 0)
    db.conversations.set(conversationId, JSON.stringify(ctx.toJSON({ secret: options.secret })));
  else db.conversations.delete(conversationId);
}

/**
 * Process 1, the customer's request: lookups and small refunds run at once; a large refund
 * comes back Pending (nothing ran) and the conversation is stored until a manager decides.
 */
export async function handleRequest(
  db: ShopDatabase,
  options: RefundDeskOptions,
  conversationId: string,
  text: string,
): Promise<Completion> {
  return withEndpoint(db, options, async (ep) => {
    const ctx = withPolicy(new Context());
    ctx.system("You are the shop's support agent. Look an order up before refunding it.");
    ctx.user(text);
    const completion = await ep.completions(options.model, ctx, { maxToolRounds: 6, signal: options.signal });
    store(db, conversationId, ctx, options);
    return completion;
  });
}

/**
 * Process 2, the manager's screen (later, maybe on another machine): restore the stored
 * conversation, decide each waiting call, and resume. An approved call runs once, then the
 * model answers. A stored context that is unsigned or was changed is refused (`ContextJSONError`).
 */
export async function decideAndResume(
  db: ShopDatabase,
  options: RefundDeskOptions,
  conversationId: string,
): Promise<Completion> {
  const text = db.conversations.get(conversationId);
  if (text === undefined) throw new Error(`No conversation ${conversationId} is waiting for a decision.`);
  const ctx = withPolicy(Context.fromJSON(JSON.parse(text), { secret: options.secret }));
  for (const call of ctx.pending()) {
    if (await (options.decide ?? (() => true))(call)) ctx.approve(call.id);
    else ctx.reject(call.id, "A manager declined this refund.");
  }
  return withEndpoint(db, options, async (ep) => {
    const completion = await ep.completions(options.model, ctx, { maxToolRounds: 6, signal: options.signal });
    store(db, conversationId, ctx, options);
    return completion;
  });
}
