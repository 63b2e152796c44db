import { Anthropic, Context, ToolPolicyStatus, type Completion, type ToolCall } from "@tooltype/core";
import { Library } from "./library.js";

/** Where the Claude example sends its requests, and who approves a reservation. */
export interface ClaudeRunOptions {
  /** The Messages API's base URL; default Anthropic's own (a URL with no path gets /v1). */
  baseURL?: string;
  /** Sent as x-api-key; never printed. */
  apiKey?: string;
  /** The model to ask, e.g. "claude-sonnet-4-5". */
  model: string;
  /** What the user asks. */
  prompt?: string;
  /** Decides on each call the policy leaves pending (here: every reservation). Default: approve. */
  approve?: (call: ToolCall) => boolean | Promise<boolean>;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Receives Claude's text as it streams in. */
  write?: (text: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface ClaudeRun {
  completion: Completion;
  /** The library the tools ran against (its reservations show what was approved). */
  library: Library;
}

/** The most times the example goes back to the user for approvals. */
const maxApprovalRounds = 3;

/**
 * Asks Claude to find a book and reserve it, streaming its text. Finding books is allowed by the
 * policy; a reservation has no rule, so it comes back pending and waits for `approve`.
 */
export async function runClaude(options: ClaudeRunOptions): Promise<ClaudeRun> {
  const print = options.print ?? console.log;
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const claude = new Anthropic({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    const library = new Library();
    claude.tools.add(library);
    claude.config(options.model).maxTokens = 1024; // the Messages API requires max_tokens (default 4096)

    const ctx = new Context();
    ctx.system("You are a librarian. Use the tools; never invent a book or an ISBN.");
    ctx.user(options.prompt ?? "Find the oldest book by Ursula K. Le Guin and reserve it for me.");
    ctx.toolPolicy.allow("findBooks"); // reserve has no rule: it waits for the user's approval

    const out = new Output(print, write);
    let completion = await streamRound(claude, options, ctx, out);
    let requests = completion.rounds;
    let tokens = completion.usage.totalTokens;
    for (let i = 0; completion.stopped === "attention" && i < maxApprovalRounds; i++) {
      for (const call of ctx.pending()) {
        const approved = await (options.approve ?? (() => true))(call);
        out.line(`${approved ? "Approved" : "Rejected"} ${call.name}(${call.rawArguments})`);
        if (approved) ctx.approve(call.id);
        else ctx.reject(call.id, "The user said no.");
      }
      completion = await streamRound(claude, options, ctx, out);
      requests += completion.rounds;
      tokens += completion.usage.totalTokens;
    }
    out.line(`Stopped: ${completion.stopped} after ${requests} request(s), ${tokens} tokens`);
    return { completion, library };
  } finally {
    await claude.close();
  }
}

/** Streamed text and whole lines on one terminal: a line never starts in the middle of the text. */
class Output {
  #midLine = false;
  constructor(
    readonly print: (line: string) => void,
    readonly write: (text: string) => void,
  ) {}

  text(text: string): void {
    this.write(text);
    this.#midLine = !text.endsWith("\n");
  }

  line(line: string): void {
    if (this.#midLine) this.write("\n");
    this.#midLine = false;
    this.print(line);
  }
}

async function streamRound(
  claude: Anthropic,
  options: ClaudeRunOptions,
  ctx: Context,
  out: Output,
): Promise<Completion> {
  const stream = claude.stream(options.model, ctx, options.signal ? { signal: options.signal } : {});
  for await (const event of stream) {
    if (event.type === "text-delta") out.text(event.text);
    else if (event.type === "tool-result")
      out.line(
        `  ${event.call.name}(${event.call.rawArguments}) → ${event.call.result?.output ?? event.call.policyResult?.message}`,
      );
    else if (event.type === "decision" && event.call.policyResult?.status === ToolPolicyStatus.Pending)
      out.line(`  ${event.call.name}(${event.call.rawArguments}) waits for approval`);
  }
  return stream.completion;
}
