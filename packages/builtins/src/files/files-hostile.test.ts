import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tool } from "@tooltype/core";
import { builtins } from "../builtins.js";
import { startSwapping } from "../fixtures/swapper.js";
import { callJson, tempDir, toolNamed } from "../fixtures/temp-dir.js";

// A root with a secret next to it: every test tries to reach the secret and must get an error
// result that says why, never the secret and never a thrown exception.
describe("the file tools against hostile paths", () => {
  let base: ReturnType<typeof tempDir>;
  let root: string;
  let outside: string;
  let tools: Tool[];
  beforeEach(() => {
    base = tempDir("hostile");
    root = join(base.path, "root");
    outside = join(base.path, "outside");
    mkdirSync(join(root, "sub"), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.txt"), "SECRET");
    writeFileSync(join(root, "ok.txt"), "inside");
    tools = builtins({ files: { root, write: true, maxReadBytes: 1024 } });
  });
  afterEach(() => base.remove());

  const refused = async (name: string, args: object): Promise<string> => {
    const result = await callJson(toolNamed(tools, name), args);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.value)).not.toContain("SECRET");
    return result.value.error as string;
  };

  it.each([
    ["../outside/secret.txt", '".."'],
    ["sub/../../outside/secret.txt", '".."'],
    ["sub\\..\\..\\outside\\secret.txt", '".."'],
    ["/etc/passwd", "absolute"],
    ["C:\\Windows\\win.ini", "absolute"],
    ["ok.txt\0.png", "NUL"],
  ])("refuses %j by its spelling", async (path, why) => {
    expect(await refused("files_read", { path })).toContain(why);
    expect(await refused("files_list", { path })).toContain(why);
    expect(await refused("files_write", { path, content: "x" })).toContain(why);
  });

  it("does not show the model where the root is", async () => {
    expect(await refused("files_read", { path: "missing.txt" })).toBe('"missing.txt" does not exist.');
  });

  it("refuses symbolic links that lead out of the root, for files and directories", async () => {
    symlinkSync(join(outside, "secret.txt"), join(root, "link.txt"));
    symlinkSync(outside, join(root, "away"));
    expect(await refused("files_read", { path: "link.txt" })).toContain("outside the root");
    expect(await refused("files_read", { path: "away/secret.txt" })).toContain("outside the root");
    expect(await refused("files_list", { path: "away" })).toContain("outside the root");
    expect(await refused("files_edit", { path: "link.txt", oldText: "S", newText: "s" })).toContain("outside the root");
    expect(await refused("files_write", { path: "away/new.txt", content: "x" })).toContain("outside the root");
    expect(await refused("files_write", { path: "link.txt", content: "x" })).toContain("symbolic link");
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("SECRET");
  });

  it("follows a symbolic link that stays inside the root", async () => {
    symlinkSync(join(root, "ok.txt"), join(root, "alias.txt"));
    expect((await callJson(toolNamed(tools, "files_read"), { path: "alias.txt" })).value.content).toBe("inside");
  });

  it("lists links as links and never walks through them when searching", async () => {
    symlinkSync(outside, join(root, "away"));
    const listed = await callJson(toolNamed(tools, "files_list"), {});
    expect(listed.value.entries).toContainEqual({ name: "away", type: "symlink" });
    const found = await callJson(toolNamed(tools, "files_search"), { pattern: "**/*.txt" });
    expect(found.value.matches).toEqual(["ok.txt"]);
  });

  it("refuses FIFOs without hanging, and devices", async () => {
    execFileSync("mkfifo", [join(root, "pipe")]);
    expect(await refused("files_read", { path: "pipe" })).toContain("special file");
    expect(await refused("files_write", { path: "pipe", content: "x" })).toContain("special file");
    if (process.getuid?.() === 0) {
      execFileSync("mknod", [join(root, "zero"), "c", "1", "5"]); // the /dev/zero device
      expect(await refused("files_read", { path: "zero" })).toContain("special file");
    }
  });

  it("refuses reads over the size bound, and answers a range within it", async () => {
    writeFileSync(join(root, "big.txt"), "a".repeat(5000));
    expect(await refused("files_read", { path: "big.txt" })).toContain("5000 bytes, over the 1024-byte read limit");
    expect(await refused("files_read", { path: "big.txt", length: 4096 })).toContain("over the 1024-byte");
    const part = await callJson(toolNamed(tools, "files_read"), { path: "big.txt", offset: 4500, length: 1000 });
    expect(part.value).toMatchObject({ bytes: 500, end: true });
  });

  it("refuses writes over the size bound", async () => {
    const small = builtins({ files: { root, write: true, maxWriteBytes: 10 } });
    const result = await callJson(toolNamed(small, "files_write"), { path: "x.txt", content: "x".repeat(11) });
    expect(result.value.error).toContain("over the 10-byte write limit");
    expect(existsSync(join(root, "x.txt"))).toBe(false);
  });

  it("never reads outside while a file is swapped between a real file and a link out", async () => {
    const target = join(root, "race.txt");
    writeFileSync(target, "inside");
    const swapper = await startSwapping(target, [
      { kind: "link", to: join(outside, "secret.txt") },
      { kind: "file", content: "inside" },
    ]);
    const read = toolNamed(tools, "files_read");
    const outcomes = [];
    try {
      for (let i = 0; i < 300; i++) outcomes.push(await callJson(read, { path: "race.txt" }));
    } finally {
      await swapper.stop();
    }
    for (const outcome of outcomes) {
      if (outcome.isError) expect(outcome.value.error).toMatch(/outside the root|does not exist/);
      else expect(outcome.value.content).toBe("inside");
    }
    expect(outcomes.some((outcome) => !outcome.isError)).toBe(true);
  }); // the swapping thread spins on a core: on a loaded machine 300 reads take seconds

  it("never writes outside while a directory is swapped between a real one and a link out", async () => {
    const swapper = await startSwapping(join(root, "sub"), [{ kind: "link", to: outside }, { kind: "dir" }]);
    const write = toolNamed(tools, "files_write");
    try {
      for (let i = 0; i < 150; i++)
        await callJson(write, { path: i % 2 ? `sub/f${i}.txt` : `sub/d${i}/f.txt`, content: "x" });
    } finally {
      await swapper.stop();
    }
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
  });
});
