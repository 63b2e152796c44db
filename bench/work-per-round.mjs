// A check, not a timing: a round's request costs what is new in it, not the whole conversation.
// The OpenAI endpoint keeps each message's JSON, encoded, for the rest of the conversation
// (packages/core/src/endpoints/openai/history-bytes.ts) and the tools' JSON until the registry
// changes (openai/tools.ts). This counts, per request, the messages and tool entries this process
// turns into JSON (`JSON.stringify` of an object with a `role`, or with `type` "function" or
// "custom"; the scripted model answers from a child process, so its own JSON is not counted), and
// fails (exit code 1) when a request serialised more than the messages added since the one before
// it (plus, in prompt-mode typed answers, the schema's system message once) or a tool that did not
// change. Usage: `npm run bench:work` (builds core and testing first); prints a table.
import { fork } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const serving = process.argv[2] === "--serve";
const answer = { city: "Oslo", celsius: 21 };

if (serving) {
  // The scripted model: a weather call per round until `rounds` results came back, then the
  // answer (JSON in `typed` mode, text otherwise).
  const { serveInChild } = await import("./serve-in-child.mjs");
  const [, , , rounds, mode] = process.argv;
  let calls = 0;
  await serveInChild((request) => {
    const results = request.body.messages.filter((message) => message.role === "tool").length;
    if (results >= Number(rounds)) return { text: mode === "typed" ? JSON.stringify(answer) : "Done." };
    const args = JSON.stringify({ city: `City ${results}` });
    return { toolCalls: [{ id: `call_${++calls}`, name: "get_weather", arguments: args }] };
  });
} else {
  // BENCH_CORE (a path to another build's dist/esm/index.js) checks that core instead.
  const { completions, Context, OpenAI } = await import(
    process.env.BENCH_CORE ? pathToFileURL(process.env.BENCH_CORE).href : "@tooltype/core"
  );

  // Counts what this process serialises; `window` is the request being built.
  let window;
  const original = JSON.stringify;
  JSON.stringify = function (value, ...rest) {
    if (window !== undefined && typeof value === "object" && value !== null && !Array.isArray(value)) {
      if (typeof value.role === "string") window.messages++;
      else if ((value.type === "function" || value.type === "custom") && value.type in value) window.tools++;
    }
    return original.call(this, value, ...rest);
  };

  async function serve(rounds, mode) {
    const child = fork(fileURLToPath(import.meta.url), ["--serve", String(rounds), mode], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const { url } = await new Promise((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`the scripted model exited (${code}) before it started`)));
    });
    return { url, close: () => child.kill() };
  }

  const forecast = {
    type: "object",
    properties: { city: { type: "string" }, celsius: { type: "number" } },
    required: ["city", "celsius"],
  };

  /**
   * Plays one conversation of `rounds` tool rounds; `expected(request, added)` says how many
   * messages and tools request `request` (1-based) may serialise, `added` being the messages it
   * holds beyond the previous one's. Returns one row per request.
   */
  async function conversation(name, { rounds, ctx, typed = false, changeToolAfter, expected }) {
    const model = await serve(rounds, typed ? "typed" : "text");
    const ep = new OpenAI({ baseURL: model.url, apiKey: "bench" });
    let runs = 0;
    ep.tools.define({
      name: "get_weather",
      description: "The weather in a city.",
      schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      impl: ({ city }) => {
        if (++runs === changeToolAfter) ep.tools.get("get_time").description = "The local time in a city, now.";
        return { city, celsius: 21 };
      },
    });
    ep.tools.define({
      name: "get_time",
      description: "The local time in a city.",
      schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      impl: () => "12:00",
    });
    if (typed) ep.config("bench-model").outputMode = "prompt";
    ctx.toolPolicy.allow("*");
    const windows = [];
    let previous = 0;
    try {
      const completion = await completions(ep, "bench-model", ctx, rounds + 1, {
        ...(typed ? { output: forecast } : {}),
        onEvent: (event) => {
          if (event.type !== "request") return;
          window = { messages: 0, tools: 0, added: event.messages - previous };
          previous = event.messages;
          windows.push(window);
        },
      });
      window = undefined;
      if (typed && JSON.stringify(completion.output) !== JSON.stringify(answer)) throw new Error("wrong typed answer");
    } finally {
      window = undefined;
      await ep.close();
      model.close();
    }
    return windows.map((counted, i) => {
      const allowed = expected(i + 1, counted.added);
      const ok = counted.messages <= allowed.messages && counted.tools <= allowed.tools;
      return { name, request: i + 1, ...counted, allowed, ok };
    });
  }

  const rows = [
    ...(await conversation("history: each message once", {
      rounds: 30,
      ctx: new Context().system("You answer briefly.").user("Weather in 30 cities?"),
      // The first request serialises the two tools; later ones only the assistant message and tool result.
      expected: (request, added) => ({ messages: added, tools: request === 1 ? 2 : 0 }),
    })),
    ...(await conversation("tools: only the one changed", {
      rounds: 4,
      ctx: new Context().user("Weather?"),
      changeToolAfter: 2,
      expected: (request, added) => ({ messages: added, tools: request === 1 ? 2 : request === 3 ? 1 : 0 }),
    })),
    ...(await conversation("typed answer, prompt mode (system message extended)", {
      rounds: 3,
      typed: true,
      ctx: new Context().system("You forecast weather.").user("Oslo?"),
      // + the schema's system message, built once for the whole conversation.
      expected: (request, added) => ({ messages: added + (request === 1 ? 1 : 0), tools: request === 1 ? 2 : 0 }),
    })),
    ...(await conversation("typed answer, prompt mode (system message added)", {
      rounds: 3,
      typed: true,
      ctx: new Context().user("Oslo?"),
      expected: (request, added) => ({ messages: added + (request === 1 ? 1 : 0), tools: request === 1 ? 2 : 0 }),
    })),
  ];

  const lines = [
    "| conversation | request | messages serialised (allowed) | tools serialised (allowed) | |",
    "| --- | ---: | ---: | ---: | --- |",
  ];
  for (const row of rows) {
    // A long conversation's middle says nothing new: its first three and last two requests are shown.
    const last = rows.filter((other) => other.name === row.name).length;
    if (row.ok && row.request > 3 && row.request < last - 1) continue;
    lines.push(
      `| ${row.name} | ${row.request} | ${row.messages} (${row.allowed.messages}) | ${row.tools} (${row.allowed.tools}) | ${row.ok ? "ok" : "**more than what is new**"} |`,
    );
  }
  const failed = rows.filter((row) => !row.ok);
  lines.push(
    "",
    failed.length === 0
      ? `ok: ${rows.length} requests, each serialised only what was new in it.`
      : `FAILED: ${failed.length} of ${rows.length} requests serialised more than what was new in them.`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
