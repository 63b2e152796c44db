// Manual execution end to end: `npm run demo` builds the examples, then run
// `node examples/dist/manual/main.js`. With TOOLTYPE_BASE_URL set it talks to that endpoint
// (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { runManual } from "./run-manual.js";

/** The last tool result the request carries, as a real model would read it. */
function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body as { messages?: Array<{ role: string; content?: string }> }).messages ?? [];
  return messages.filter((m) => m.role === "tool").pop()?.content ?? "";
}

/** The scripted model: plan a lookup, then look up Friday, cancel the dentist, and say so. */
function scriptManual(server: ScriptedModelServer): void {
  server.enqueue(
    { toolCalls: [{ name: "listEvents", arguments: { day: "friday" } }] },
    { toolCalls: [{ name: "listEvents", arguments: { day: "friday" } }] },
    (request) => {
      const events = JSON.parse(lastToolResult(request)) as Array<{ id: string; title: string }>;
      const dentist = events.find((event) => event.title === "Dentist");
      return dentist
        ? { text: "Found it; cancelling.", toolCalls: [{ name: "cancelEvent", arguments: { eventId: dentist.id } }] }
        : { text: "There is no dentist appointment on Friday." };
    },
    (request) => ({ text: `Done. ${lastToolResult(request)}` }),
  );
}

async function main(): Promise<void> {
  const configured = process.env.TOOLTYPE_BASE_URL;
  let server: ScriptedModelServer | undefined;
  if (!configured) {
    server = await ScriptedModelServer.start();
    scriptManual(server);
    console.log(`TOOLTYPE_BASE_URL is not set: using the scripted model server at ${server.url}`);
  }
  try {
    const { completion } = await runManual({
      baseURL: configured ?? server!.url,
      apiKey: process.env.TOOLTYPE_API_KEY,
      model: process.env.TOOLTYPE_MODEL ?? (configured ? "qwen3-8b" : "scripted"),
      signal: AbortSignal.timeout(120_000),
    });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`example failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
