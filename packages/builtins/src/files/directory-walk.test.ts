import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CallDeadline } from "../call-deadline.js";
import { openUnder } from "../fixtures/open-files.js";
import { tempDir } from "../fixtures/temp-dir.js";
import { ConfinedRoot } from "./confined-root.js";
import { directoryPathOfHandle } from "./handle-real-path.js";
import { walkDirectory, type WalkedEntry } from "./directory-walk.js";

describe("walkDirectory", () => {
  let dir: ReturnType<typeof tempDir>;
  let root: ConfinedRoot;
  beforeEach(() => {
    dir = tempDir("walk");
    // 20 directories of 10 files each: 220 entries.
    for (let d = 0; d < 20; d++) {
      mkdirSync(join(dir.path, `d${d}`));
      for (let f = 0; f < 10; f++) writeFileSync(join(dir.path, `d${d}`, `f${f}.txt`), "");
    }
    root = new ConfinedRoot(dir.path);
  });
  afterEach(() => dir.remove());

  const walk = async (deadline: CallDeadline, onEntry: (entry: WalkedEntry, count: number) => void) => {
    const opened = await root.openForReading(".", "directory");
    const start = { ...opened, anchor: await directoryPathOfHandle(opened.handle, opened.real) };
    let count = 0;
    for await (const entry of walkDirectory(root, start, 100_000, deadline)) onEntry(entry, ++count);
    return count;
  };

  it("meets every entry, each directory's entries in name order before its subdirectories", async () => {
    const paths: string[] = [];
    const count = await walk(new CallDeadline(new AbortController().signal, 30_000, () => "late"), (entry) =>
      paths.push(entry.path),
    );
    expect(count).toBe(220);
    expect(paths.slice(0, 3)).toEqual(["d0", "d1", "d10"]);
    expect(paths.slice(20, 23)).toEqual(["d0/f0.txt", "d0/f1.txt", "d0/f2.txt"]);
    expect(openUnder(root.path)).toEqual([]);
  });

  it("stops at the next entry once the call's signal aborts, and closes what it held", async () => {
    const controller = new AbortController();
    const reason = new Error("the caller gave up");
    const deadline = new CallDeadline(controller.signal, 30_000, () => "late");
    let seen = 0;
    const walking = walk(deadline, (_entry, count) => {
      seen = count;
      if (count === 25) controller.abort(reason);
    });
    await expect(walking).rejects.toBe(reason);
    expect(seen).toBe(25); // of 220: nothing was visited after the abort
    expect(openUnder(root.path)).toEqual([]);
  });
});
