// Streams: one reply whose tool call arguments arrive in thousands of deltas (BENCH_DELTAS), read
// to the assembled call by tooltype's stream, the OpenAI SDK's stream helper and the AI SDK's
// streamText, on the same bytes: from the scripted server over a socket (with a floor: the same
// request read raw by undici), and recorded once then replayed in process with no socket (one
// piece per SSE event, and in larger batches). Env: BENCH_PASSES (3), BENCH_STREAM_SOURCES
// (socket,events,batched), BENCH_CORE_BEFORE (another build of core's dist/esm/index.js, run
// as `tooltype-before` beside the workspace's).
import { log, median, ms, pick, rotated, runNode, table } from "./common.mjs";

const labels = {
  floor: "floor: `undici.request`, body iterated, nothing parsed",
  "floor-dispatch": "floor through `dispatch`: handler callbacks, nothing parsed",
  "floor-socket": "floor of the socket: a raw TCP read loop, no HTTP parser",
  tooltype: "tooltype `ep.stream` (events iterated, then the completion)",
  "tooltype-before": "tooltype before (BENCH_CORE_BEFORE)",
  "openai-stream": "OpenAI SDK `chat.completions.stream` → `finalChatCompletion()`",
  "ai-sdk": "Vercel AI SDK `streamText` (`fullStream` iterated) + zod",
};
const peers = ["openai-stream", "ai-sdk"];
const sourceTitles = {
  socket: "from the scripted server, over a loopback socket",
  events: "recorded bytes replayed in process, no socket: one piece per SSE event",
  batched: `recorded bytes replayed in process, no socket: ${Number(process.env.BENCH_BATCH_BYTES ?? 16384) / 1024} KiB pieces`,
};

export async function run(wanted) {
  const known = [
    "floor",
    "floor-dispatch",
    "floor-socket",
    "tooltype",
    ...(process.env.BENCH_CORE_BEFORE ? ["tooltype-before"] : []),
    ...peers,
  ];
  const names = pick(wanted, known);
  const sources = (process.env.BENCH_STREAM_SOURCES ?? "socket,events,batched").split(",");
  const count = Number(process.env.BENCH_PASSES ?? 3);
  const deltas = Number(process.env.BENCH_DELTAS ?? 5000);
  const samples = {};
  const info = {};
  for (let pass = 0; pass < count; pass++) {
    for (const source of sources) {
      // No floor without a socket: the replay hands the pieces over and nothing reads them.
      for (const name of rotated(names, pass).filter((name) => source === "socket" || !name.startsWith("floor"))) {
        // A replayed request costs a few ms: more of them, for a median as steady as the socket's.
        const [requests, warmup] = source === "socket" ? ["10", "5"] : ["40", "20"];
        const result = runNode("stream-client.mjs", [name, requests, warmup], {
          env: { BENCH_DELTAS: String(deltas), BENCH_STREAM_SOURCE: source },
        });
        (samples[`${source}/${name}`] ??= []).push(median(result.samples));
        info[source] ??= { pieces: result.pieces, reads: {} };
        if (result.reads) (info[source].reads[name] ??= []).push(result.reads);
      }
      log(`  pass ${pass + 1}/${count}: ${source}`);
    }
  }
  const sections = [
    `### Streams: one reply, ${deltas} tool-call argument deltas`,
    "",
    `Each contender in a fresh process, 5 warm-up requests, then the median of 10 (replays: 20, then the median of 40); median of ${count} passes. CPU of the whole request (send, read, parse every event, assemble and parse the arguments).`,
  ];
  for (const source of sources) {
    const rows = names.filter((name) => samples[`${source}/${name}`]);
    const cost = Object.fromEntries(rows.map((name) => [name, median(samples[`${source}/${name}`])]));
    const floor = cost.floor;
    const above = (name) => cost[name] - (floor ?? 0);
    const present = peers.filter((name) => name in cost);
    const best = present.length ? Math.min(...present.map((name) => cost[name])) : NaN;
    const bestAbove = present.length ? Math.min(...present.map(above)) : NaN;
    const ratio = (value, base) => (Number.isFinite(base) ? `${(value / base).toFixed(2)}×` : "–");
    const header = ["contender", "CPU ms / request", "vs the best peer"];
    if (floor !== undefined) header.push("above the floor, ms", "above the floor vs the best peer's");
    const { pieces, reads } = info[source] ?? {};
    sections.push(
      "",
      `#### ${sourceTitles[source]}`,
      "",
      source === "socket"
        ? `Socket reads per request (median of passes): ${Object.entries(reads ?? {})
            .map(([name, counts]) => `${Math.round(median(counts))} for \`${name}\``)
            .join(
              ", ",
            )}; fewer when the machine is loaded, as the server's writes then arrive batched. "Above the floor" is against \`floor\`.`
        : `${pieces} pieces per reply, one per read: fetch gets a \`ReadableStream\` with every piece enqueued (one piece per read), tooltype a dispatcher that plays them through the handler one per turn, waiting while it is paused.`,
      "",
      table(
        header,
        rows.map((name) => {
          const isFloor = name.startsWith("floor");
          const row = [labels[name], ms(cost[name], 1), isFloor ? "–" : ratio(cost[name], best)];
          if (floor !== undefined) row.push(ms(above(name), 1), isFloor ? "–" : ratio(above(name), bestAbove));
          return row;
        }),
      ),
    );
  }
  return sections.join("\n");
}
