import { mkdirSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { Refusal } from "../refusal.js";
import { tempDir } from "../fixtures/temp-dir.js";
import { ConfinedRoot } from "./confined-root.js";

describe("ConfinedRoot", () => {
  let base: ReturnType<typeof tempDir>;
  beforeEach(() => {
    base = tempDir("confined");
    mkdirSync(join(base.path, "root"));
    writeFileSync(join(base.path, "secret.txt"), "SECRET");
    writeFileSync(join(base.path, "root", "ok.txt"), "ok");
  });
  afterEach(() => base.remove());

  // What a symlink swapped in after the path check looks like by the time the file is open: a
  // handle to a file outside, under a name inside. The check on the handle is what catches it.
  it("refuses an open handle whose file lies outside the root, whatever path it was opened by", async () => {
    const root = new ConfinedRoot(join(base.path, "root"));
    const handle = await open(join(base.path, "secret.txt"), "r");
    try {
      await expect(root.verify(handle, join(root.path, "ok.txt"), "ok.txt", "file")).rejects.toThrow(Refusal);
      await expect(root.verify(handle, join(root.path, "ok.txt"), "ok.txt", "file")).rejects.toThrow(
        /outside the root/,
      );
    } finally {
      await handle.close();
    }
  });

  it("accepts a handle inside the root", async () => {
    const root = new ConfinedRoot(join(base.path, "root"));
    const handle = await open(join(root.path, "ok.txt"), "r");
    try {
      expect((await root.verify(handle, join(root.path, "ok.txt"), "ok.txt", "file")).real).toBe(
        join(root.path, "ok.txt"),
      );
    } finally {
      await handle.close();
    }
  });

  it("does not take a sibling with the root's name as a prefix for inside", () => {
    const root = new ConfinedRoot(join(base.path, "root"));
    expect(root.contains(root.path + "-evil/file")).toBe(false);
    expect(root.contains(join(root.path, "a"))).toBe(true);
  });
});
