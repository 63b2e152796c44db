import { Context, OpenAI, type Completion } from "@tooltype/core";
import { Weather } from "./weather.js";

/** Where the weather example sends its requests. */
export interface WeatherRunOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token; never printed. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Receives each line the demo prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run (the demo never hangs). */
  signal?: AbortSignal;
}

/** Asks the model for the weather in Paris, lets it call `getWeather`, and returns its answer. */
export async function runWeather(options: WeatherRunOptions): Promise<Completion> {
  const print = options.print ?? console.log;
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    ep.tools.add(new Weather());
    const tool = ep.tools.get("getWeather");
    print(`Tool ${tool.name}: ${tool.description}`);
    print(`Schema (generated at compile time): ${JSON.stringify(tool.schema, null, 2)}`);

    const ctx = new Context();
    ctx.system("You answer weather questions. Use the getWeather tool; do not guess.");
    ctx.user("What's the weather like in Paris right now?");
    ctx.toolPolicy.allow("getWeather"); // nothing runs unless the policy says so

    const completion = await ep.completions(options.model, ctx, { maxToolRounds: 4, signal: options.signal });
    for (const call of completion.calls) {
      print(`Model called ${call.name}(${call.rawArguments})`);
      print(
        `Policy: ${call.policyResult?.status ?? "none"}${call.policyResult?.message ? ` (${call.policyResult.message})` : ""}`,
      );
      print(`Result: ${call.result?.output ?? "(none)"}`);
    }
    print(`Answer: ${completion.text ?? "(no text)"}`);
    print(`Stopped: ${completion.stopped} after ${completion.rounds} round(s)`);
    return completion;
  } finally {
    await ep.close();
  }
}
