// Where the long conversation's retained memory goes: the `long` scenario's conversation
// (long-client.mjs's tools and server), with a heap snapshot after full GCs at the middle and
// at the last round, then a table of what the objects allocated between the two snapshots and
// still alive at the last weigh per round, by kind and constructor, and what holds the strings.
// Usage: node --expose-gc bench/long-heap.mjs [contender] [rounds]   (tooltype, 2000)
// Snapshots go to bench/.out/ (git ignores it); prints markdown.
import { fork } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import { impls } from "./scenario.mjs";

const [name = "tooltype", roundsArg = "2000"] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const out = fileURLToPath(new URL("./.out/", import.meta.url));
mkdirSync(out, { recursive: true });
const middle = rounds / 2;
const files = {};
const spaces = {}; // heap space → bytes used, per snapshot round
let round = 0;
const snapshotAt = (at) => {
  globalThis.gc();
  globalThis.gc();
  spaces[at] = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]));
  spaces[at].external = process.memoryUsage().external;
  files[at] = writeHeapSnapshot(`${out}long-${name}-${at}.heapsnapshot`);
};
const metered = Object.fromEntries(
  Object.entries(impls).map(([toolName, impl]) => [
    toolName,
    (args) => {
      round++;
      if (round === middle || round === rounds) snapshotAt(round);
      return impl(args);
    },
  ]),
);

const server = fork(new URL("./server-process.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_ROUNDS: String(rounds), BENCH_SMALL_CALLS: "1" },
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
});
try {
  const { create } = await import(`./contenders/${name}.mjs`);
  const contender = await create(url, metered, { rounds });
  await contender.run(0);
} finally {
  server.send("close");
}

/** The nodes of a snapshot as columns, with each node's first retainer (edge name, holder). */
function load(file) {
  const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, "utf8"));
  const nf = snapshot.meta.node_fields;
  const ef = snapshot.meta.edge_fields;
  const nodeTypes = snapshot.meta.node_types[0];
  const edgeTypes = snapshot.meta.edge_types[0];
  const width = nf.length;
  const count = nodes.length / width;
  const [typeAt, nameAt, idAt, sizeAt, edgesAt] = ["type", "name", "id", "self_size", "edge_count"].map((f) =>
    nf.indexOf(f),
  );
  const [eType, eName, eTo] = ["type", "name_or_index", "to_node"].map((f) => ef.indexOf(f));
  const retainer = new Int32Array(count).fill(-1);
  const retainerEdge = new Array(count);
  let edge = 0;
  for (let n = 0; n < count; n++) {
    const end = edge + nodes[n * width + edgesAt] * ef.length;
    for (; edge < end; edge += ef.length) {
      const kind = edgeTypes[edges[edge + eType]];
      if (kind === "weak" || kind === "shortcut") continue;
      const to = edges[edge + eTo] / width;
      if (retainer[to] !== -1) continue;
      retainer[to] = n;
      const label = edges[edge + eName];
      retainerEdge[to] = kind === "element" || kind === "hidden" ? `[${kind}]` : String(strings[label] ?? label);
    }
  }
  const node = (n) => ({
    type: nodeTypes[nodes[n * width + typeAt]],
    name: strings[nodes[n * width + nameAt]],
    id: nodes[n * width + idAt],
    size: nodes[n * width + sizeAt],
  });
  return { count, node, retainer, retainerEdge };
}

const kindOf = ({ type, name }) => {
  if (type === "object" || type === "closure" || type === "regexp") return `${type} ${name}`;
  if (type === "string" || type === "concatenated string" || type === "sliced string") return type;
  return `${type} ${name.length > 40 ? name.slice(0, 40) + "…" : name}`;
};

const add = (map, key, size, sign = 1) => {
  const entry = map.get(key) ?? { count: 0, size: 0 };
  entry.count += sign;
  entry.size += sign * size;
  map.set(key, entry);
};
const netByKind = new Map(); // what each kind weighs at the last round minus at the middle
const before = load(files[middle]);
const seen = new Set();
for (let n = 0; n < before.count; n++) {
  const node = before.node(n);
  seen.add(node.id);
  if (node.type !== "synthetic") add(netByKind, kindOf(node), node.size, -1);
}
const after = load(files[rounds]);
const byKind = new Map();
const stringHolders = new Map();
const holderOf = (snapshot, n) => {
  const holder = snapshot.retainer[n] >= 0 ? snapshot.node(snapshot.retainer[n]) : undefined;
  return holder === undefined ? "(none)" : `${kindOf(holder)} .${snapshot.retainerEdge[n]}`;
};
const largest = [];
for (let n = 0; n < after.count; n++) {
  const node = after.node(n);
  if (node.type === "synthetic") continue;
  add(netByKind, kindOf(node), node.size);
  if (node.type === "array" && node.size > 8192) {
    const up = after.retainer[n];
    largest.push(`| ${kindOf(node)} ← ${holderOf(after, n)} ← ${up >= 0 ? holderOf(after, up) : ""} | ${node.size} |`);
  }
  if (seen.has(node.id)) continue;
  add(byKind, kindOf(node), node.size);
  if (node.type.includes("string") || node.name === "system / Context" || node.type === "array") {
    add(stringHolders, `${kindOf(node)} ← ${holderOf(after, n)}`, node.size);
  }
}
const per = rounds - middle;
const rows = (map, limit) =>
  [...map.entries()]
    .sort((a, b) => b[1].size - a[1].size)
    .slice(0, limit)
    .map(
      ([key, { count, size }]) =>
        `| ${key.replaceAll("|", "\\|")} | ${(count / per).toFixed(2)} | ${(size / per).toFixed(1)} |`,
    );
const total = [...byKind.values()].reduce((sum, { size }) => sum + size, 0);
const net = [...netByKind.values()].reduce((sum, { size }) => sum + size, 0);
process.stdout.write(
  [
    `Net growth of the heap snapshot between round ${middle} and round ${rounds} (${name}): ${(net / per).toFixed(0)} B per round.`,
    "",
    "| kind | objects / round | bytes / round |",
    "| --- | ---: | ---: |",
    ...rows(netByKind, 25),
    "",
    "| heap space (process.memoryUsage's view) | bytes / round |",
    "| --- | ---: |",
    ...Object.keys(spaces[rounds]).map(
      (space) => `| ${space} | ${((spaces[rounds][space] - spaces[middle][space]) / per).toFixed(1)} |`,
    ),
    "",
    "| arrays over 8 KB at the last round, by holder | bytes |",
    "| --- | ---: |",
    ...largest,
    "",
    `New objects alive at round ${rounds} that did not exist at round ${middle} (${name}): ${(total / per).toFixed(0)} B per round.`,
    "",
    "| kind | objects / round | bytes / round |",
    "| --- | ---: | ---: |",
    ...rows(byKind, 30),
    "",
    "| strings and arrays, by first holder | objects / round | bytes / round |",
    "| --- | ---: | ---: |",
    ...rows(stringHolders, 20),
    "",
  ].join("\n"),
);
