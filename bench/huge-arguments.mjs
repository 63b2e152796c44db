// Refusing a huge argument: a 100 MB reply whose one tool call holds a 100 MB arguments string,
// over maxToolInput. Measures, in one process against a loopback server in a child process:
//   floor: undici.request + body.text() + JSON.parse of the same reply
//   tooltype: completions() until the call is refused (its `decision` event)
// Run: node scripts/build.mjs core && node --expose-gc bench/huge-arguments.mjs
// (BENCH_HUGE_MB, default 100; BENCH_PASSES, default 5)
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { request } from "undici";

const mb = Number(process.env.BENCH_HUGE_MB ?? 100);
const passes = Number(process.env.BENCH_PASSES ?? 5);

if (process.argv[2] === "serve") {
  const { createServer } = await import("node:http");
  const text = "x".repeat(mb * 1024 * 1024);
  const huge = Buffer.from(
    JSON.stringify({
      id: "r1",
      object: "chat.completion",
      model: "m",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "call_1", type: "function", function: { name: "note", arguments: JSON.stringify({ text }) } },
            ],
          },
        },
      ],
    }),
  );
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": huge.length });
      res.end(huge);
    });
  });
  server.listen(0, "127.0.0.1", () =>
    process.send({ url: `http://127.0.0.1:${server.address().port}`, bytes: huge.length }),
  );
  process.on("disconnect", () => process.exit(0));
} else {
  const child = fork(fileURLToPath(import.meta.url), ["serve"], { stdio: "inherit" });
  const { url, bytes } = await new Promise((resolve) => child.once("message", resolve));
  const core = await import("@tooltype/core");

  const cpuSince = (start) => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };

  async function floor() {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await request(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    });
    const body = JSON.parse(await res.body.text());
    if (body.choices.length !== 1) throw new Error("unexpected reply");
    return { wall: performance.now() - started, cpu: cpuSince(cpu) };
  }

  async function tooltype() {
    const ep = new core.OpenAI({ baseURL: url, maxResponseBytes: 4 * bytes, retries: 0 });
    ep.tools.define({
      name: "note",
      description: "Keeps a note.",
      schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      impl: () => "kept",
    });
    const ctx = new core.Context().user("hi");
    ctx.toolPolicy.allow("note");
    const started = performance.now();
    const cpu = process.cpuUsage();
    let refusedAt;
    let refusedCpu;
    let message;
    // One round: the refusal is what is measured, not the request that reports it.
    await core.completions(ep, "m", ctx, 1, {
      onEvent: (event) => {
        if (event.type === "decision" && refusedAt === undefined) {
          refusedAt = performance.now() - started;
          refusedCpu = cpuSince(cpu);
          message = event.call.argumentError;
        }
      },
    });
    if (refusedAt === undefined) throw new Error("the call was not refused");
    return { refusedAt, refusedCpu, message };
  }

  console.log(`reply: ${(bytes / 1048576).toFixed(1)} MiB`);
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const ratios = { wall: [], cpu: [] };
  for (let pass = 0; pass < passes; pass++) {
    // Alternating order, a collection between: neither side pays for the other's garbage.
    const first = pass % 2 === 0 ? "floor" : "tooltype";
    let f, t;
    for (const which of [first, first === "floor" ? "tooltype" : "floor"]) {
      globalThis.gc?.();
      if (which === "floor") f = await floor();
      else t = await tooltype();
    }
    ratios.wall.push(t.refusedAt / f.wall);
    ratios.cpu.push(t.refusedCpu / f.cpu);
    console.log(
      `pass ${pass + 1}: floor (undici + JSON.parse) ${seconds(f.wall)} wall, ${seconds(f.cpu)} CPU; ` +
        `tooltype refused the call after ${seconds(t.refusedAt)} wall, ${seconds(t.refusedCpu)} CPU ` +
        `(${(t.refusedAt / f.wall).toFixed(2)}× / ${(t.refusedCpu / f.cpu).toFixed(2)}× the floor)`,
    );
    if (pass === 0) console.log(`  the model reads: ${String(t.message).slice(0, 160)}`);
  }
  const median = (list) => list.slice().sort((a, b) => a - b)[list.length >> 1];
  console.log(
    `median: ${median(ratios.wall).toFixed(2)}× the floor's wall time, ${median(ratios.cpu).toFixed(2)}× its CPU`,
  );
  child.disconnect();
}
