// What a typed answer's values are: `Date`s arrive as `Date`s (whole and partial), integers past
// 2^53 − 1 are refused as in tool arguments, and each streamed partial answer is its own snapshot.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { OutputError } from "../errors/output-error.js";
import type { OpenAI } from "../endpoints/openai/openai.js";
import type { TypedSchema } from "../schema/typed-schema.js";
import { jsonSchema } from "../tools/define-tool.js";
import { registerOutputSchema } from "../tools/output-schema-registry.js";
import { planJson, taskJson, taskKinds, type Task } from "../tools/fixtures/task-tree.js";
import { completions } from "../completions.js";
import { sentMessages, startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

interface Stamped {
  event: string;
  at: Date;
  /** @format date-time */
  written: string;
  log: { when: Date; what: string }[];
}
const stamped = jsonSchema<Stamped>();
const stampedText = JSON.stringify({
  event: "deploy",
  at: "2024-05-01T12:30:00Z",
  written: "2024-05-01T12:31:00Z",
  log: [{ when: "2024-05-01T12:00:00Z", what: "build" }],
});

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

describe("typed answers: Date", () => {
  it("gives a Date where the type says Date, and a string where it says string with @format date-time", async () => {
    setup.server.enqueue(turn.text(stampedText));
    const completion = await completions(setup.endpoint, "m", new Context().user("When?"), 8, { output: stamped });
    expect(completion.stopped).toBe("done");
    if (completion.stopped !== "done") return;
    const output: Stamped = completion.output;
    expect(output.at).toBeInstanceOf(Date);
    expect(output.at.getTime()).toBe(Date.UTC(2024, 4, 1, 12, 30));
    expect(output.log[0]!.when.toISOString()).toBe("2024-05-01T12:00:00.000Z");
    expect(output.written).toBe("2024-05-01T12:31:00Z");
  });

  it("gives a Date at the root and in arrays", async () => {
    setup.server.enqueue(turn.text('"2024-05-01T12:30:00Z"'), turn.text('["2024-05-01T00:00:00Z"]'));
    const root = await completions(setup.endpoint, "m", "When?", 8, { output: jsonSchema<Date>() });
    expect(root.output).toEqual(new Date("2024-05-01T12:30:00Z"));
    const list = await completions(setup.endpoint, "m", "When?", 8, { output: jsonSchema<Date[]>() });
    expect(list.output).toEqual([new Date("2024-05-01T00:00:00Z")]);
  });

  it("gives a Date with a schema the sidecar registered with its Date paths", async () => {
    const schema = { type: "object", properties: { at: { type: "string", format: "date-time" } }, required: ["at"] };
    registerOutputSchema("typed-answer-values.stamped", schema, [["at"]]);
    const registered = Reflect.apply(jsonSchema, undefined, ["typed-answer-values.stamped"]) as TypedSchema<{
      at: Date;
    }>;
    setup.server.enqueue(turn.text('{"at": "2024-05-01T12:30:00Z"}'));
    const completion = await completions(setup.endpoint, "m", "When?", 8, { output: registered });
    expect(completion.output?.at).toEqual(new Date("2024-05-01T12:30:00Z"));
  });

  it("streams partial answers that never hold a date as a string: absent while it arrives, then a Date", async () => {
    setup.server.enqueue(turn.text(stampedText, { deltaSize: 3 }));
    const stream = setup.endpoint.stream("m", new Context().user("When?"), { output: stamped });
    const seen: unknown[] = [];
    for await (const event of stream) if (event.type === "partial-output") seen.push(event.partial.at);
    expect(seen.every((at) => at === undefined || at instanceof Date)).toBe(true);
    expect(seen.at(-1)).toEqual(new Date("2024-05-01T12:30:00Z"));
    expect((await stream.completion).output?.at).toBeInstanceOf(Date);
  });
});

const planText = JSON.stringify({ owner: "ops", root: planJson });
const planKinds = ["release", "build", "test", "lint", "docs"].map((title) => `${title}: Date string`);

describe("typed answers: Date inside a recursive type", () => {
  it("gives a Date at every depth, and strings where the type says string", async () => {
    setup.server.enqueue(turn.text(planText), turn.text(JSON.stringify(taskJson("lone", 6, [taskJson("child", 7)]))));
    const completion = await completions(setup.endpoint, "m", "Plan?", 8, {
      output: jsonSchema<{ owner: string; root: Task }>(),
    });
    expect(taskKinds(completion.output!.root)).toEqual(planKinds);
    expect(completion.output!.root.subtasks[0]!.subtasks[0]!.subtasks[0]!.due.getUTCDate()).toBe(4);
    // The recursive type at the root of the answer.
    const root = await completions(setup.endpoint, "m", "Task?", 8, { output: jsonSchema<Task>() });
    expect(taskKinds(root.output!)).toEqual(["lone: Date string", "child: Date string"]);
  });

  it("asks again for a date deep in the tree that is no date", async () => {
    // A leap second: a valid date-time for the schema, but no JavaScript Date.
    const leap = { ...taskJson("test", 3), due: "2016-12-31T23:59:60Z" };
    const bad = JSON.stringify({ owner: "ops", root: taskJson("release", 1, [taskJson("build", 2, [leap])]) });
    setup.server.enqueue(turn.text(bad), turn.text(planText));
    const completion = await completions(setup.endpoint, "m", "Plan?", 8, {
      output: jsonSchema<{ owner: string; root: Task }>(),
    });
    expect(taskKinds(completion.output!.root)).toEqual(planKinds);
    const retry = sentMessages(setup.server, 1).at(-1) as { content: string };
    expect(retry.content).toContain("answer.root.subtasks[0].subtasks[0].due: must be a date-time string");
  });

  it("streams partial answers whose dates at every depth are absent while they arrive, then a Date", async () => {
    setup.server.enqueue(turn.text(planText, { deltaSize: 4 }));
    const stream = setup.endpoint.stream("m", "Plan?", { output: jsonSchema<{ owner: string; root: Task }>() });
    const seen: string[] = [];
    for await (const event of stream)
      if (event.type === "partial-output" && event.partial.root !== undefined)
        seen.push(...taskKinds(event.partial.root as Partial<Task>));
    // Absent while it arrives ("undefined"), never a string ("string ..."); `noted` is one.
    expect(seen.filter((kind) => !/: (Date|undefined) (string|undefined)$/.test(kind))).toEqual([]);
    expect(seen.filter((kind) => kind.endsWith(": Date string")).length).toBeGreaterThan(5);
    expect(taskKinds((await stream.completion).output!.root)).toEqual(planKinds);
  });
});

describe("typed answers: the limits tool arguments have", () => {
  it("refuses an integer past 2^53 − 1 where the type wants an integer: asked again, then OutputError", async () => {
    type integer = number;
    const counted = jsonSchema<{ n: integer; ratio: number }>();
    const big = '{"n": 9007199254740993, "ratio": 9007199254740993}';
    setup.server.enqueue(turn.text(big), turn.text('{"n": 9007199254740991, "ratio": 9007199254740993}'));
    const completion = await completions(setup.endpoint, "m", new Context().user("Count?"), 8, { output: counted });
    expect(completion.output).toEqual({ n: 9007199254740991, ratio: 9007199254740992 }); // a number keeps it
    expect(sentMessages(setup.server, 1).at(-1)!.content).toBe(
      "Your answer does not match the required JSON Schema:\n- answer.n: must be an integer within ±9007199254740991 (2^53 − 1): a larger one cannot be held exactly\nAnswer again with the corrected JSON only.",
    );
    setup.server.enqueue(turn.text(big));
    const error = await completions(setup.endpoint, "m", "Count?", 8, { output: counted, outputRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(OutputError.isInstance(error)).toBe(true);
    expect((error as OutputError).issues).toEqual([
      {
        path: "/n",
        message: "must be an integer within ±9007199254740991 (2^53 − 1): a larger one cannot be held exactly",
      },
    ]);
  });
});

// The streaming example of docs/typed-answers.md, with its console.log collected.
interface Story {
  title: string;
  chapters: { heading: string; text: string }[];
}
async function tell(ep: OpenAI, log: (...args: unknown[]) => void): Promise<void> {
  const s = ep.stream("qwen3-8b", new Context().user("A story in three chapters."), { output: jsonSchema<Story>() });
  for await (const event of s) {
    if (event.type === "partial-output") log(event.partial.chapters?.length ?? 0, "chapter(s) so far");
    if (event.type === "output") log("done:", event.output.title);
  }
}

describe("typed answers: each partial answer is its own snapshot", () => {
  const story: Story = {
    title: "Fjords",
    chapters: [1, 2, 3].map((i) => ({ heading: `Part ${i}`, text: "It rained." })),
  };

  it("prints what it claims in the docs' example even when the reply is complete before the first event is read", async () => {
    // The whole reply in one piece: every event is queued before the loop below reads the first.
    setup.server.enqueue(turn.text(JSON.stringify(story), { deltaSize: 8, splitBytes: 1 << 20 }));
    const lines: string[] = [];
    await tell(setup.endpoint, (...args) => lines.push(args.join(" ")));
    const counts = lines.filter((line) => line.endsWith("so far")).map((line) => Number(line.split(" ")[0]));
    expect(counts[0]).toBe(0);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // growing, as the answer arrived
    expect(new Set(counts)).toEqual(new Set([0, 1, 2, 3]));
    expect(lines.at(-1)).toBe("done: Fjords");
  });

  it("keeps each event's answer as it was, however late the events are read", async () => {
    setup.server.enqueue(turn.text(JSON.stringify(story), { deltaSize: 5 }));
    const stream = setup.endpoint.stream("m", new Context().user("Story?"), { output: jsonSchema<Story>() });
    await stream.completion; // the loop runs to the end first; the events wait
    const partials: unknown[] = [];
    for await (const event of stream) if (event.type === "partial-output") partials.push(event.partial);
    const texts = partials.map((partial) => JSON.stringify(partial));
    expect(texts[0]).toBe("{}");
    expect(texts).toContain('{"title":"Fjord"}');
    expect(texts.at(-1)).toBe(JSON.stringify(story));
    expect(new Set(texts).size).toBeGreaterThan(texts.length / 2);
  });
});
