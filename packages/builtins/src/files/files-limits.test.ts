import { existsSync, mkdirSync, readdirSync, realpathSync, watch, writeFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { join } from "node:path";
import type { Tool } from "@tooltype/core";
import { builtins } from "../builtins.js";
import { openUnder } from "../fixtures/open-files.js";
import { callJson, tempDir, toolNamed } from "../fixtures/temp-dir.js";

// Trees and paths at the system's limits: a search through 1,500 nested directories, writes the
// system could not hold, and the file tools' own time bound.
describe("the file tools at the limits", () => {
  let dir: ReturnType<typeof tempDir>;
  let tools: Tool[];
  beforeEach(() => {
    dir = tempDir("limits");
    mkdirSync(join(dir.path, "keep"));
    tools = builtins({ files: { root: dir.path, write: true } });
  });
  afterEach(() => dir.remove());

  // 1,500 levels named "d": the deepest path is about 3,000 bytes, inside PATH_MAX.
  const deepTree = (levels: number): string => {
    const deepest = join(dir.path, ...Array.from({ length: levels }, () => "d"));
    mkdirSync(deepest, { recursive: true });
    writeFileSync(join(deepest, "bottom.md"), "");
    writeFileSync(join(dir.path, "d", "d", "near.md"), "");
    return Array.from({ length: levels }, () => "d").join("/");
  };

  // No timed assertion: re-resolving every level from the root took minutes here; the walk now
  // opens each level from the one above, and the test only has to finish.
  it("searches a tree 1,500 directories deep and finds what lies at the bottom", async () => {
    const deepest = deepTree(1_500);
    const found = await callJson(toolNamed(tools, "files_search"), { pattern: "**/*.md" });
    expect(found).toEqual({
      isError: false,
      value: { pattern: "**/*.md", matches: ["d/d/near.md", `${deepest}/bottom.md`] },
    });
  });

  it("stops a search at files.timeoutMs, tells the model, and keeps nothing open", async () => {
    deepTree(1_500);
    const slow = builtins({ files: { root: dir.path, timeoutMs: 1 } });
    const result = await callJson(toolNamed(slow, "files_search"), { pattern: "**/*.md" });
    expect(result.isError).toBe(true);
    expect(result.value.error).toBe(
      "The search was stopped after 1 ms (the time limit); search a smaller directory (path) or a narrower pattern.",
    );
    expect(openUnder(realpathSync(dir.path))).toEqual([]);
  });

  it("gives every builtin a time bound of its own, set from its options", () => {
    const all = builtins({
      files: { root: dir.path, write: true, timeoutMs: 2_000 },
      http: { allow: ["http://127.0.0.1:9"], post: true },
      shell: { commands: ["ls"], root: dir.path },
      time: { timeoutMs: 500 },
    });
    expect(Object.fromEntries(all.map((tool) => [tool.name, tool.timeoutMs]))).toEqual({
      files_read: 3_000,
      files_list: 3_000,
      files_search: 3_000,
      files_write: 3_000,
      files_edit: 3_000,
      http_get: 31_000,
      http_post: 31_000,
      shell_run: 31_000,
      time_now: 500,
    });
  });

  it("refuses a write 2,500 levels deep before creating anything, saying what to do", async () => {
    const path = `${Array.from({ length: 2_500 }, () => "a").join("/")}/file.txt`;
    const result = await callJson(toolNamed(tools, "files_write"), { path, content: "x" });
    expect(result.isError).toBe(true);
    expect(result.value.error).toMatch(
      /^The path "a\/a\/.*….*\/file\.txt" \(5008 bytes, 2501 levels\) is \d+ bytes longer than this system allows under the root \(\d+ bytes in all\)\. Use a shorter path or fewer directory levels\.$/,
    );
    expect(result.value.error).not.toMatch(/ENAMETOOLONG|\/proc|tooltype-limits/);
    expect(readdirSync(dir.path)).toEqual(["keep"]);
  });

  it.each([
    ["a directory", `new/${"x".repeat(300)}/file.txt`],
    ["a file", `new/${"x".repeat(300)}`],
  ])("refuses a 300-byte name of %s before creating anything", async (_what, path) => {
    const result = await callJson(toolNamed(tools, "files_write"), { path, content: "x" });
    expect(result.isError).toBe(true);
    expect(result.value.error).toBe(
      `The name "${"x".repeat(30)}…${"x".repeat(20)}" is 300 bytes long; a file or directory name may have at most 255 bytes. Use a shorter name.`,
    );
    expect(readdirSync(dir.path)).toEqual(["keep"]);
  });

  it("counts a name's bytes, not its characters", async () => {
    const name = "é".repeat(200); // 400 bytes in UTF-8
    const result = await callJson(toolNamed(tools, "files_write"), { path: name, content: "x" });
    expect(result.value.error).toContain("is 400 bytes long");
    expect(existsSync(join(dir.path, name))).toBe(false);
  });

  it("stops a write at files.timeoutMs, tells the model, and leaves nothing behind", async () => {
    const path = `${Array.from({ length: 300 }, (_, i) => `level${i}`).join("/")}/file.txt`;
    const slow = builtins({ files: { root: dir.path, write: true, timeoutMs: 1 } });
    const result = await callJson(toolNamed(slow, "files_write"), { path, content: "x" });
    expect(result.value.error).toBe(`Writing "${path}" was stopped after 1 ms (the time limit); nothing was written.`);
    expect(readdirSync(dir.path)).toEqual(["keep"]);
    // The same write with room to finish makes every level.
    expect((await callJson(toolNamed(tools, "files_write"), { path, content: "x" })).value.created).toBe(true);
  });

  it("removes the directories a write made when the call is cancelled halfway", async () => {
    const path = `${Array.from({ length: 300 }, (_, i) => `level${i}`).join("/")}/file.txt`;
    const controller = new AbortController();
    // Cancel once the first level exists: the write is then busy making the 299 below it.
    const watcher = watch(dir.path, (_event, name) => {
      if (name === "level0") controller.abort(new Error("the user cancelled"));
    });
    try {
      const result = await callJson(toolNamed(tools, "files_write"), { path, content: "x" }, controller.signal);
      expect(result.isError).toBe(true);
    } finally {
      watcher.close();
    }
    // The call is answered at the cancel; the write undoes its levels as it stops, just after.
    for (let wait = 0; wait < 400 && readdirSync(dir.path).length > 1; wait++) await delay(50);
    expect(readdirSync(dir.path)).toEqual(["keep"]);
  });
});
