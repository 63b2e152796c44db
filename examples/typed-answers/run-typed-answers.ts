import { Context, jsonSchema, OpenAI, type TypedCompletion } from "@tooltype/core";
import { WeatherService, type Forecast } from "./forecast.js";

/** Where the example sends its requests. */
export interface TypedAnswersRunOptions {
  /** An OpenAI-compatible base URL (LM Studio: http://localhost:1234). */
  baseURL: string;
  /** Sent as a bearer token; never printed. */
  apiKey?: string;
  /** The model to ask. */
  model: string;
  /** Receives each line the example prints. */
  print?: (line: string) => void;
  /** Gives up on the whole run. */
  signal?: AbortSignal;
}

/**
 * Asks for a three-day forecast as a `Forecast`: the model calls `rawForecast`, then answers with
 * JSON that is validated against the type's schema; partial answers print while it streams.
 */
export async function runTypedAnswers(options: TypedAnswersRunOptions): Promise<TypedCompletion<Forecast>> {
  const print = options.print ?? console.log;
  const ep = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeoutMs: 60_000 });
  try {
    ep.tools.add(new WeatherService());
    const ctx = new Context().system("You turn raw forecasts into structured ones.").user("Forecast for Oslo?");
    ctx.toolPolicy.allow("rawForecast");

    const stream = ep.stream(options.model, ctx, { output: jsonSchema<Forecast>("forecast"), signal: options.signal });
    for await (const event of stream) {
      if (event.type === "partial-output") print(`…${event.partial.days?.length ?? 0} day(s) so far`);
    }
    const completion = await stream.completion;
    if (completion.stopped !== "done") {
      print(`Stopped: ${completion.stopped}`);
      return completion;
    }
    const forecast: Forecast = completion.output; // typed and validated, no cast
    for (const day of forecast.days) print(`${forecast.city} ${day.day}: ${day.celsius} °C, ${day.sky}`);
    const again = await ep.completions(options.model, "Is it warm in Oslo? One word.", {
      maxToolRounds: 0,
      output: jsonSchema<{ answer: "yes" | "no" }>("yes-or-no"),
      signal: options.signal,
    });
    print(`Warm? ${again.output?.answer ?? "(no answer)"}`);
    return completion;
  } finally {
    await ep.close();
  }
}
