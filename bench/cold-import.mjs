// One cold import in a fresh process: prints the wall time since the process started and the
// CPU it used (user + system), once `import(specifier)` has settled ("" imports nothing: the baseline).
// Usage: node bench/cold-import.mjs <specifier> [require]; prints one JSON line.
import { createRequire } from "node:module";

const [specifier = "", how = "import"] = process.argv.slice(2);
if (specifier !== "") {
  if (how === "require") createRequire(import.meta.url)(specifier);
  else await import(specifier);
}
const usage = process.cpuUsage();
process.stdout.write(JSON.stringify({ wallMs: performance.now(), cpuMs: (usage.user + usage.system) / 1000 }) + "\n");
