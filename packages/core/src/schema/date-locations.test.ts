// Date paths as the transformer writes them (see transformer/src/engine/cases for the paths real
// types give), read here: revived in a whole value, and found while a value streams in.
import { DateLocations, datePathsUnder, type DatePaths } from "./date-locations.js";
import { PartialJSON } from "./partial-json.js";

const at = "2024-05-01T12:30:00Z";
const date = new Date(at);

// interface Task { due: Date; subtasks: Task[] }  type T = { root: Task; spare?: Task }
const tasks: DatePaths = [
  ["root", "#/$defs/Task"],
  ["spare", "#/$defs/Task"],
  ["#/$defs/Task", "due"],
  ["#/$defs/Task", "subtasks", "*", "#/$defs/Task"],
];

/** A chain of `depth` tasks, each with a `due` and a `label` holding a date-time string. */
function chain(depth: number): Record<string, unknown> {
  let task: Record<string, unknown> = { due: at, label: at, subtasks: [] };
  for (let i = 1; i < depth; i++) task = { due: at, label: at, subtasks: [task] };
  return task;
}

describe("DateLocations", () => {
  it("revives the dates of a recursive type at every depth, through each place that meets it", () => {
    const value = { root: chain(40), spare: chain(3), label: at };
    expect(DateLocations.of(tasks).revive(value).ok).toBe(true);
    let task = value.root as { due: unknown; label: unknown; subtasks: unknown[] } | undefined;
    let depth = 0;
    for (; task !== undefined; depth++, task = task.subtasks[0] as typeof task) {
      expect(task.due).toEqual(date);
      expect(task.label).toBe(at); // not a Date in the type: left alone
    }
    expect(depth).toBe(40);
    expect((value.spare as { subtasks: { subtasks: { due: unknown }[] }[] }).subtasks[0]!.subtasks[0]!.due).toEqual(
      date,
    );
    expect(value.label).toBe(at);
  });

  it("revives a recursive type at the root, and a type that is itself a date in one of its forms", () => {
    // type Stamp = Date | Stamp[], at the root of the value ("#": the path starts at the root).
    const stamps: DatePaths = [["#", "#/$defs/Stamp"], ["#/$defs/Stamp"], ["#/$defs/Stamp", "*", "#/$defs/Stamp"]];
    expect(DateLocations.of(stamps).revive(at)).toEqual({ ok: true, value: date });
    expect(DateLocations.of(stamps).revive([at, [[at], []]])).toEqual({ ok: true, value: [date, [[date], []]] });
  });

  it("names the path of a string there that is no date", () => {
    const value = {
      root: { due: at, subtasks: [{ due: at, subtasks: [{ due: "2016-12-31T23:59:60Z", subtasks: [] }] }] },
    };
    expect(DateLocations.of(tasks).revive(value)).toEqual({ ok: false, path: "/root/subtasks/0/subtasks/0/due" });
  });

  it("visits each value once however many ways the types refer to each other", () => {
    // interface A { at: Date; next?: A | B }  interface B { at: Date; next?: A | B }: each level
    // is reached as an A and as a B; followed path by path that doubles with every level.
    const both: DatePaths = [
      ["#", "#/$defs/A"],
      ["#/$defs/A", "at"],
      ["#/$defs/A", "next", "#/$defs/A"],
      ["#/$defs/A", "next", "#/$defs/B"],
      ["#/$defs/B", "at"],
      ["#/$defs/B", "next", "#/$defs/A"],
      ["#/$defs/B", "next", "#/$defs/B"],
    ];
    let value: Record<string, unknown> = { at };
    for (let i = 0; i < 200; i++) value = { at, next: value };
    const root = value;
    expect(DateLocations.of(both).revive(value).ok).toBe(true);
    let depth = 0;
    for (let node: Record<string, unknown> | undefined = root; node; node = node.next as typeof node) {
      expect(node.at).toEqual(date);
      depth++;
    }
    expect(depth).toBe(201);
  });

  it("reads names escaped with ~ as the names they are, not as * or a $defs entry", () => {
    const value = { "*": at, "~x": at, "#/$defs/Task": at, other: at };
    expect(DateLocations.of([["~*"], ["~~x"], ["~#/$defs/Task"]]).revive(value).ok).toBe(true);
    expect(value).toEqual({ "*": date, "~x": date, "#/$defs/Task": date, other: at });
  });

  it("moves paths under a key, leaving the $defs entries' own paths as they are", () => {
    expect(datePathsUnder("value", [["#", "#/$defs/Task"], ["at"], ["#/$defs/Task", "due"]])).toEqual([
      ["value", "#/$defs/Task"],
      ["value", "at"],
      ["#/$defs/Task", "due"],
    ]);
    expect(datePathsUnder("*", [["at"]])).toEqual([["~*", "at"]]);
  });
});

describe("PartialJSON with the dates of a recursive type", () => {
  it("holds back a date at any depth while it arrives and places it as a Date once complete", () => {
    const parser = new PartialJSON(64, { dates: tasks });
    const text = JSON.stringify({ root: chain(6), label: at });
    const dues: unknown[] = [];
    const collect = (task: { due?: unknown; subtasks?: unknown[] } | undefined): void => {
      if (task === undefined) return;
      dues.push(task.due);
      collect(task.subtasks?.[0] as typeof task);
    };
    for (const piece of text.match(/.{1,5}/g)!) {
      if (!parser.push(piece)) continue;
      collect((parser.snapshot()() as { root?: { due?: unknown } }).root);
    }
    expect(dues.every((due) => due === undefined || due instanceof Date)).toBe(true);
    expect(dues.filter((due) => due instanceof Date).length).toBeGreaterThan(6);
    const whole = parser.value as { root: Record<string, unknown>; label: unknown };
    expect(JSON.stringify(whole)).toBe(text.replaceAll(`"due":"${at}"`, `"due":"${date.toISOString()}"`));
    expect(whole.label).toBe(at);
  });
});
