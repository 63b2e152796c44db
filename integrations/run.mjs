// Integration ways: each folder of integrations/ways is a fresh project set up as docs/build-setups.md
// tells a user, installed from the packed tarballs (npm pack), built, and run: two real tool calls
// against the scripted model server. Usage: node integrations/run.mjs [way ...] (after npm run build).
// Ends with `integrations: N passed, M failed`; exit code 1 when any failed.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const parallel = Number(process.env.INTEGRATIONS_PARALLEL ?? 2);
const keep = process.env.INTEGRATIONS_KEEP === "1";
const wanted = process.argv.slice(2);
const ways = readdirSync(join(here, "ways"))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

const work = mkdtempSync(join(tmpdir(), "tooltype-integrations-"));
const tarballs = join(work, "tarballs");
mkdirSync(tarballs);
const packages = {
  "@tooltype/core": "packages/core",
  "@tooltype/transformer": "transformer",
  "@tooltype/testing": "packages/testing",
};
const tarballOf = {};
for (const [name, directory] of Object.entries(packages)) {
  const output = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tarballs], {
    cwd: join(root, directory),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  tarballOf[name] = join(tarballs, JSON.parse(output)[0].filename);
}

// A step that hangs (a test runner kept alive by an open handle) fails its way instead of the whole run.
const stepTimeoutMs = 8 * 60_000;

/** Runs `command` in `cwd`, appending its output to `log`; resolves to its exit code (1 after a timeout). */
function run(command, args, cwd, log, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group, so a timeout stops what it started too
    });
    const chunks = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, stepTimeoutMs);
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (code) => {
      clearTimeout(timer);
      const ended = timedOut ? `killed after ${stepTimeoutMs / 60_000} min` : `exit ${code}`;
      log.push(`$ ${command} ${args.join(" ")}  (${ended})`, Buffer.concat(chunks).toString("utf8"));
      resolve(timedOut ? 1 : (code ?? 1));
    });
  });
}

/** One way: copy the app and the way's files, point @tooltype/* at the tarballs, install, build, start. */
async function runWay(way) {
  const started = Date.now();
  const directory = join(work, way);
  const log = [];
  const wayDirectory = join(here, "ways", way);
  const manifest = JSON.parse(readFileSync(join(wayDirectory, "package.json"), "utf8"));
  // The app copied into src/: "app" (decorated tools) unless the way names another folder, or false.
  const app = manifest.tooltype?.app ?? "app";
  if (app !== false) cpSync(join(here, app), join(directory, "src"), { recursive: true });
  cpSync(wayDirectory, directory, { recursive: true });
  for (const field of ["dependencies", "devDependencies"])
    for (const name of Object.keys(manifest[field] ?? {}))
      if (tarballOf[name]) manifest[field][name] = `file:${tarballOf[name]}`;
  writeFileSync(join(directory, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  const install = manifest.tooltype?.install ?? [];
  let ok =
    (await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...install], directory, log)) === 0;
  if (ok && manifest.scripts?.build) ok = (await run("npm", ["run", "build"], directory, log)) === 0;
  if (ok) {
    const before = log.length;
    ok = (await run("npm", ["start"], directory, log, { WAY: way })) === 0;
    ok &&= log.slice(before).join("\n").includes(`integration ${way} ok`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${ok ? "PASS" : "FAIL"} ${way} (${seconds} s)`);
  if (!ok)
    console.log(
      log
        .join("\n")
        .split("\n")
        .slice(-40)
        .map((line) => `    ${line}`)
        .join("\n"),
    );
  if (ok && !keep) rmSync(directory, { recursive: true, force: true });
  return ok;
}

const queue = [...ways];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let way = queue.shift(); way !== undefined; way = queue.shift()) results.push(await runWay(way));
  }),
);
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
if (failed === 0 && !keep) rmSync(work, { recursive: true, force: true });
else console.log(`work directory kept: ${work}`);
console.log(`integrations: ${passed} passed, ${failed} failed`);
// Every way ran and passed (no way at all is a failure too).
process.exitCode = failed === 0 && results.length === ways.length && ways.length > 0 ? 0 : 1;
