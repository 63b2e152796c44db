// What @tooltype/otel adds to tooltype's CPU per tool round in the real loop (the scripted server
// in its own process, as in the rounds scenario), measured in ONE process so that the machine's
// load drifts alike for both sides: conversations take turns, in rotating order, between
//   plain   – tooltype alone, no context manager registered: no instrumentation at all;
//   context – tooltype alone with the AsyncLocalStorage context manager on (what any OTel setup
//             registers, with or without tooltype's hooks; on Node 20 it hooks every promise);
//   hooks   – the same with hooks that only call through and listen to events: the loop's own
//             work for any observer;
//   api     – @tooltype/otel's hooks on the API's no-op providers: the hooks' own code;
//   spans, metrics – @tooltype/otel with only the SDK's tracer (only its meter) provider;
//   otel    – tooltype with @tooltype/otel's hooks on the SDK, no-op exporter (contenders/tooltype-otel.mjs).
// Each gets `warmup` conversations first, then `conversations` measured ones; the CPU of each
// conversation (process.cpuUsage: every thread, JIT and GC included) is summed per variant, in
// two windows: conversations 11–50 of each (the rounds scenario's window, still warming up) and
// the ones after `warmup` (steady state).
// Usage: node bench/otel-overhead.mjs [conversations=200] [warmup=150]; prints a markdown table.
import { fork } from "node:child_process";
import { context } from "@opentelemetry/api";
import { Telemetry } from "@tooltype/otel";
import { create as createTooltype } from "./contenders/tooltype.mjs";
import { noopSdk } from "./contenders/tooltype-otel.mjs";
import { impls, ROUNDS } from "./scenario.mjs";

const [conversations = "200", warmup = "150"] = process.argv.slice(2).map(String);
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

const server = fork(new URL("./server-process.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
});
server.on("message", () => {});

try {
  const { manager, tracerProvider, meterProvider } = noopSdk();
  const telemetry = new Telemetry({ tracerProvider, meterProvider });
  const plain = await createTooltype(url, impls);
  const traced = await createTooltype(url, impls, { completion: { hooks: telemetry.hooks } });
  // No SDK registered globally: a Telemetry on the global providers records on the API's no-ops.
  const apiOnly = await createTooltype(url, impls, { completion: { hooks: new Telemetry().hooks } });
  const spansOnly = await createTooltype(url, impls, {
    completion: { hooks: new Telemetry({ tracerProvider }).hooks },
  });
  const metricsOnly = await createTooltype(url, impls, {
    completion: { hooks: new Telemetry({ meterProvider }).hooks },
  });
  // Hooks that do nothing but call through and listen: what the loop itself does for any observer.
  const through = (_subject, run) => run();
  const bareHooks = () => ({ completion: (run) => run(), request: through, tool: through, onEvent: () => {} });
  const bare = await createTooltype(url, impls, { completion: { hooks: bareHooks } });
  // The context manager off: unregistered, and its AsyncLocalStorage disabled (Node then drops its hooks).
  const off = () => {
    context.disable();
    manager.disable();
  };
  const on = () => {
    manager.enable();
    context.setGlobalContextManager(manager);
  };
  const variants = {
    plain: (c) => (off(), plain.run(c)),
    context: (c) => (on(), context.with(context.active(), () => plain.run(c))),
    hooks: (c) => (on(), context.with(context.active(), () => bare.run(c))),
    api: (c) => (on(), apiOnly.run(c)),
    spans: (c) => (on(), spansOnly.run(c)),
    metrics: (c) => (on(), metricsOnly.run(c)),
    otel: (c) => (on(), traced.run(c)),
  };
  const names = Object.keys(variants);
  const windows = { early: [10, 50], steady: [Number(warmup), Number(warmup) + Number(conversations)] };
  const sums = Object.fromEntries(Object.keys(windows).map((w) => [w, Object.fromEntries(names.map((n) => [n, 0]))]));
  const last = windows.steady[1];
  for (let c = 0; c < last; c++) {
    const order = names.map((_, i) => names[(i + c) % names.length]);
    for (const name of order) {
      const start = cpu();
      await variants[name](c);
      const spent = cpu() - start;
      for (const [w, [from, to]] of Object.entries(windows)) if (c >= from && c < to) sums[w][name] += spent;
    }
  }
  const perRound = (w, name) => sums[w][name] / ((windows[w][1] - windows[w][0]) * ROUNDS);
  const cell = (w, name) =>
    `${perRound(w, name).toFixed(0)} | ${(perRound(w, name) / perRound(w, "plain")).toFixed(2)}×`;
  process.stdout.write(
    [
      `CPU µs per tool round, one process, variants taking turns; ${warmup} warm-up conversations each, then ${conversations}.`,
      "",
      "| variant | conversations 11–50 | vs plain | steady | vs plain |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...names.map((name) => `| ${name} | ${cell("early", name)} | ${cell("steady", name)} |`),
      "",
    ].join("\n"),
  );
} finally {
  server.send("close");
}
process.exit(0); // the SDK's timers would keep the process alive
