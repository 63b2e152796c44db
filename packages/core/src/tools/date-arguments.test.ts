// A `Date` in a tool's parameters arrives as a `Date` wherever the type says so, inside recursive
// types too: this file is compiled by the transformer, which writes the paths into each tool.
import { Description, ToolRegistry, defineTool } from "@tooltype/core";
import { planJson as plan, taskJson as task, taskKinds as kinds, type Task } from "./fixtures/task-tree.js";

const expected = ["release", "build", "test", "lint", "docs"].map((title) => `${title}: Date string`);

class Planner {
  @Description("Schedule a plan.")
  schedule(plan: Task, reviewers: { name: string; since: Task }[] = []): string[] {
    return [...kinds(plan), ...reviewers.flatMap((r) => kinds(r.since))];
  }
}

describe("Date arguments inside a recursive type", () => {
  it("arrive as Dates at every depth, strings where the type says string: a function, defineTool, a decorated method", async () => {
    // One object parameter is the whole arguments object: the recursive type at its root.
    function review(plan: Task): string[] {
      return kinds(plan);
    }
    const tools = new ToolRegistry();
    tools.add(review);
    tools.add(
      defineTool({
        name: "schedule_defined",
        description: "Schedule.",
        impl: (args: { plan: Task }) => kinds(args.plan),
      }),
    );
    tools.add(new Planner());
    expect(await tools.call("review", plan)).toEqual({ output: JSON.stringify(expected), isError: false });
    for (const name of ["schedule_defined", "schedule"])
      expect(await tools.call(name, { plan })).toEqual({ output: JSON.stringify(expected), isError: false });
  });

  it("reach the recursive type through every place that meets it", async () => {
    const tools = new ToolRegistry();
    tools.add(new Planner());
    const since = task("old", 6, [task("older", 7)]);
    const result = await tools.call("schedule", { plan, reviewers: [{ name: "Ada", since }] });
    expect(JSON.parse(result.output) as string[]).toEqual([...expected, "old: Date string", "older: Date string"]);
  });

  it("refuse a date deep in the tree that is no date, naming its path, and run nothing", async () => {
    let ran = false;
    const tools = new ToolRegistry();
    tools.add(function schedule(plan: Task, note = "") {
      ran = true;
      return plan.title + note;
    });
    // A leap second: a valid date-time for the schema, but no JavaScript Date.
    const bad = task("release", 1, [task("build", 2, [{ ...task("test", 3), due: "2016-12-31T23:59:60Z" }])]);
    const result = await tools.call("schedule", { plan: bad });
    expect(result.isError).toBe(true);
    expect(result.output).toContain("plan.subtasks[0].subtasks[0].due: must be a date-time string");
    expect(ran).toBe(false);
  });
});
