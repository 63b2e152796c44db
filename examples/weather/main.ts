// `npm run demo`: the weather example end to end. With TOOLTYPE_BASE_URL set it talks to that
// endpoint (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
import { ScriptedModelServer } from "@tooltype/testing";
import { runWeather } from "./run-weather.js";

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(120_000);
  const configured = process.env.TOOLTYPE_BASE_URL;
  let server: ScriptedModelServer | undefined;
  if (!configured) {
    server = await ScriptedModelServer.start();
    server.enqueue(
      { toolCalls: [{ name: "getWeather", arguments: { location: "Paris", unit: "c" } }] },
      (request) => {
        // Answer from what the tool returned, as a real model would.
        const messages = (request.body as { messages?: Array<{ role: string; content?: string }> }).messages ?? [];
        const result = messages.filter((m) => m.role === "tool").pop()?.content ?? "unknown";
        return { text: `Right now in Paris: ${result}.` };
      },
    );
    console.log(`TOOLTYPE_BASE_URL is not set: using the scripted model server at ${server.url}`);
  }
  try {
    const completion = await runWeather({
      baseURL: configured ?? server!.url,
      apiKey: process.env.TOOLTYPE_API_KEY,
      model: process.env.TOOLTYPE_MODEL ?? (configured ? "qwen3-8b" : "scripted"),
      signal,
    });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
