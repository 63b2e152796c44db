// Packs each package (npm pack) and checks its tarball as the field's libraries do: it ships no
// test or fixture (test helpers included) and has its README.md, LICENSE and CHANGELOG.md;
// @arethetypeswrong/core finds each export path's types, and the right ones, under every module
// resolution (node10, node16 from CJS and ESM, bundler); publint lints the package.json against
// the files. Run after the build: `npm run check:packs`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { problemKindInfo } from "@arethetypeswrong/core/problems";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { publishedPackages as packages } from "./published-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const forbidden = [/\.test\.[cm]?[jt]s$/, /(^|\/)fixtures\//, /\.test\.d\.[cm]?ts$/];
const required = ["README.md", "LICENSE", "CHANGELOG.md", "package.json", "dist/cjs/index.js", "dist/esm/index.js"];
// Findings that are not faults, per package, each with why.
const allowed = {
  "@tooltype/core": {
    // Not side-effect free: importing core defines `Symbol.metadata` where Node lacks it
    // (tools/description-decorator.ts), which standard decorators need; esbuild puts that module
    // in a hashed chunk, so no `sideEffects` list can name it.
    publint: ["USE_SIDE_EFFECTS"],
  },
};

const destination = mkdtempSync(join(tmpdir(), "tooltype-packs-"));
let failures = 0;
try {
  for (const directory of packages) {
    const output = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
      cwd: join(root, directory),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const [pack] = JSON.parse(output);
    const files = pack.files.map((file) => file.path).sort();
    const tarball = readFileSync(join(destination, pack.filename));
    const allow = allowed[pack.name] ?? {};
    const problems = [
      ...files.filter((file) => forbidden.some((pattern) => pattern.test(file))).map((file) => `ships ${file}`),
      ...required.filter((file) => !files.includes(file)).map((file) => `lacks ${file}`),
      ...(await typeProblems(tarball)),
      ...(await lintProblems(tarball, allow.publint ?? [])),
    ];
    console.log(`${pack.name}@${pack.version}: ${files.length} files, ${pack.size} bytes packed`);
    for (const file of files) console.log(`  ${file}`);
    for (const problem of problems) console.log(`  PROBLEM: ${problem}`);
    failures += problems.length;
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
console.log(failures === 0 ? "check-packs: every tarball is clean" : `check-packs: ${failures} problems`);
process.exitCode = failures === 0 ? 0 : 1;

/** What @arethetypeswrong finds wrong with the types of each export path, one line each. */
async function typeProblems(tarball) {
  const result = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
  if (!result.types) return ["attw: the package has no types"];
  return result.problems.map((problem) => {
    const where = "entrypoint" in problem ? ` (${problem.entrypoint}, ${problem.resolutionKind})` : "";
    return `attw ${problem.kind}${where}: ${problemKindInfo[problem.kind].description}`;
  });
}

/** What publint finds in the package.json against the packed files, suggestions included. */
async function lintProblems(tarball, allowedCodes) {
  const { messages, pkg } = await publint({
    pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    level: "suggestion",
    strict: true,
  });
  return messages
    .filter((message) => !allowedCodes.includes(message.code))
    .map((message) => `publint ${message.code} (${message.type}): ${formatMessage(message, pkg, { color: false })}`);
}
