// Part of `npm run lint`: every public name has TSDoc. Public means reachable from a package's
// `exports` (src/index.ts, the transformer's other entries): exported
// declarations, and the public members of exported classes and interfaces. Constructors are left
// to their class's TSDoc; a setter shares its getter's. Prints each gap and exits 1 when any.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Node, Project } from "ts-morph";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packageDirs = [...readdirSync(join(root, "packages")).map((name) => join("packages", name)), "transformer"];

// `./dist/esm/x/index.d.ts` in `exports` is `src/x/index.ts` in the source tree.
function entryFiles(dir) {
  const { exports = {} } = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  return Object.values(exports)
    .map((target) => target?.import?.types)
    .filter((types) => typeof types === "string" && types.startsWith("./dist/esm/"))
    .map((types) => join(root, dir, "src", types.slice("./dist/esm/".length).replace(/\.d\.ts$/, ".ts")));
}

const project = new Project({ tsConfigFilePath: join(root, "tsconfig.json"), skipAddingFilesFromTsConfig: true });
const entries = packageDirs.flatMap(entryFiles).map((file) => project.addSourceFileAtPath(file));
project.resolveSourceFileDependencies();

const documented = (node) => {
  const holder = Node.isVariableDeclaration(node) ? (node.getVariableStatement() ?? node) : node;
  return !Node.isJSDocable(holder) || holder.getJsDocs().length > 0;
};
const where = (node) => `${relative(root, node.getSourceFile().getFilePath())}:${node.getStartLineNumber()}`;

function publicMembers(declaration) {
  if (Node.isInterfaceDeclaration(declaration)) return [...declaration.getProperties(), ...declaration.getMethods()];
  if (!Node.isClassDeclaration(declaration)) return [];
  return declaration.getMembers().filter((member) => {
    if (Node.isConstructorDeclaration(member) || Node.isClassStaticBlockDeclaration(member)) return false;
    if (member.hasModifier?.("private") || member.hasModifier?.("protected")) return false;
    if (member.getName?.().startsWith("#")) return false;
    if (Node.isSetAccessorDeclaration(member) && member.getGetAccessor()) return false;
    return !(Node.isMethodDeclaration(member) && member.getOverloads().length > 0);
  });
}

const gaps = new Set();
for (const entry of entries) {
  for (const [name, declarations] of entry.getExportedDeclarations()) {
    for (const declaration of declarations) {
      const implementation = Node.isFunctionDeclaration(declaration) && declaration.getOverloads().length > 0;
      if (!implementation && !documented(declaration)) gaps.add(`${where(declaration)} ${name}`);
      for (const member of publicMembers(declaration)) {
        if (!documented(member)) gaps.add(`${where(member)} ${name}.${member.getName()}`);
      }
    }
  }
}
if (gaps.size > 0) {
  console.error(`Public names without TSDoc (add a /** … */ line saying what each is for):\n${[...gaps].join("\n")}`);
  process.exit(1);
}
