// tooltype inside a plain Node HTTP service: `npm run demo` builds the examples, then run
// `node examples/dist/service/main.js`. It starts the service on a free port, asks it one
// question as Ada, prints the answer and stops. With TOOLTYPE_BASE_URL set the service talks to
// that endpoint (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
// To keep it running instead: SERVICE_PORT=3000 node examples/dist/service/main.js, then
//   curl -X POST localhost:3000/ask -H 'authorization: Bearer token-ada' -d '{"question":"Any open tickets?"}'
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { createAskService } from "./ask-service.js";
import { runMain } from "../shared/model-target.js";

/** The scripted model answers any number of requests, in any order: list the tickets, then sum them up. */
function script(server: ScriptedModelServer): void {
  server.onRequest((request: RecordedRequest) => {
    const last = (request.body as { messages: Array<{ role: string; content?: string }> }).messages.at(-1)!;
    if (last.role !== "tool") return { toolCalls: [{ name: "listMyTickets", arguments: { status: "open" } }] };
    const open = JSON.parse(last.content ?? "[]") as Array<{ id: string; subject: string }>;
    return {
      text:
        open.length === 0
          ? "You have no open tickets."
          : `Open: ${open.map((t) => `${t.id} (${t.subject})`).join("; ")}.`,
    };
  });
}

async function main(): Promise<void> {
  const configured = process.env.TOOLTYPE_BASE_URL;
  let server: ScriptedModelServer | undefined;
  if (!configured) {
    server = await ScriptedModelServer.start();
    script(server);
    console.log(`TOOLTYPE_BASE_URL is not set: using the scripted model server at ${server.url}`);
  }
  const service = createAskService({
    baseURL: configured ?? server!.url,
    apiKey: process.env.TOOLTYPE_API_KEY,
    model: process.env.TOOLTYPE_MODEL ?? (configured ? "qwen3-8b" : "scripted"),
  });
  const keepRunning = process.env.SERVICE_PORT !== undefined;
  const url = await service.listen(Number(process.env.SERVICE_PORT ?? 0));
  console.log(`The service listens at ${url}`);
  if (keepRunning) return; // serves until Ctrl-C
  try {
    const response = await fetch(`${url}/ask`, {
      method: "POST",
      headers: { authorization: "Bearer token-ada", "content-type": "application/json" },
      body: JSON.stringify({ question: "Do I have any open tickets?" }),
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await response.json()) as { answer?: string; error?: string };
    console.log(`${response.status}: ${body.answer ?? body.error}`);
    if (response.status !== 200) process.exitCode = 1;
  } finally {
    await service.close();
    await server?.close();
  }
}

runMain(main);
