import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtins } from "../builtins.js";
import { callJson, tempDir, toolNamed } from "../fixtures/temp-dir.js";

describe("the file tools", () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir("files");
    mkdirSync(join(dir.path, "docs/guide"), { recursive: true });
    writeFileSync(join(dir.path, "README.md"), "# Project\nhello\n");
    writeFileSync(join(dir.path, "docs/intro.md"), "intro");
    writeFileSync(join(dir.path, "docs/guide/setup.md"), "setup");
    writeFileSync(join(dir.path, "docs/notes.txt"), "notes");
  });
  afterEach(() => dir.remove());

  it("offers read, list and search, and write and edit only with write: true", () => {
    expect(builtins({ files: { root: dir.path } }).map((t) => t.name)).toEqual([
      "files_read",
      "files_list",
      "files_search",
    ]);
    expect(builtins({ files: { root: dir.path, write: true } }).map((t) => t.name)).toEqual([
      "files_read",
      "files_list",
      "files_search",
      "files_write",
      "files_edit",
    ]);
  });

  it("refuses a root that does not exist, at setup", () => {
    expect(() => builtins({ files: { root: join(dir.path, "missing") } })).toThrow(TypeError);
  });

  it("refuses a limit that is not a positive integer with a RangeError naming it, at setup", () => {
    expect(() => builtins({ files: { root: dir.path, maxReadBytes: 0 } })).toThrow(RangeError);
    expect(() => builtins({ files: { root: dir.path, maxReadBytes: 0 } })).toThrow(/files\.maxReadBytes/);
  });

  it("reads a whole file, and a byte range of it", async () => {
    const read = toolNamed(builtins({ files: { root: dir.path } }), "files_read");
    expect((await callJson(read, { path: "README.md" })).value).toEqual({
      path: "README.md",
      size: 16,
      offset: 0,
      bytes: 16,
      end: true,
      content: "# Project\nhello\n",
    });
    const part = await callJson(read, { path: "README.md", offset: 2, length: 7 });
    expect(part.value).toMatchObject({ content: "Project", bytes: 7, end: false });
  });

  it("lists a directory with types and sizes, sorted by name", async () => {
    const list = toolNamed(builtins({ files: { root: dir.path } }), "files_list");
    expect((await callJson(list, { path: "docs" })).value).toEqual({
      path: "docs",
      entries: [
        { name: "guide", type: "directory" },
        { name: "intro.md", type: "file", size: 5 },
        { name: "notes.txt", type: "file", size: 5 },
      ],
    });
    expect((await callJson(list, {})).value.entries.map((e: { name: string }) => e.name)).toEqual([
      "README.md",
      "docs",
    ]);
  });

  it("searches by glob, under a directory or the whole root", async () => {
    const search = toolNamed(builtins({ files: { root: dir.path } }), "files_search");
    expect((await callJson(search, { pattern: "**/*.md" })).value.matches.sort()).toEqual([
      "README.md",
      "docs/guide/setup.md",
      "docs/intro.md",
    ]);
    expect((await callJson(search, { pattern: "*.md", path: "docs" })).value.matches).toEqual(["docs/intro.md"]);
  });

  it("bounds list and search results and says so", async () => {
    for (let i = 0; i < 30; i++) writeFileSync(join(dir.path, `f${i}.log`), "");
    const tools = builtins({ files: { root: dir.path, maxResults: 10 } });
    const listed = await callJson(toolNamed(tools, "files_list"), {});
    expect(listed.value.entries).toHaveLength(10);
    expect(listed.value.truncated).toBe(true);
    const found = await callJson(toolNamed(tools, "files_search"), { pattern: "*.log" });
    expect(found.value.matches).toHaveLength(10);
    expect(found.value.truncated).toBe(true);
  });

  it("writes a new file atomically, creating its directories, and leaves no temporary file", async () => {
    const write = toolNamed(builtins({ files: { root: dir.path, write: true } }), "files_write");
    const result = await callJson(write, { path: "out/new/file.txt", content: "héllo" });
    expect(result).toEqual({ isError: false, value: { path: "out/new/file.txt", bytes: 6, created: true } });
    expect(readFileSync(join(dir.path, "out/new/file.txt"), "utf8")).toBe("héllo");
    expect(readdirSync(join(dir.path, "out/new"))).toEqual(["file.txt"]);
  });

  it("replaces an existing file keeping its mode", async () => {
    const write = toolNamed(builtins({ files: { root: dir.path, write: true } }), "files_write");
    const before = statSync(join(dir.path, "README.md")).mode;
    const result = await callJson(write, { path: "README.md", content: "new" });
    expect(result.value.created).toBe(false);
    expect(readFileSync(join(dir.path, "README.md"), "utf8")).toBe("new");
    expect(statSync(join(dir.path, "README.md")).mode).toBe(before);
  });

  it("edits exact text once, refuses ambiguous or missing text, and replaces all when asked", async () => {
    writeFileSync(join(dir.path, "a.txt"), "one two one");
    const edit = toolNamed(builtins({ files: { root: dir.path, write: true } }), "files_edit");
    const twice = await callJson(edit, { path: "a.txt", oldText: "one", newText: "1" });
    expect(twice.isError).toBe(true);
    expect(twice.value.error).toContain("occurs 2 times");
    const missing = await callJson(edit, { path: "a.txt", oldText: "three", newText: "3" });
    expect(missing.value.error).toContain("does not occur");
    expect((await callJson(edit, { path: "a.txt", oldText: "two", newText: "2" })).value).toEqual({
      path: "a.txt",
      replaced: 1,
      bytes: 9,
    });
    await callJson(edit, { path: "a.txt", oldText: "one", newText: "1", replaceAll: true });
    expect(readFileSync(join(dir.path, "a.txt"), "utf8")).toBe("1 2 1");
  });
});
