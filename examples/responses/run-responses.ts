import { Context, OpenAIResponses, type Completion, type ToolCall } from "@tooltype/core";
import { Expenses } from "./expenses.js";

/** Where the Responses example sends its requests, and who approves a claim. */
export interface ResponsesRunOptions {
  /** The API's base URL; default OpenAI's own (a URL with no path gets /v1). */
  baseURL?: string;
  /** Sent as a bearer token; never printed. */
  apiKey?: string;
  /** The model to ask, e.g. "o4-mini". */
  model: string;
  /** Decides on each call the policy leaves pending (here: every claim). Default: approve. */
  approve?: (call: ToolCall) => boolean;
  /** Signs the stored conversation while it waits for the approval. */
  secret?: string;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Receives the model's text as it streams in. */
  write?: (text: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface ResponsesRun {
  completion: Completion;
  /** The expense tools the calls ran against (their claims show what was approved). */
  expenses: Expenses;
  /** The conversation as it was stored while it waited for the approval. */
  stored: string;
}

/**
 * Asks a reasoning model to file last month's taxi receipts over the Responses API, streaming its
 * text. Listing receipts is allowed; a claim waits for approval, and the conversation is stored
 * meanwhile (signed JSON, as a database would keep it) and restored to go on: the model's
 * reasoning items travel inside it, encrypted, and go back with the next request.
 */
export async function runResponses(options: ResponsesRunOptions): Promise<ResponsesRun> {
  // Streamed text and whole lines on one terminal: a line never starts in the middle of the text.
  let midLine = false;
  const writeText = options.write ?? ((text: string) => process.stdout.write(text));
  const write = (text: string): void => {
    writeText(text);
    midLine = !text.endsWith("\n");
  };
  const print = (line: string): void => {
    if (midLine) writeText("\n");
    midLine = false;
    (options.print ?? console.log)(line);
  };
  const secret = options.secret ?? "example-secret";
  const ep = new OpenAIResponses({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 120_000 });
  try {
    const expenses = new Expenses();
    ep.tools.add(expenses);
    ep.config(options.model).reasoning = { effort: "low", summary: "auto" };

    const ctx = new Context({ secret }).system("You file expense claims. Use the tools; never invent a receipt.");
    ctx.user("File my taxi receipts from March 2026 as one expense claim.");
    ctx.toolPolicy.allow("listReceipts"); // fileClaim has no rule: it waits for the user's approval

    let completion = await streamed(ep, options, ctx, write, print);
    // Waiting for the approval: the conversation is stored, and restored later (another process could).
    const stored = JSON.stringify(ctx.toJSON());
    print(`Stored ${stored.length} bytes while waiting (reasoning items included, signed).`);
    const restored = Context.fromJSON(JSON.parse(stored) as unknown, { secret });
    restored.toolPolicy.allow("listReceipts");
    for (const call of restored.pending()) {
      const approved = (options.approve ?? (() => true))(call);
      print(`${approved ? "Approved" : "Rejected"} ${call.name}(${call.rawArguments})`);
      if (approved) restored.approve(call.id);
      else restored.reject(call.id, "The user said no.");
    }
    if (completion.stopped === "attention") completion = await streamed(ep, options, restored, write, print);
    print(`Stopped: ${completion.stopped}; reasoning tokens: ${completion.usage.reasoningTokens ?? "not reported"}`);
    return { completion, expenses, stored };
  } finally {
    await ep.close();
  }
}

/** One streamed completion: the text as it arrives, then the model's reasoning summary. */
async function streamed(
  ep: OpenAIResponses,
  options: ResponsesRunOptions,
  ctx: Context,
  write: (text: string) => void,
  print: (line: string) => void,
): Promise<Completion> {
  const stream = ep.stream(options.model, ctx, {
    maxToolRounds: 4,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for await (const event of stream) {
    if (event.type === "text-delta") write(event.text);
    else if (event.type === "reply" && event.choice.reasoning !== null) print(`(reasoning: ${event.choice.reasoning})`);
    else if (event.type === "tool-result") print(`${event.call.name} → ${event.call.result?.output ?? ""}`);
  }
  return stream.completion;
}
