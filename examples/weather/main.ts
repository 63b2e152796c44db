// `npm run demo`: the weather example end to end. With TOOLTYPE_BASE_URL set it talks to that
// endpoint (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runWeather } from "./run-weather.js";

runMain(() =>
  withModelTarget(
    (server) =>
      server.enqueue(
        { toolCalls: [{ name: "getWeather", arguments: { location: "Paris", unit: "c" } }] },
        // Answer from what the tool returned, as a real model would.
        (request) => ({ text: `Right now in Paris: ${lastToolResult(request)}.` }),
      ),
    async (target) => (await runWeather({ ...target, signal: AbortSignal.timeout(120_000) })).stopped === "done",
  ),
);
