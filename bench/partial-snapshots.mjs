// What each `partial-output` event's own snapshot costs: a streamed answer read with PartialJSON
// in small deltas, (a) pushing only (what the loop did before), (b) taking a snapshot per delta
// (what the loop does now: a step per open object or array), (c) also building every snapshot
// (what a consumer that reads every event's `partial` pays), against (d) a structuredClone of the
// whole value per delta (what the docs told a reader to do before). Prints CPU per event for each.
// Run: node scripts/build.mjs core && node bench/partial-snapshots.mjs
import { PartialJSON } from "@tooltype/core";

const story = {
  title: "Fjords",
  chapters: Array.from({ length: 3 }, (_, i) => ({ heading: `Part ${i + 1}`, text: "It rained. ".repeat(40) })),
};
const list = { city: "Oslo", days: Array.from({ length: 2000 }, (_, i) => ({ day: `d${i}`, celsius: i % 40 })) };
const answers = [
  ["the docs' story (1.5 KB, 3 chapters)", JSON.stringify(story)],
  ["a long list (57 KB, 2,000 items in one open array)", JSON.stringify(list)],
];
const deltaSize = Number(process.env.BENCH_DELTA ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);

function run(text, mode) {
  let events = 0;
  const started = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    const parser = new PartialJSON();
    for (let i = 0; i < text.length; i += deltaSize) {
      if (!parser.push(text.slice(i, i + deltaSize))) continue;
      events++;
      if (mode === "push") continue;
      if (mode === "clone") {
        structuredClone(parser.value);
        continue;
      }
      const snapshot = parser.snapshot();
      if (mode === "read") snapshot();
    }
  }
  const used = process.cpuUsage(started);
  return { events: events / rounds, microseconds: (used.user + used.system) / events };
}

for (const [name, text] of answers) {
  for (const mode of ["push", "read"]) run(text, mode); // warm-up
  const push = run(text, "push");
  const take = run(text, "take");
  const read = run(text, "read");
  const clone = run(text, "clone");
  console.log(
    `${name}, ${push.events} events: push ${push.microseconds.toFixed(2)} µs/event; ` +
      `+ snapshot taken ${(take.microseconds - push.microseconds).toFixed(2)} µs; ` +
      `+ snapshot built (read) ${(read.microseconds - push.microseconds).toFixed(2)} µs; ` +
      `+ structuredClone instead ${(clone.microseconds - push.microseconds).toFixed(2)} µs`,
  );
}
