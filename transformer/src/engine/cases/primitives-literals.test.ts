import { runSchemaCases } from "../../fixtures/schema-cases.js";

// Primitives, literal types and enums: each case is checked with Ajv against values that must pass and must fail.
runSchemaCases("primitives", [
  { name: "string", source: "type T = string;", valid: ["", "x"], invalid: [1, null, true, {}] },
  { name: "number takes fractions", source: "type T = number;", valid: [0, -1.5, 1e9], invalid: ["1", null] },
  {
    name: "boolean",
    source: "type T = boolean;",
    valid: [true, false],
    invalid: [0, "true", null],
    check: (s) => expect(s).toEqual({ type: "boolean" }),
  },
  { name: "null", source: "type T = null;", valid: [null], invalid: [0, "", false] },
  {
    name: "a type alias named integer gives type integer",
    source: "type integer = number;\ninterface T { count: integer; ids: integer[]; maybe?: integer | null }",
    valid: [
      { count: 3, ids: [1, 2] },
      { count: 0, ids: [], maybe: null },
    ],
    invalid: [
      { count: 1.5, ids: [] },
      { count: 1, ids: [0.5] },
      { count: 1, ids: [], maybe: 2.5 },
    ],
  },
  {
    name: "unknown has no constraint",
    source: "type T = unknown;",
    valid: [null, 1, "x", [], {}],
    invalid: [],
    check: (s) => expect(s).toEqual({}),
  },
  { name: "any has no constraint", source: "type T = any;", valid: [null, { a: [1] }], invalid: [] },
  {
    name: "object is any object or array",
    source: "type T = object;",
    valid: [{}, [], { a: 1 }],
    invalid: [1, "x", null],
  },
]);

runSchemaCases("literal types", [
  {
    name: "one string literal is const",
    source: 'type T = "on";',
    valid: ["on"],
    invalid: ["off", ""],
    check: (s) => expect(s).toEqual({ type: "string", const: "on" }),
  },
  {
    name: "string literal union is an enum in declared order",
    source: 'type T = "zulu" | "alpha" | "mike";',
    valid: ["zulu", "alpha", "mike"],
    invalid: ["bravo", 1],
    check: (s) => expect(s).toEqual({ type: "string", enum: ["zulu", "alpha", "mike"] }),
  },
  {
    name: "number literal union",
    source: "type T = 1 | 2 | 3;",
    valid: [1, 3],
    invalid: [4, "1", 1.5],
    check: (s) => expect(s.type).toBe("integer"),
  },
  {
    name: "fractional number literals",
    source: "type T = 0.5 | 2;",
    valid: [0.5, 2],
    invalid: [1],
    check: (s) => expect(s.type).toBe("number"),
  },
  { name: "true literal", source: "type T = true;", valid: [true], invalid: [false, "true"] },
  {
    name: "literals with null join one enum",
    source: 'type T = "a" | "b" | null;',
    valid: ["a", "b", null],
    invalid: ["c", 0],
    check: (s) => expect(s).toEqual({ type: ["string", "null"], enum: ["a", "b", null] }),
  },
  { name: "mixed string and number literals", source: 'type T = "x" | 7;', valid: ["x", 7], invalid: ["7", 8] },
  {
    name: "string | number merges bare types",
    source: "type T = string | number;",
    valid: ["a", 2],
    invalid: [true, null],
    check: (s) => expect(s).toEqual({ type: ["string", "number"] }),
  },
  {
    name: "boolean | string keeps boolean whole",
    source: "type T = boolean | string;",
    valid: [true, false, "x"],
    invalid: [1],
  },
  {
    name: "literal union plus a primitive",
    source: 'type T = "auto" | number;',
    valid: ["auto", 12],
    invalid: ["manual", true],
  },
]);

runSchemaCases("enums", [
  {
    name: "string enum",
    source: 'enum Color { Red = "red", Green = "green", Blue = "blue" }\ntype T = Color;',
    valid: ["red", "blue"],
    invalid: ["Red", "purple", 0],
    check: (s) => expect(s.enum).toEqual(["red", "green", "blue"]),
  },
  {
    name: "numeric enum",
    source: "enum Level { Low, Mid, High }\ntype T = Level;",
    valid: [0, 1, 2],
    invalid: [3, "Low"],
    check: (s) => expect(s.enum).toEqual([0, 1, 2]),
  },
  {
    name: "numeric enum with explicit values",
    source: "enum Code { Ok = 200, NotFound = 404 }\ntype T = Code;",
    valid: [200, 404],
    invalid: [500],
  },
  {
    name: "one enum member",
    source: 'enum Mode { Only = "only" }\ntype T = { mode: Mode.Only };',
    valid: [{ mode: "only" }],
    invalid: [{ mode: "other" }],
  },
  {
    name: "const enum",
    source: 'const enum Dir { Up = "up", Down = "down" }\ntype T = Dir;',
    valid: ["up", "down"],
    invalid: ["left"],
  },
]);
