import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtins } from "../builtins.js";
import { eventually, liveProcesses, markerSeconds } from "../fixtures/processes.js";
import { callJson, tempDir, toolNamed } from "../fixtures/temp-dir.js";

describe("the shell tool", () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir("shell");
    mkdirSync(join(dir.path, "work"));
    writeFileSync(join(dir.path, "keep.txt"), "precious");
  });
  afterEach(() => dir.remove());

  const shell = (extra: object = {}) =>
    toolNamed(
      builtins({ shell: { root: dir.path, commands: ["echo", "ls", "cat", "pwd", "sh", "env"], ...extra } }),
      "shell_run",
    );

  it("is off unless configured, and needs a root", () => {
    expect(builtins({}).map((t) => t.name)).toEqual([]);
    expect(() => builtins({ shell: { commands: ["ls"] } })).toThrow(TypeError);
    expect(() => builtins({ shell: { root: dir.path, commands: ["ls -la"] } })).toThrow(
      /program name or an absolute path/,
    );
  });

  it("runs an allowed program with an argv array in the root", async () => {
    const result = await callJson(shell(), { argv: ["ls"] });
    expect(result).toEqual({ isError: false, value: { exitCode: 0, stdout: "keep.txt\nwork\n", stderr: "" } });
    expect((await callJson(shell(), { argv: ["pwd"], cwd: "work" })).value.stdout).toBe(`${join(dir.path, "work")}\n`);
    expect((await callJson(shell(), { argv: ["cat"], stdin: "from stdin" })).value.stdout).toBe("from stdin");
  });

  it("reports a failing command's exit code and stderr as a result, not an error", async () => {
    const result = await callJson(shell(), { argv: ["ls", "missing"] });
    expect(result.isError).toBe(false);
    expect(result.value.exitCode).not.toBe(0);
    expect(result.value.stderr).toContain("missing");
  });

  it.each([
    [["echo hi; rm -rf keep.txt"]],
    [["rm", "-rf", "keep.txt"]],
    [["/bin/rm", "keep.txt"]],
    [["./echo"]],
    [["$(rm keep.txt)"]],
  ])("refuses programs off the list: %j", async (argv) => {
    const result = await callJson(shell(), { argv });
    expect(result.isError).toBe(true);
    expect(result.value.error).toContain("is not an allowed program");
    expect(existsSync(join(dir.path, "keep.txt"))).toBe(true);
  });

  it("passes shell syntax to the program as plain words: nothing is interpreted", async () => {
    const words = ["; rm -rf keep.txt", "$(rm keep.txt)", "`rm keep.txt`", "| cat /etc/passwd", "&& id", "$HOME", "*"];
    const result = await callJson(shell(), { argv: ["echo", ...words] });
    expect(result.value.stdout).toBe(`${words.join(" ")}\n`);
    expect(existsSync(join(dir.path, "keep.txt"))).toBe(true);
  });

  it("refuses a working directory outside the root", async () => {
    for (const cwd of ["..", "/tmp", "work/../.."]) {
      const result = await callJson(shell(), { argv: ["pwd"], cwd });
      expect(result.isError).toBe(true);
    }
  });

  it("inherits no secrets: only PATH and what is configured", async () => {
    process.env.TOOLTYPE_TEST_SECRET = "hunter2";
    try {
      const result = await callJson(shell({ env: { LANG: "C" } }), { argv: ["env"] });
      const names = (result.value.stdout as string)
        .trim()
        .split("\n")
        .map((line) => line.split("=")[0])
        .sort();
      expect(names).toEqual(["LANG", "PATH"]);
      expect(result.value.stdout).not.toContain("hunter2");
    } finally {
      delete process.env.TOOLTYPE_TEST_SECRET;
    }
  });

  // Each test's sleeps carry a duration no other process runs, so /proc tells whether they live on.
  it("stops a command that runs too long, with its whole process group", async () => {
    const sleep = ["sleep", markerSeconds()];
    try {
      const result = await callJson(shell({ timeoutMs: 1_000 }), {
        argv: ["sh", "-c", `${sleep.join(" ")} & ${sleep.join(" ")}`],
      });
      // The command would sleep for days: only the time limit ends it.
      expect(result.value.error).toBe('"sh" was stopped after 1000 ms (the time limit).');
      // The sleep in the background went with the group.
      await eventually(() => liveProcesses(sleep).length === 0, "the background sleep is gone");
    } finally {
      for (const pid of liveProcesses(sleep)) process.kill(pid, "SIGKILL");
    }
  });

  it("bounds huge output and stops the command", async () => {
    const result = await callJson(shell({ maxOutputBytes: 1000 }), {
      argv: ["sh", "-c", "while :; do echo yyyyyyyy; done"],
    });
    expect(result.isError).toBe(false);
    expect(result.value.stdout).toHaveLength(1000);
    expect(result.value.truncated).toBe(true);
  });

  it("kills the process group when the call is aborted", async () => {
    const sleep = ["sleep", markerSeconds()];
    const controller = new AbortController();
    try {
      const running = shell().call(
        { argv: ["sh", "-c", `${sleep.join(" ")} & ${sleep.join(" ")}`] },
        { signal: controller.signal },
      );
      await eventually(() => liveProcesses(sleep).length === 2, "both sleeps run");
      controller.abort();
      expect((await running).isError).toBe(true);
      await eventually(() => liveProcesses(sleep).length === 0, "both sleeps are gone");
    } finally {
      for (const pid of liveProcesses(sleep)) process.kill(pid, "SIGKILL");
    }
  });
});
