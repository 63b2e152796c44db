import { Context, Gemini, type Completion, type ToolCall } from "@tooltype/core";
import { Travel } from "./travel.js";

/** Where the Gemini example sends its requests, and who approves a booking. */
export interface GeminiRunOptions {
  /** The server without the API version; default Google's Gemini API. */
  baseURL?: string;
  /** Sent as x-goog-api-key; never printed. */
  apiKey?: string;
  /** The model to ask, e.g. "gemini-2.5-flash". */
  model: string;
  /** What the user asks. */
  prompt?: string;
  /** Decides on each call the policy leaves pending (here: every booking). Default: approve. */
  approve?: (call: ToolCall) => boolean | Promise<boolean>;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Receives Gemini's text as it streams in. */
  write?: (text: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface GeminiRun {
  completion: Completion;
  /** The travel desk the tools ran against (its bookings show what was approved). */
  travel: Travel;
  /** The conversation, every part Gemini signed kept with its signature. */
  context: Context;
}

/**
 * Asks Gemini to compare two cities and book the warmer one, streaming its text. The weather is
 * allowed by the policy; a booking has no rule, so it comes back pending and waits for `approve`.
 * Gemini signs its calls (`thoughtSignature`); the endpoint sends each signature back on its part.
 */
export async function runGemini(options: GeminiRunOptions): Promise<GeminiRun> {
  const print = options.print ?? console.log;
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const gemini = new Gemini({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    thinkingConfig: { includeThoughts: true }, // thought summaries: reasoning, never the answer's text
    timeoutMs: 60_000,
  });
  try {
    const travel = new Travel();
    gemini.tools.add(travel);
    gemini.config(options.model).maxTokens = 2048;

    const context = new Context();
    context.system("You are a travel agent. Use the tools; never invent a forecast.");
    context.user(options.prompt ?? "Is it warmer in Lisbon or in Porto today? Book two nights in the warmer one.");
    context.toolPolicy.allow("getWeather"); // bookHotel has no rule: it waits for the user's approval

    let completion = await streamRound(gemini, options, context, write);
    for (let i = 0; completion.stopped === "attention" && i < 3; i++) {
      for (const call of context.pending()) {
        const approved = await (options.approve ?? (() => true))(call);
        print(`\n${approved ? "Approved" : "Rejected"} ${call.name}(${call.rawArguments})`);
        if (approved) context.approve(call.id);
        else context.reject(call.id, "The user said no.");
      }
      completion = await streamRound(gemini, options, context, write);
    }
    const { usage } = completion;
    print(`\nStopped: ${completion.stopped}; ${usage.totalTokens} tokens (${usage.reasoningTokens ?? 0} thinking)`);
    return { completion, travel, context };
  } finally {
    await gemini.close();
  }
}

async function streamRound(
  gemini: Gemini,
  options: GeminiRunOptions,
  context: Context,
  write: (text: string) => void,
): Promise<Completion> {
  const stream = gemini.stream(options.model, context, {
    maxToolRounds: 4,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for await (const event of stream) if (event.type === "text-delta") write(event.text);
  return stream.completion;
}
