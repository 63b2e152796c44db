import type * as ts from "typescript";
import { DatePathRecorder, dateKey } from "./date-paths.js";
import { DiagnosticCode, diagnosticAt, type DiagnosticCodeValue } from "./diagnostics.js";
import type { SchemaObject, TypeScript } from "./types.js";

/** Who a schema is being built for: named in every diagnostic. */
export interface SchemaSubject {
  /** The tool's name, when building a tool's schema. */
  tool?: string;
  /** The parameter being described. */
  parameter?: string;
  /** What is described when it is no tool parameter (`jsonSchema<Point>()`). */
  what?: string;
}

/** Choices that differ between argument schemas and return-type schemas. */
export interface SchemaChoices {
  /** Close object types (`additionalProperties: false`): true for arguments, false for `returns`. */
  closeObjects: boolean;
}

/** What the caller knows beyond the type itself. */
export interface VisitHint {
  /** The type as written, when known: gives `integer` aliases, alias tags and union order. */
  node?: ts.TypeNode;
  /** Leave this object type open (a branch of a non-discriminated union). */
  open?: boolean;
}

/** The engine's dispatcher from a type to its schema (visit.ts), handed to each context. */
export type TypeVisitor = (ctx: SchemaContext, type: ts.Type, hint?: VisitHint) => SchemaObject;

/**
 * State of one root schema under construction: the `$defs` of recursive types, the stack that
 * detects recursion, the `Date` paths, the current data path and the diagnostics. Programmers
 * return fresh schema objects, so callers may decorate what they get.
 */
export class SchemaContext {
  /** Definitions of recursive types, by sanitised name. */
  readonly defs = new Map<string, SchemaObject>();
  /** Diagnostics so far; the root schema is only returned when this holds no error. */
  readonly diagnostics: ts.Diagnostic[] = [];
  /** Data path from the arguments object to the value being described (`"*"` for items/values). */
  readonly path: string[] = [];
  private readonly defNames = new Map<ts.Type, string>();
  private readonly finished = new Set<ts.Type>();
  private readonly recursive = new Set<ts.Type>();
  private readonly stack: ts.Type[] = [];
  private readonly datePaths = new DatePathRecorder();

  constructor(
    readonly ts: TypeScript,
    readonly checker: ts.TypeChecker,
    /** Node the diagnostics are located on (a parameter, a type argument). */
    public anchor: ts.Node,
    /** Named in the diagnostics. */
    public subject: SchemaSubject,
    readonly choices: SchemaChoices,
    private readonly visitor: TypeVisitor,
  ) {}

  /**
   * The schema of a nested type. Programmers recurse through here, so none of them imports the
   * dispatcher that imports them all.
   */
  visit(type: ts.Type, hint: VisitHint = {}): SchemaObject {
    return this.visitor(this, type, hint);
  }

  /** Paths of `Date` values (see `ToolMetadata.dates`), inside recursive types too. */
  get dates(): string[][] {
    return this.datePaths.list();
  }

  /** Records that the value at the current path is a `Date`. */
  recordDate(): void {
    this.datePaths.date();
  }

  /** Runs `body` at property `name` (or tuple index) of the value at the current path. */
  at<T>(name: string, body: () => T): T {
    return this.within(name, dateKey(name), body);
  }

  /** Runs `body` at every item or value of the value at the current path (`"*"`). */
  atEach<T>(body: () => T): T {
    return this.within("*", "*", body);
  }

  private within<T>(segment: string, dateSegment: string, body: () => T): T {
    this.path.push(segment);
    this.datePaths.segments.push(dateSegment);
    try {
      return body();
    } finally {
      this.path.pop();
      this.datePaths.segments.pop();
    }
  }

  /** Runs `body` with diagnostics located on `anchor` and naming `subject` (one parameter after another). */
  about<T>(anchor: ts.Node, subject: SchemaSubject, body: () => T): T {
    const saved = { anchor: this.anchor, subject: this.subject };
    this.anchor = anchor;
    this.subject = subject;
    try {
      return body();
    } finally {
      this.anchor = saved.anchor;
      this.subject = saved.subject;
    }
  }

  /** Reports an error naming the tool, the parameter and the path; returns a placeholder schema. */
  fail(code: DiagnosticCodeValue, problem: string): SchemaObject {
    this.diagnostics.push(diagnosticAt(this.ts, this.anchor, code, `${this.describeSubject()}: ${problem}`));
    return {};
  }

  /** Reports a type that cannot cross JSON. */
  notJson(type: ts.Type, why: string, fix: string): SchemaObject {
    const text = this.checker.typeToString(type, undefined, this.ts.TypeFormatFlags.NoTruncation);
    return this.fail(DiagnosticCode.NotJson, `type "${text}" cannot cross JSON (${why}); ${fix}`);
  }

  /** `tool "x", parameter "y" (at y.a.b)`: what a diagnostic is about. */
  describeSubject(): string {
    const parts: string[] = [];
    if (this.subject.tool !== undefined) parts.push(`tool "${this.subject.tool}"`);
    if (this.subject.parameter !== undefined) parts.push(`parameter "${this.subject.parameter}"`);
    const text = parts.length > 0 ? parts.join(", ") : (this.subject.what ?? "schema");
    const path = this.path[0] === this.subject.parameter ? this.path.slice(1) : this.path;
    return path.length > 0 ? `${text} (at ${this.path.join(".")})` : text;
  }

  /**
   * Builds the schema of a structured type once per visit, turning a type met again while it is
   * being built into a `$ref` and its schema into a `$defs` entry.
   */
  structured(type: ts.Type, build: () => SchemaObject): SchemaObject {
    if (this.finished.has(type)) return this.reference(this.defNames.get(type)!);
    if (this.stack.includes(type)) {
      this.recursive.add(type);
      return this.reference(this.nameOf(type));
    }
    const datesAtEntry = this.datePaths.mark();
    this.stack.push(type);
    let schema: SchemaObject;
    try {
      schema = build();
    } finally {
      this.stack.pop();
    }
    if (!this.recursive.has(type)) return schema;
    const name = this.nameOf(type);
    this.datePaths.leaveRecursive(name, datesAtEntry);
    this.defs.set(name, schema);
    this.finished.add(type);
    return this.reference(name);
  }

  /** `{ $ref }` to a `$defs` entry, its place recorded for the `Date`s inside. */
  private reference(name: string): SchemaObject {
    this.datePaths.reference(name);
    return { $ref: `#/$defs/${name}` };
  }

  /** The `$defs` name of `type`: its declared name (with type arguments), sanitised and unique. */
  private nameOf(type: ts.Type): string {
    const known = this.defNames.get(type);
    if (known !== undefined) return known;
    // An optional property's `T | undefined` may be where the recursion is met first: name it after T.
    const text = this.checker.typeToString(
      this.definedMember(type) ?? type,
      undefined,
      this.ts.TypeFormatFlags.NoTruncation | this.ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
    );
    const base =
      text
        .replace(/[^A-Za-z0-9_.-]+/g, "_")
        .replace(/^_+|_+$/g, "")
        .slice(0, 60) || "Type";
    const taken = new Set(this.defNames.values());
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    this.defNames.set(type, name);
    return name;
  }

  /** The one member of a union besides `undefined` and `void`, when there is exactly one. */
  private definedMember(type: ts.Type): ts.Type | undefined {
    if (!type.isUnion()) return undefined;
    const F = this.ts.TypeFlags;
    const defined = type.types.filter((member) => !(member.flags & (F.Undefined | F.Void)));
    return defined.length === 1 ? defined[0] : undefined;
  }
}
