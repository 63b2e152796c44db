// The public surface of every published package, one API Extractor report per export path (`.`,
// `./internal`, `./jest`, ...) in api/, read from the built declarations in dist/cjs.
// Usage: node scripts/api-report.mjs [--check]
//   (no flag)  writes the reports (`npm run api` builds first);
//   --check    fails when a report differs from the surface, or a report has no export path left
//              (`npm run api:check`, in CI after the build).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { CompilerState, Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { publishedPackages as packages } from "./published-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const reportFolder = join(root, "api");
const tempFolder = join(root, ".tmp", "api");
const check = process.argv.includes("--check");

/** Every export path of a package with its CommonJS declaration file, from `exports`. */
function entriesOf(directory) {
  const manifest = JSON.parse(readFileSync(join(root, directory, "package.json"), "utf8"));
  const unscoped = manifest.name.replace(/^@[^/]+\//, "");
  return Object.entries(manifest.exports)
    .filter(([path]) => path !== "./package.json")
    .map(([path, target]) => ({
      directory,
      name: path === "." ? manifest.name : `${manifest.name}/${path.slice(2)}`,
      report: path === "." ? unscoped : `${unscoped}-${path.slice(2).replaceAll("/", "-")}`,
      declarations: join(root, directory, target.require.types),
      manifest,
    }));
}

/** The newest modification time of a package's shipped sources (tests and fixtures left out). */
function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "fixtures") newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

// A report of an older build would pass or fail for the wrong reason: refuse it.
const entries = packages.flatMap(entriesOf);
for (const directory of packages) {
  const built = join(root, directory, "dist/cjs/index.d.ts");
  if (!existsSync(built) || statSync(built).mtimeMs < newestSource(join(root, directory, "src"))) {
    console.error(`api-report: ${directory} is not built or older than its src; run \`npm run build\` first`);
    process.exit(1);
  }
}

mkdirSync(reportFolder, { recursive: true });
let failures = 0;
// One compiler program per package serves all its export paths.
const programs = new Map();
for (const entry of entries) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: join(root, entry.directory),
      mainEntryPointFilePath: entry.declarations,
      // Read as a CommonJS consumer would; TypeScript is API Extractor's own copy (the same 6.0 as ours).
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: "es2022",
            lib: ["es2023"],
            module: "nodenext",
            moduleResolution: "nodenext",
            strict: true,
            skipLibCheck: true,
            types: ["node"],
          },
          files: [entry.declarations],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report,
        reportFolder,
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: "lf",
      // Names a public type needs but the entry does not export, and undocumented members, are
      // part of the surface a review should see: they go into the report, not the console.
      // Release tags are not used; TSDoc is checked by scripts/check-tsdoc.mjs.
      messages: {
        compilerMessageReporting: { default: { logLevel: "error" } },
        extractorMessageReporting: {
          default: { logLevel: "warning" },
          "ae-missing-release-tag": { logLevel: "none", addToApiReportFile: false },
          "ae-forgotten-export": { logLevel: "none", addToApiReportFile: true },
          "ae-undocumented": { logLevel: "none", addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: "none", addToApiReportFile: false } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, entry.directory, "package.json"),
  });
  if (!programs.has(entry.directory)) {
    const others = entries.filter((other) => other.directory === entry.directory && other !== entry);
    const additionalEntryPoints = others.map((other) => other.declarations);
    programs.set(entry.directory, CompilerState.create(config, { additionalEntryPoints }));
  }
  const result = Extractor.invoke(config, {
    compilerState: programs.get(entry.directory),
    localBuild: !check,
    showVerboseMessages: false,
    printApiReportDiff: check,
    messageCallback: (message) => {
      // "Analysis will use the bundled TypeScript version": once per package otherwise.
      if (message.messageId === "console-preamble") message.handled = true;
    },
  });
  if (check && result.apiReportChanged) {
    console.error(
      `api-report: the surface of ${entry.name} changed; run \`npm run api\` and commit api/${entry.report}.api.md`,
    );
    failures++;
  } else if (!result.succeeded) failures++;
}

// A report whose export path is gone is a surface change too.
const expected = new Set(entries.map((entry) => `${entry.report}.api.md`));
for (const file of readdirSync(reportFolder).filter((name) => !expected.has(name))) {
  if (check) {
    console.error(`api-report: api/${file} has no export path any more; run \`npm run api\` and commit its removal`);
    failures++;
  } else rmSync(join(reportFolder, file));
}
console.log(
  failures === 0
    ? `api-report: ${entries.length} reports ${check ? "match the surface" : `written to ${relative(root, reportFolder)}/`}`
    : `api-report: ${failures} problems`,
);
process.exitCode = failures === 0 ? 0 : 1;
