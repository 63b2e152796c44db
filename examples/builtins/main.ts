// The builtins example: file and time tools under a policy that holds writes for approval.
// With TOOLTYPE_BASE_URL set it talks to that endpoint; otherwise to the scripted model server.
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runBuiltins } from "./run-builtins.js";
import { scriptNotesTurns } from "./scripted-turns.js";

runMain(() =>
  withModelTarget(
    (server) => scriptNotesTurns(server, (request) => lastToolResult(request)),
    async (target) => {
      const run = await runBuiltins({ ...target, signal: AbortSignal.timeout(120_000) });
      return run.second.stopped === "done";
    },
  ),
);
