import { Context, OpenAI, type Completion, type LoopEvent } from "@tooltype/core";
import { Thermostat } from "./thermostat.js";

/** Where the Qwen example sends its requests. */
export interface QwenRunOptions {
  /**
   * An OpenAI-compatible local server: LM Studio http://localhost:1234, Ollama
   * http://localhost:11434, llama.cpp's llama-server http://localhost:8080 (a URL with no path gets /v1).
   */
  baseURL: string;
  /** Sent as a bearer token; never printed (local servers need none). */
  apiKey?: string;
  /** The model, e.g. "qwen3-8b" (LM Studio), "qwen3:8b" (Ollama). */
  model: string;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run (the example never hangs). */
  signal?: AbortSignal;
}

/** What a run produced. */
export interface QwenRun {
  completion: Completion;
  /** The visible text of each reply, tags taken out (null: the reply was only calls). */
  texts: Array<string | null>;
  /** The thermostat the tools ran against. */
  thermostat: Thermostat;
}

/**
 * A local Qwen model that writes its tool calls as text in the reply, as happens when the server
 * does not parse them (llama-server without --jinja, vLLM without --tool-call-parser, some LM
 * Studio and Ollama templates). With the "qwen" dialect tooltype reads Hermes
 * `<tool_call>{…}</tool_call>` and Qwen XML `<function=…><parameter=…>` calls from the text, runs
 * them through the same policy and loop as native calls, and keeps the rest as the visible text.
 */
export async function runQwen(options: QwenRunOptions): Promise<QwenRun> {
  const print = options.print ?? console.log;
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 120_000 });
  try {
    const thermostat = new Thermostat();
    ep.tools.add(thermostat);
    ep.config(options.model).dialect = "qwen"; // default "openai": native tool_calls only

    const ctx = new Context();
    ctx.system("You control the home's thermostat with the tools. Check a room before changing it.");
    ctx.user("It's cold in the kitchen. Make it two degrees warmer than it is now.");
    ctx.toolPolicy.allow("getTemperature", "setTemperature");

    const texts: Array<string | null> = [];
    const onEvent = (event: LoopEvent): void => {
      if (event.type === "reply") {
        texts.push(event.choice.text);
        print(`Round ${event.round}, visible text: ${JSON.stringify(event.choice.text)}`);
        for (const call of event.choice.toolCalls)
          print(`  call read from the text: ${call.id} ${call.name}(${call.rawArguments})`);
      } else if (event.type === "tool-result") {
        print(`  ${event.call.name} ran → ${event.call.result?.output}`);
      }
    };
    const completion = await ep.completions(options.model, ctx, { maxToolRounds: 4, signal: options.signal, onEvent });
    print(`Answer: ${completion.text ?? "(no text)"}`);
    print(`Stopped: ${completion.stopped} after ${completion.rounds} round(s)`);
    return { completion, texts, thermostat };
  } finally {
    await ep.close();
  }
}
