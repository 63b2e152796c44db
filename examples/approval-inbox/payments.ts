import { Context, OpenAI, ToolPolicyStatus, type Completion } from "@tooltype/core";
import { ConversationBusyError, type ConversationStore } from "@tooltype/stores";

/** Where the assistant sends its requests. */
export interface ModelOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/** The invoices paid so far (stands for the payment provider). */
export class Payments {
  readonly paid: string[] = [];

  /** An endpoint whose `payInvoice` tool pays through this provider. */
  endpoint(options: ModelOptions): OpenAI {
    const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
    ep.tools.define<{ invoice: string; amountCents: number }>({
      name: "payInvoice",
      description: "Pays one invoice of the customer.",
      schema: {
        type: "object",
        properties: { invoice: { type: "string" }, amountCents: { type: "integer", minimum: 1 } },
        required: ["invoice", "amountCents"],
        additionalProperties: false,
      },
      impl: ({ invoice, amountCents }) => {
        this.paid.push(invoice);
        return { invoice, paid: amountCents / 100, currency: "EUR" };
      },
    });
    return ep;
  }
}

/** Every payment waits for a person: the policy is code, set again on every loaded context. */
export function paymentPolicy(ctx: Context): Context {
  ctx.toolPolicy.evaluator = () => ({ status: ToolPolicyStatus.Pending, message: "Payments need an approval." });
  return ctx;
}

/** A customer's request: the model asks to pay, the calls wait, the conversation is stored. */
export async function startConversation(
  store: ConversationStore,
  ep: OpenAI,
  model: string,
  id: string,
  request: string,
): Promise<Completion> {
  const ctx = paymentPolicy(new Context()).user(request);
  const completion = await ep.completions(model, ctx);
  await store.save(id, ctx, null);
  return completion;
}

/**
 * The worker: resumes every conversation with decided calls. Approved payments run here, once,
 * even with several workers; a conversation another worker holds, or one another worker already
 * resumed since it was listed, is left to it.
 */
export async function resumeDecided(
  store: ConversationStore,
  ep: OpenAI,
  model: string,
): Promise<Array<{ id: string; answer: string | null }>> {
  const answers: Array<{ id: string; answer: string | null }> = [];
  for (const id of await store.listReady()) {
    try {
      const result = await store.resume(id, (ctx) => ep.completions(model, paymentPolicy(ctx)));
      if (result.resumed) answers.push({ id, answer: result.value.text });
    } catch (error) {
      if (ConversationBusyError.isInstance(error)) continue; // another worker has it
      throw error;
    }
  }
  return answers;
}
