// Preloaded with `node -r`: when the process exits, appends its CPU (user + system, ms) and wall
// time since start to the file named by BENCH_CPU_FILE, one JSON line. Lets the bench time a CLI
// (tsc, tooltype, tspc) from the inside without changing it. Measured after every other "exit"
// listener ran (the work a CLI leaves for exit, such as writing a cache, is counted).
const { appendFileSync } = require("node:fs");

const emit = process.emit;
process.emit = function emitThenMeasureExit(event, ...args) {
  const result = emit.call(this, event, ...args);
  if (event === "exit") {
    const usage = process.cpuUsage();
    const line = JSON.stringify({ cpuMs: (usage.user + usage.system) / 1000, wallMs: performance.now() });
    appendFileSync(process.env.BENCH_CPU_FILE, `${line}\n`);
  }
  return result;
};
