// Writes the build scenario's project: `files` files of `perFile` decorated methods each, for
// tsc / tooltype build / tooltype generate, and the same parameter types for typia's transformer.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const units = ["celsius", "fahrenheit", "kelvin"];

function method(f, m) {
  const n = f * 100 + m;
  return `
  /**
   * Look up entry ${n} of the archive.
   * @param key the entry's key
   * @param unit how numbers are shown
   * @param limit how many rows at most
   */
  @Description("Look up entry ${n}.")
  lookup${m}(key: string, unit: ${units.map((u) => `"${u}"`).join(" | ")} = "celsius", limit?: number, filter?: Filter${f}): string {
    return \`\${key} \${unit} \${limit ?? 0} \${filter?.tags?.length ?? 0} ${n}\`;
  }
`;
}

function classFile(f, perFile) {
  return `import { Description } from "@tooltype/core";

/** What an archive lookup may be narrowed to. */
export interface Filter${f} {
  /** Only rows with one of these tags. */
  tags?: string[];
  /** Only rows from this year on. */
  since?: number;
  kind?: "draft" | "final";
}

/** Archive ${f}: each method is a tool. */
export class Archive${f} {${Array.from({ length: perFile }, (_, m) => method(f, m)).join("")}}
`;
}

function typiaFile(f, perFile) {
  const params = Array.from(
    { length: perFile },
    (_, m) => `
/** Parameters of lookup ${f * 100 + m}. */
export interface Lookup${f}_${m} {
  /** the entry's key */
  key: string;
  /** how numbers are shown */
  unit?: ${units.map((u) => `"${u}"`).join(" | ")};
  /** how many rows at most */
  limit?: number;
  filter?: { tags?: string[]; since?: number; kind?: "draft" | "final" };
}
export const lookup${f}_${m} = {
  parameters: typia.llm.parameters<Lookup${f}_${m}>(),
  validate: typia.createValidateEquals<Lookup${f}_${m}>(),
};
`,
  ).join("");
  return `import typia from "typia";\n${params}`;
}

/** Writes the project under `dir` (emptied first); returns the tsconfig paths. */
export function writeBuildProject(dir, files = 30, perFile = 10) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "typia"), { recursive: true });
  const base = {
    target: "es2022",
    module: "commonjs",
    moduleResolution: "node10",
    strict: true,
    skipLibCheck: true,
    types: [],
    ignoreDeprecations: "6.0",
  };
  for (let f = 0; f < files; f++) {
    writeFileSync(join(dir, "src", `archive-${f}.ts`), classFile(f, perFile));
    writeFileSync(join(dir, "typia", `lookups-${f}.ts`), typiaFile(f, perFile));
  }
  const plain = join(dir, "tsconfig.json");
  writeFileSync(
    plain,
    JSON.stringify({ compilerOptions: { ...base, rootDir: "src", outDir: "dist" }, include: ["src"] }, null, 2),
  );
  const typia = join(dir, "tsconfig.typia.json");
  writeFileSync(
    typia,
    JSON.stringify(
      {
        compilerOptions: {
          ...base,
          rootDir: "typia",
          outDir: "dist-typia",
          plugins: [{ transform: "typia/lib/transform" }],
        },
        include: ["typia"],
      },
      null,
      2,
    ),
  );
  return { plain, typia };
}
