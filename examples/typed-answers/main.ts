// Typed answers: a TypeScript type as the response format. With TOOLTYPE_BASE_URL set it talks to
// that endpoint (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise to the scripted model server, and says so.
import { runMain, withModelTarget } from "../shared/model-target.js";
import { scriptForecast } from "./script.js";
import { runTypedAnswers } from "./run-typed-answers.js";

runMain(() =>
  withModelTarget(
    scriptForecast,
    async (target) => (await runTypedAnswers({ ...target, signal: AbortSignal.timeout(120_000) })).stopped === "done",
  ),
);
