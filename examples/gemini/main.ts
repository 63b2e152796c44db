// The Gemini example end to end. Build the examples (`node scripts/build.mjs && node
// transformer/dist/cjs/cli/main.js build -p examples/tsconfig.json`), then run
// `node examples/dist/gemini/main.js`. With GEMINI_API_KEY set it talks to Google's Gemini API
// (GEMINI_BASE_URL and TOOLTYPE_MODEL may change where and which model); otherwise to the
// scripted model server, and says so.
import { ScriptedModelServer } from "@tooltype/testing";
import { runGemini } from "./run-gemini.js";
import { runMain } from "../shared/model-target.js";

/** The scripted Gemini: both forecasts at once (parallel calls, the first signed), then the booking. */
function script(server: ScriptedModelServer): void {
  server.enqueue(
    {
      reasoning: "I need both forecasts.",
      toolCalls: [
        { name: "getWeather", arguments: { city: "Lisbon" } },
        { name: "getWeather", arguments: { city: "Porto" } },
      ],
    },
    {
      text: "Lisbon is warmer (24 °C). ",
      toolCalls: [{ name: "bookHotel", arguments: { city: "Lisbon", nights: 2 } }],
    },
    { text: "Booked two nights in Lisbon." },
  );
}

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(120_000);
  const apiKey = process.env.GEMINI_API_KEY;
  let server: ScriptedModelServer | undefined;
  if (!apiKey) {
    server = await ScriptedModelServer.start();
    script(server);
    console.log(`GEMINI_API_KEY is not set: using the scripted model server at ${server.origin}`);
  }
  try {
    const { completion } = await runGemini({
      baseURL: server?.origin ?? process.env.GEMINI_BASE_URL,
      apiKey,
      model: process.env.TOOLTYPE_MODEL ?? (server ? "scripted-gemini" : "gemini-2.5-flash"),
      signal,
    });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

runMain(main);
