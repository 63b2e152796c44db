// Manual execution end to end: `npm run demo` builds the examples, then run
// `node examples/dist/manual/main.js`. With TOOLTYPE_BASE_URL set it talks to that endpoint
// (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
import type { ScriptedModelServer } from "@tooltype/testing";
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runManual } from "./run-manual.js";

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

runMain(() =>
  withModelTarget(
    scriptManual,
    async (target) =>
      (await runManual({ ...target, signal: AbortSignal.timeout(120_000) })).completion.stopped === "done",
  ),
);
