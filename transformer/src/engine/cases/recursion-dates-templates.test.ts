import { runSchemaCases } from "../../fixtures/schema-cases.js";

runSchemaCases("recursive types", [
  {
    name: "self-recursive interface: $defs + $ref",
    source: "interface T { value: string; children: T[] }",
    valid: [{ value: "a", children: [{ value: "b", children: [] }] }],
    invalid: [
      { value: "a", children: [{ value: 1, children: [] }] },
      { value: "a", children: [{ value: "b" }] },
    ],
    check: (s) => {
      expect(s.$ref).toBe("#/$defs/T");
      expect(Object.keys(s.$defs as object)).toEqual(["T"]);
    },
  },
  {
    name: "mutually recursive types",
    source:
      "interface Folder { name: string; items: Item[] }\ninterface File { name: string; size: number }\ntype Item = File | Folder;\ntype T = { root: Folder };",
    valid: [
      {
        root: {
          name: "/",
          items: [
            { name: "a", size: 1 },
            { name: "b", items: [] },
          ],
        },
      },
    ],
    invalid: [{ root: { name: "/", items: [{ name: "a", size: "big" }] } }],
  },
  {
    name: "recursive union alias (a JSON-like value)",
    source:
      "type Json = string | number | boolean | null | Json[] | { [key: string]: Json };\ntype T = { data: Json };",
    valid: [{ data: { a: [1, "x", null, { b: true }] } }, { data: 3 }],
    invalid: [{}],
  },
  {
    name: "generic recursive type: $defs names sanitised",
    source: "interface Node<V> { value: V; next?: Node<V> }\ntype T = { list: Node<number> };",
    valid: [{ list: { value: 1, next: { value: 2 } } }],
    invalid: [{ list: { value: 1, next: { value: "2" } } }],
    check: (s) => expect(Object.keys(s.$defs as object)).toEqual(["Node_number"]),
  },
  {
    name: "a recursive type first met through an optional property is named after the type, not `T | undefined`",
    source: "interface Node<V> { value: V; next?: Node<V> }\ntype T = { list?: Node<number> };",
    valid: [{}, { list: { value: 1, next: { value: 2 } } }],
    invalid: [{ list: { value: 1, next: { value: "2" } } }],
    check: (s) => expect(Object.keys(s.$defs as object)).toEqual(["Node_number"]),
  },
  {
    name: "several recursive types: $defs sorted by name",
    source: "interface Zed { z?: Zed }\ninterface Alpha { a?: Alpha }\ntype T = { first: Zed; second: Alpha };",
    valid: [{ first: { z: {} }, second: { a: { a: {} } } }],
    invalid: [{ first: { z: { y: 1 } }, second: {} }],
    check: (s) => expect(Object.keys(s.$defs as object)).toEqual(["Alpha", "Zed"]),
  },
]);

runSchemaCases("dates", [
  {
    name: "Date is an ISO 8601 string, its path recorded",
    source: "interface T { at: Date; history: Date[]; byName: Record<string, Date> }",
    valid: [{ at: "2026-01-02T03:04:05Z", history: [], byName: { x: "2026-01-02T03:04:05.123+02:00" } }],
    invalid: [
      { at: "yesterday", history: [], byName: {} },
      { at: 1234, history: [], byName: {} },
    ],
    check: (s, dates) => {
      expect((s.properties as Record<string, unknown>).at).toEqual({ type: "string", format: "date-time" });
      expect(dates).toEqual([["at"], ["history", "*"], ["byName", "*"]]);
    },
  },
  {
    name: "optional and nullable dates",
    source: "interface T { from?: Date; to: Date | null }",
    valid: [{ to: null }, { from: "2026-01-02T00:00:00Z", to: "2026-01-03T00:00:00Z" }],
    invalid: [{ to: "tomorrow" }],
    check: (_s, dates) => expect(dates).toEqual([["from"], ["to"]]),
  },
  {
    name: "dates inside a recursive type: listed once from its $defs entry, referred to where the type is met",
    source: "interface Task { at: Date; subtasks: Task[] }\ntype T = { plan: Task; due: Date; backup?: Task };",
    valid: [{ plan: { at: "2026-01-02T00:00:00Z", subtasks: [] }, due: "2026-01-03T00:00:00Z" }],
    invalid: [
      { plan: { at: "2026-01-02T00:00:00Z", subtasks: [{ at: "soon", subtasks: [] }] }, due: "2026-01-03T00:00:00Z" },
    ],
    check: (_s, dates) =>
      expect(dates).toEqual([
        ["plan", "#/$defs/Task"],
        ["due"],
        ["backup", "#/$defs/Task"],
        ["#/$defs/Task", "at"],
        ["#/$defs/Task", "subtasks", "*", "#/$defs/Task"],
      ]),
  },
  {
    name: "mutually recursive types: each entry lists its own dates and the entries it meets",
    source:
      "interface Folder { name: string; items: Item[] }\ninterface File { name: string; saved: Date }\ntype Item = File | Folder;\ntype T = Folder;",
    valid: [
      {
        name: "/",
        items: [
          { name: "a", saved: "2026-01-02T00:00:00Z" },
          { name: "b", items: [] },
        ],
      },
    ],
    invalid: [{ name: "/", items: [{ name: "a", saved: "never" }] }],
    check: (_s, dates) =>
      expect(dates).toEqual([
        ["#", "#/$defs/Folder"],
        ["#/$defs/Folder", "items", "*", "saved"],
        ["#/$defs/Folder", "items", "*", "#/$defs/Folder"],
      ]),
  },
  {
    name: "a recursive type that is itself a Date in one of its forms",
    source: "type Stamp = Date | Stamp[];\ntype T = { stamp: Stamp };",
    valid: [{ stamp: "2026-01-02T00:00:00Z" }, { stamp: [["2026-01-02T00:00:00Z"], []] }],
    invalid: [{ stamp: ["soon"] }],
    check: (_s, dates) =>
      expect(dates).toEqual([["stamp", "#/$defs/Stamp"], ["#/$defs/Stamp"], ["#/$defs/Stamp", "*", "#/$defs/Stamp"]]),
  },
  {
    name: "a recursive type without a Date, however deep, adds no path",
    source: "interface Tree { label: string; children: Tree[] }\ntype T = { tree: Tree; at: Date };",
    valid: [{ tree: { label: "a", children: [] }, at: "2026-01-02T00:00:00Z" }],
    invalid: [{ tree: { label: "a" }, at: "2026-01-02T00:00:00Z" }],
    check: (_s, dates) => expect(dates).toEqual([["at"]]),
  },
  {
    name: "property names that read as path syntax are escaped with ~",
    source: 'interface T { "*": Date; "~x": Date; plain: string }',
    valid: [{ "*": "2026-01-02T00:00:00Z", "~x": "2026-01-02T00:00:00Z", plain: "x" }],
    invalid: [{ "*": "2026-01-02T00:00:00Z", "~x": "2026-01-02T00:00:00Z", plain: 1 }],
    check: (_s, dates) => expect(dates).toEqual([["~*"], ["~~x"]]),
  },
]);

runSchemaCases("template literal types", [
  {
    name: "prefix and number placeholder",
    source: "type T = `user-${number}`;",
    valid: ["user-1", "user-42.5", "user--3"],
    invalid: ["user-", "user-x", "admin-1", "user-1x"],
  },
  {
    name: "string placeholder between texts (dots are literal)",
    source: "type T = `${string}.json`;",
    valid: ["a.json", ".json", "dir/file.json"],
    invalid: ["a.jsonx", "ajson"],
  },
  {
    name: "union of literals inside a template",
    source: 'type Size = "s" | "m";\ntype T = `${Size}-${boolean}`;',
    valid: ["s-true", "m-false"],
    invalid: ["l-true", "s-yes"],
  },
  {
    name: "regex characters in the text are escaped",
    source: "type T = `(${number})+[x]`;",
    valid: ["(1)+[x]"],
    invalid: ["1+x", "(1)[x]"],
  },
]);
