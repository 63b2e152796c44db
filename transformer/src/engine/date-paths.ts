// Where the `Date`s of one root schema are, recorded as it is built (see `ToolMetadata.dates`
// for how the paths are written). A recursive type's values sit at endlessly many paths: its
// `Date`s are listed once, from its `$defs` entry, and each place that meets it refers to the entry.

const defPointer = "#/$defs/";

/** A property name as date paths write it: `*` and names starting with `~` or `#` get a `~` before them. */
export function dateKey(name: string): string {
  return name === "*" || name.startsWith("~") || name.startsWith("#") ? `~${name}` : name;
}

/** Where a structured type's build started: what `leaveRecursive` moves into its entry. */
export interface DateMark {
  readonly count: number;
  readonly depth: number;
}

/** The `Date` paths of one root schema under construction. */
export class DatePathRecorder {
  /** The current path, as date paths write it. */
  readonly segments: string[] = [];
  /** From the root; the last segment may be a `$defs` entry met there. */
  private readonly fromRoot: string[][] = [];
  /** Inside each recursive type, from its `$defs` entry. */
  private readonly inside = new Map<string, string[][]>();

  /** The value at the current path is a `Date`. */
  date(): void {
    this.fromRoot.push([...this.segments]);
  }

  /** The value at the current path is the recursive type of `$defs` entry `name`. */
  reference(name: string): void {
    this.fromRoot.push([...this.segments, defPointer + name]);
  }

  /** Where a structured type's build starts. */
  mark(): DateMark {
    return { count: this.fromRoot.length, depth: this.segments.length };
  }

  /** The type built since `mark` is the recursive `$defs` entry `name`: what it recorded moves there. */
  leaveRecursive(name: string, mark: DateMark): void {
    const paths = this.fromRoot.splice(mark.count).map((path) => path.slice(mark.depth));
    this.inside.set(name, paths);
  }

  /**
   * The paths: from the root, then inside each recursive type that holds a `Date` (first segment
   * `#/$defs/Name`). Entries without one, however deep, and the places that meet them are left out.
   */
  list(): string[][] {
    const dated = new Set<string>();
    const leadsToDate = (path: readonly string[]) => {
      const last = path[path.length - 1];
      return !last?.startsWith(defPointer) || dated.has(last.slice(defPointer.length));
    };
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, paths] of this.inside) {
        if (dated.has(name) || !paths.some(leadsToDate)) continue;
        dated.add(name);
        grew = true;
      }
    }
    // A root path that would start with a pointer says where it starts: "#", the root.
    const fromRoot = this.fromRoot
      .filter(leadsToDate)
      .map((path) => (path[0]?.startsWith(defPointer) ? ["#", ...path] : [...path]));
    const inside = [...dated].sort().flatMap((name) =>
      this.inside
        .get(name)!
        .filter(leadsToDate)
        .map((path) => [defPointer + name, ...path]),
    );
    return [...fromRoot, ...inside];
  }
}
