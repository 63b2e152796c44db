import { runSchemaCases } from "../../fixtures/schema-cases.js";

runSchemaCases("arrays", [
  { name: "string[]", source: "type T = string[];", valid: [[], ["a", "b"]], invalid: [["a", 1], "a", null] },
  { name: "readonly number[]", source: "type T = readonly number[];", valid: [[1, 2.5]], invalid: [["1"]] },
  { name: "Array<boolean>", source: "type T = Array<boolean>;", valid: [[true]], invalid: [[0]] },
  { name: "ReadonlyArray<string>", source: "type T = ReadonlyArray<string>;", valid: [["x"]], invalid: [[null]] },
  { name: "nested arrays", source: "type T = number[][];", valid: [[[1], []]], invalid: [[1], [["1"]]] },
  {
    name: "array of closed objects",
    source: "type T = { id: string }[];",
    valid: [[{ id: "a" }]],
    invalid: [[{ id: "a", extra: 1 }], [{}]],
  },
]);

runSchemaCases("tuples", [
  {
    name: "fixed tuple checks length both ways",
    source: "type T = [string, number];",
    valid: [["a", 1]],
    invalid: [["a"], ["a", 1, 2], [1, "a"], []],
    check: (s) => expect(s).toMatchObject({ minItems: 2, maxItems: 2, items: false }),
  },
  {
    name: "optional element",
    source: "type T = [string, number?];",
    valid: [["a"], ["a", 2]],
    invalid: [[], ["a", 2, 3], ["a", "b"]],
  },
  {
    name: "rest element",
    source: "type T = [string, ...number[]];",
    valid: [["a"], ["a", 1, 2, 3]],
    invalid: [[], ["a", "b"], [1]],
    check: (s) =>
      expect(s).toMatchObject({ prefixItems: [{ type: "string" }], items: { type: "number" }, minItems: 1 }),
  },
  { name: "named members", source: "type T = [x: number, y: number];", valid: [[1, 2]], invalid: [[1], [1, 2, 3]] },
  { name: "empty tuple", source: "type T = [];", valid: [[]], invalid: [[1]] },
  {
    name: "readonly tuple",
    source: "type T = readonly [boolean, string];",
    valid: [[true, "x"]],
    invalid: [["x", true], [true]],
  },
  {
    name: "elements after a rest widen the rest (suffix lengths still counted)",
    source: "type T = [string, ...number[], boolean];",
    valid: [
      ["a", true],
      ["a", 1, 2, false],
    ],
    invalid: [["a"], [1, true]],
  },
  {
    name: "tuple of objects stays closed",
    source: "type T = [{ a: number }];",
    valid: [[{ a: 1 }]],
    invalid: [[{ a: 1, b: 2 }]],
  },
]);
