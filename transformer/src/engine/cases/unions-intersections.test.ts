import { runSchemaCases } from "../../fixtures/schema-cases.js";

runSchemaCases("unions", [
  {
    name: "object branches without discriminant stay open: a value with keys of both passes",
    source: "type T = { a: number } | { b: string };",
    valid: [{ a: 1 }, { b: "x" }, { a: 1, b: "x" }],
    invalid: [{}, { a: "x" }, 1, { a: 1, c: 2 }],
    check: (s) => expect(s.anyOf).toHaveLength(2),
  },
  {
    name: "a value matching two branches passes (anyOf, not oneOf)",
    source: "type T = { a?: number } | { b?: string };",
    valid: [{}, { a: 1 }, { b: "x" }, { a: 1, b: "x" }],
    invalid: [{ a: "x", b: 1 }, { c: 1 }],
  },
  {
    name: "discriminated union: oneOf with closed branches",
    source: 'type T = { kind: "circle"; radius: number } | { kind: "square"; side: number };',
    valid: [
      { kind: "circle", radius: 1 },
      { kind: "square", side: 2 },
    ],
    invalid: [{ kind: "circle", side: 1 }, { kind: "triangle" }, { kind: "circle", radius: 1, side: 2 }],
    check: (s) => expect(s.oneOf).toHaveLength(2),
  },
  {
    name: "discriminant with several values per branch",
    source: 'type T = { op: "add" | "sub"; by: number } | { op: "reset" };',
    valid: [{ op: "add", by: 1 }, { op: "sub", by: 2 }, { op: "reset" }],
    invalid: [{ op: "reset", by: 1 }, { op: "add" }],
  },
  {
    name: "shared discriminant values are no discriminant (anyOf, open)",
    source: 'type T = { kind: "a"; x: number } | { kind: "a"; y: number };',
    valid: [
      { kind: "a", x: 1 },
      { kind: "a", y: 1 },
      { kind: "a", x: 1, y: 2 },
    ],
    invalid: [{ kind: "a" }],
  },
  {
    name: "object or null: the object stays closed",
    source: "type T = { x: number } | null;",
    valid: [null, { x: 1 }],
    invalid: [{ x: 1, y: 2 }, "x"],
  },
  {
    name: "union of array types",
    source: "type T = string[] | number[];",
    valid: [["a"], [1], []],
    invalid: [["a", 1]],
  },
  {
    name: "discriminated union beside a primitive",
    source: 'type T = { type: "a"; a: string } | { type: "b"; b: number } | string;',
    valid: ["x", { type: "a", a: "x" }],
    invalid: [{ type: "a", b: 1 }, 3],
  },
]);

runSchemaCases("intersections", [
  {
    name: "objects merge into one closed object",
    source: "type T = { a: string } & { b: number };",
    valid: [{ a: "x", b: 1 }],
    invalid: [{ a: "x" }, { a: "x", b: 1, c: 0 }],
  },
  {
    name: "an intersection narrows a property",
    source: "type T = { x: string | number } & { x: string };",
    valid: [{ x: "s" }],
    invalid: [{ x: 1 }],
    check: (s) => expect((s.properties as Record<string, unknown>).x).toEqual({ type: "string" }),
  },
  {
    name: "narrowing to a literal",
    source: 'type T = { kind: string; n: number } & { kind: "fixed" };',
    valid: [{ kind: "fixed", n: 1 }],
    invalid: [{ kind: "other", n: 1 }],
  },
  {
    name: "optional in one member, required in the other: required",
    source: "type T = { a?: number } & { a: number };",
    valid: [{ a: 1 }],
    invalid: [{}],
  },
  {
    name: "branded primitive keeps the primitive",
    source: 'type T = string & { readonly __brand: "UserId" };',
    valid: ["u_1"],
    invalid: [1, { __brand: "UserId" }],
  },
  {
    name: "intersection with a union distributes",
    source: 'type T = ({ kind: "a" } | { kind: "b" }) & { id: string };',
    valid: [
      { kind: "a", id: "1" },
      { kind: "b", id: "2" },
    ],
    invalid: [{ kind: "a" }, { kind: "c", id: "1" }],
  },
]);
