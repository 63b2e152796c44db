import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { copyFixture, type FixtureCopy } from "./fixtures/fixture-project.js";
import type { GenerateResult } from "./generate.js";
import { watchSidecar, type SidecarWatcher } from "./watch.js";

jest.setTimeout(120_000);

describe("watchSidecar (tooltype generate --watch)", () => {
  let fixture: FixtureCopy | undefined;
  let watcher: SidecarWatcher | undefined;
  afterEach(() => {
    watcher?.close();
    fixture?.remove();
  });

  it("generates at once, then again after a tool's signature changes on disk", async () => {
    fixture = copyFixture("tools-project");
    const outFile = join(fixture.directory, "src/tooltype.generated.ts");
    const outcomes: (GenerateResult | Error)[] = [];
    let wake: () => void = () => undefined;
    const rewritten = new Promise<void>((resolve) => (wake = resolve));
    watcher = watchSidecar({ project: fixture.tsconfig, outFile }, (outcome) => {
      outcomes.push(outcome);
      if (!(outcome instanceof Error) && outcome.written && readFileSync(outFile, "utf8").includes('"loud"')) wake();
    });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: true, written: true });
    expect(readFileSync(outFile, "utf8")).not.toContain("loud");

    const greet = join(fixture.directory, "src/greet.ts");
    writeFileSync(
      greet,
      readFileSync(greet, "utf8").replace(
        "(name: string, times?: number)",
        "(name: string, times?: number, loud = false)",
      ),
    );
    await rewritten;
    const text = readFileSync(outFile, "utf8");
    expect(text).toContain('loud: { type: "boolean", default: false }');
    // No regeneration failed on the way.
    expect(outcomes.every((outcome) => !(outcome instanceof Error))).toBe(true);
  });
});
