// Lists the files of each package's tarball (npm pack --dry-run) and fails when one ships a test,
// a fixture or test support, or lacks README.md or LICENSE. Run after the build: `npm run check:packs`.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packages = [
  "packages/core",
  "transformer",
  "packages/testing",
  "packages/mcp",
  "packages/stores",
  "packages/otel",
  "packages/builtins",
];
const forbidden = [/\.test\.[cm]?[jt]s$/, /(^|\/)fixtures\//, /(^|\/)test-support\//, /\.test\.d\.[cm]?ts$/];
const required = ["README.md", "LICENSE", "package.json", "dist/cjs/index.js", "dist/esm/index.js"];

let failures = 0;
for (const directory of packages) {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: join(root, directory),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [pack] = JSON.parse(output);
  const files = pack.files.map((file) => file.path).sort();
  const problems = [
    ...files.filter((file) => forbidden.some((pattern) => pattern.test(file))).map((file) => `ships ${file}`),
    ...required.filter((file) => !files.includes(file)).map((file) => `lacks ${file}`),
  ];
  console.log(`${pack.name}@${pack.version}: ${files.length} files, ${pack.size} bytes packed`);
  for (const file of files) console.log(`  ${file}`);
  for (const problem of problems) console.log(`  PROBLEM: ${problem}`);
  failures += problems.length;
}
console.log(failures === 0 ? "check-packs: every tarball is clean" : `check-packs: ${failures} problems`);
process.exitCode = failures === 0 ? 0 : 1;
