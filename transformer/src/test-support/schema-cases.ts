import ts from "typescript";
import { formatDiagnostic, schemaOfType } from "../engine/index.js";
import { createAjv } from "./ajv.js";
import { createVirtualProgram, projectRoot } from "./compile.js";

/** One type to describe, with values its schema must accept and values it must reject. */
export interface SchemaCase {
  /** What the case shows. */
  name: string;
  /** TypeScript source declaring the type `T` (or `type`). */
  source: string;
  /** Name of the declared type to describe; default `T`. */
  type?: string;
  /** Values TypeScript accepts: each must pass. */
  valid: unknown[];
  /** Values TypeScript rejects: each must fail. */
  invalid: unknown[];
  /** Extra checks on the schema itself. */
  check?: (schema: Record<string, unknown>, dates: string[][]) => void;
}

/** A described case: the schema (or the errors) and the `Date` paths. */
export interface DescribedCase {
  schema?: Record<string, unknown>;
  errors: string[];
  dates: string[][];
}

/** Describes every case's type in one program (one file per case, so names do not clash). */
export function describeCases(cases: readonly SchemaCase[]): DescribedCase[] {
  const files: Record<string, string> = {};
  cases.forEach((c, i) => (files[`case${i}.ts`] = `${c.source}\nexport {};\n`));
  const program = createVirtualProgram(files);
  const typeErrors = program.typeErrors();
  if (typeErrors.length > 0) throw new Error(`case sources do not compile:\n${typeErrors.join("\n")}`);
  return cases.map((c, i) => {
    const file = program.file(`case${i}.ts`);
    const name = c.type ?? "T";
    const declaration = file.statements.find(
      (s): s is ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.ClassDeclaration | ts.EnumDeclaration =>
        (ts.isTypeAliasDeclaration(s) ||
          ts.isInterfaceDeclaration(s) ||
          ts.isClassDeclaration(s) ||
          ts.isEnumDeclaration(s)) &&
        s.name?.text === name,
    );
    if (!declaration?.name) throw new Error(`case "${c.name}" declares no type ${name}`);
    const symbol = program.checker.getSymbolAtLocation(declaration.name)!;
    const type = ts.isTypeAliasDeclaration(declaration)
      ? program.checker.getTypeAtLocation(declaration.name)
      : program.checker.getDeclaredTypeOfSymbol(symbol);
    const result = schemaOfType(ts, program.checker, type, declaration.name, { subject: { what: name } });
    return {
      schema: result.schema as Record<string, unknown> | undefined,
      errors: result.diagnostics.map((d) => formatDiagnostic(ts, d, projectRoot)),
      dates: result.dates,
    };
  });
}

/** Declares one jest test per case: schema built without errors, valid values pass, invalid ones fail. */
export function runSchemaCases(title: string, cases: readonly SchemaCase[]): void {
  describe(title, () => {
    let described: DescribedCase[] = [];
    beforeAll(() => {
      described = describeCases(cases);
    });
    cases.forEach((c, i) => {
      it(c.name, () => {
        const { schema, errors, dates } = described[i]!;
        expect(errors).toEqual([]);
        const validate = createAjv().compile(schema!);
        for (const value of c.valid) {
          if (!validate(value))
            throw new Error(
              `expected ${JSON.stringify(value)} to pass ${JSON.stringify(schema)}: ${JSON.stringify(validate.errors)}`,
            );
        }
        for (const value of c.invalid) {
          if (validate(value)) throw new Error(`expected ${JSON.stringify(value)} to fail ${JSON.stringify(schema)}`);
        }
        c.check?.(schema!, dates);
      });
    });
  });
}
