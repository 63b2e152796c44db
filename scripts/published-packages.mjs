// The folders of the packages this repository publishes: the workspaces that are not private.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readManifest = (directory) => JSON.parse(readFileSync(join(root, directory, "package.json"), "utf8"));

/** Each published package's folder, relative to the repository root, in the workspaces' order. */
export const publishedPackages = readManifest(".").workspaces.filter((directory) => !readManifest(directory).private);
