import { runApp } from "./run-app.js";

runApp(process.env.WAY ?? "app").then(
  (line) => console.log(line),
  (error: unknown) => {
    console.error(`integration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
