// Preloaded with `node -r`: when the process exits, appends its CPU (user + system, ms) and wall
// time since start to the file named by BENCH_CPU_FILE, one JSON line. Lets the bench time a CLI
// (tsc, tooltype, tspc) from the inside without changing it.
const { appendFileSync } = require("node:fs");

process.on("exit", () => {
  const usage = process.cpuUsage();
  const line = JSON.stringify({ cpuMs: (usage.user + usage.system) / 1000, wallMs: performance.now() });
  appendFileSync(process.env.BENCH_CPU_FILE, `${line}\n`);
});
