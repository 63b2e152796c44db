// Every ```ts block in docs/*.md, README.md and the packages' README.md files must type-check
// against the real packages.
// Blocks are compiled together as separate ES modules (top-level await allowed); a block
// tagged ```ts skip is left out.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as ts from "typescript";

const root = resolve(__dirname, "..");
const pages = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(root, "docs", name)),
  join(root, "transformer", "README.md"),
  ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name, "README.md")),
];

interface Block {
  page: string;
  line: number;
  code: string;
}

function blocksOf(page: string): Block[] {
  const lines = readFileSync(page, "utf8").split("\n");
  const blocks: Block[] = [];
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (start < 0 && /^```(ts|typescript)\s*$/.test(line)) start = i;
    else if (start >= 0 && line.startsWith("```")) {
      blocks.push({ page, line: start + 1, code: lines.slice(start + 1, i).join("\n") });
      start = -1;
    }
  }
  return blocks;
}

const blocks = pages.flatMap(blocksOf);

it("finds the code blocks of the README and the docs", () => {
  expect(blocks.filter((block) => block.page.endsWith("README.md")).length).toBeGreaterThan(0);
  expect(blocks.length).toBeGreaterThan(pages.length);
});

it("type-checks every TypeScript block in the docs", () => {
  const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = new Map<string, Block>();
  blocks.forEach((block, i) => {
    // Each block is a module of its own so names may repeat across blocks.
    files.set(join(root, "docs", `.block-${i}.ts`), block);
  });
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => {
    const block = files.get(name);
    return block ? `${block.code}\nexport {};\n` : readFile(name);
  };
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const program = ts.createProgram(
    [...files.keys()],
    { ...parsed.options, module: ts.ModuleKind.ESNext, noEmit: true, noUnusedLocals: false },
    host,
  );
  const problems = [...files.keys()].flatMap((name) => {
    const block = files.get(name)!;
    return ts.getPreEmitDiagnostics(program, program.getSourceFile(name)).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      const page = block.page.slice(root.length + 1);
      return `${page}:${block.line + where}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
  });
  expect(problems).toEqual([]);
});
