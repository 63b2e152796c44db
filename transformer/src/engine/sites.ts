import type * as ts from "typescript";
import { isCoreFile, isCoreSymbol, resolveSymbol } from "./core-symbols.js";
import type { ToolDeclaration, TypeScript } from "./types.js";

/** A place in a source file where the transformer injects metadata (or reports why it cannot). */
export type ToolSite =
  | {
      /** `@Description(text, options?)` (of `@tooltype/core`) on a method. */
      kind: "decorator";
      call: ts.CallExpression;
      method: ts.MethodDeclaration;
      /** The description text when written as a literal. */
      description?: string;
      /** `options.name` when written as a literal. */
      name?: string;
    }
  | {
      /** `registry.add(fn, options?)` with a function whose declaration was found. */
      kind: "registry-add";
      call: ts.CallExpression;
      target: ToolDeclaration;
      name?: string;
      description?: string;
    }
  | { kind: "define-tool"; call: ts.CallExpression }
  | {
      /** `jsonSchema<T>()`, or `jsonSchema<T>("id")` with a site id the sidecar registers its schema under. */
      kind: "json-schema";
      call: ts.CallExpression;
      siteId?: string;
    }
  | {
      /** `ToolRegistry.add` used so its argument cannot be read (`forEach(reg.add)`, a spread, an unknown function). */
      kind: "unresolved-add";
      node: ts.Node;
      reason: "indirect" | "spread" | "unknown-function";
    };

/**
 * Every tool site of a file, in source order. `@tooltype/core`'s own implementation files are
 * skipped (its tests are not): the registry's internals handle functions generically.
 */
export function findToolSites(tsm: TypeScript, checker: ts.TypeChecker, sourceFile: ts.SourceFile): ToolSite[] {
  const sites: ToolSite[] = [];
  if (isCoreFile(tsm, sourceFile.fileName) && !/\.test\.[cm]?tsx?$/.test(sourceFile.fileName)) return sites;
  // The walk meets every node of the program: most are none of the kinds a site can be (a method,
  // a call, a member access), which a comparison of kinds tells before any predicate is asked.
  const { MethodDeclaration, CallExpression, PropertyAccessExpression, ElementAccessExpression } = tsm.SyntaxKind;
  const forEachChild = tsm.forEachChild;
  const visit = (node: ts.Node): void => {
    const kind = node.kind;
    if (
      kind !== MethodDeclaration &&
      kind !== CallExpression &&
      kind !== PropertyAccessExpression &&
      kind !== ElementAccessExpression
    ) {
      forEachChild(node, visit);
      return;
    }
    if (tsm.isMethodDeclaration(node)) {
      for (const decorator of tsm.getDecorators(node) ?? []) {
        const call = decorator.expression;
        if (tsm.isCallExpression(call) && call.arguments.length < 3 && isCore(call.expression, "Description")) {
          sites.push({
            kind: "decorator",
            call,
            method: node,
            ...literalOptions(call.arguments[0], call.arguments[1]),
          });
        }
      }
    }
    if (tsm.isCallExpression(node)) {
      if (isCore(node.expression, "defineTool") && node.arguments.length < 2)
        sites.push({ kind: "define-tool", call: node });
      if (isCore(node.expression, "jsonSchema")) {
        const id = node.arguments[0];
        // One argument other than a literal is a schema of the caller's own: nothing to generate.
        if (id === undefined) sites.push({ kind: "json-schema", call: node });
        else if (node.arguments.length === 1 && (tsm.isStringLiteral(id) || tsm.isNoSubstitutionTemplateLiteral(id)))
          sites.push({ kind: "json-schema", call: node, siteId: id.text });
      }
    }
    if ((tsm.isPropertyAccessExpression(node) || tsm.isElementAccessExpression(node)) && isRegistryAdd(node)) {
      const call = node.parent;
      if (!tsm.isCallExpression(call) || call.expression !== node) {
        if (!isReflectiveCall(tsm, node)) sites.push({ kind: "unresolved-add", node, reason: "indirect" });
      } else if (call.arguments.length > 0 && call.arguments.length < 3) {
        const site = registryAddSite(call);
        if (site) sites.push(site);
      }
    }
    forEachChild(node, visit);
  };
  // A decorator's call is asked about three times (`Description`, then `defineTool` and
  // `jsonSchema` as a call): its callee's name is resolved once.
  const callees = new Map<ts.Expression, ts.Symbol | undefined>();
  const isCore = (expression: ts.Expression, name: string): boolean => {
    if (!callees.has(expression)) {
      const target = tsm.isPropertyAccessExpression(expression) ? expression.name : expression;
      callees.set(expression, resolveSymbol(tsm, checker, checker.getSymbolAtLocation(target)));
    }
    return isCoreSymbol(tsm, callees.get(expression), name);
  };
  const isRegistryAdd = (access: ts.PropertyAccessExpression | ts.ElementAccessExpression): boolean => {
    const target = tsm.isPropertyAccessExpression(access) ? access.name : access.argumentExpression;
    // A member's name cannot be renamed at the access: skip the checker for every other property access.
    if (!((tsm.isIdentifier(target) || tsm.isStringLiteralLike(target)) && target.text === "add")) return false;
    const symbol = resolveSymbol(tsm, checker, checker.getSymbolAtLocation(target));
    if (!isCoreSymbol(tsm, symbol, "add")) return false;
    return (symbol?.declarations ?? []).some((d) => {
      const owner = d.parent;
      return (tsm.isClassLike(owner) || tsm.isInterfaceDeclaration(owner)) && owner.name?.text === "ToolRegistry";
    });
  };
  const literalOptions = (
    first: ts.Expression | undefined,
    options: ts.Expression | undefined,
  ): { description?: string; name?: string } => {
    const result: { description?: string; name?: string } = {};
    if (first && (tsm.isStringLiteral(first) || tsm.isNoSubstitutionTemplateLiteral(first)))
      result.description = first.text;
    if (options && tsm.isObjectLiteralExpression(options)) {
      for (const property of options.properties) {
        if (
          !tsm.isPropertyAssignment(property) ||
          !property.name ||
          !(tsm.isIdentifier(property.name) || tsm.isStringLiteral(property.name))
        )
          continue;
        const value = property.initializer;
        if (!tsm.isStringLiteral(value) && !tsm.isNoSubstitutionTemplateLiteral(value)) continue;
        if (property.name.text === "name") result.name = value.text;
        if (property.name.text === "description") result.description = value.text;
      }
    }
    return result;
  };
  const registryAddSite = (call: ts.CallExpression): ToolSite | undefined => {
    const argument = call.arguments[0]!;
    if (tsm.isSpreadElement(argument)) return { kind: "unresolved-add", node: argument, reason: "spread" };
    const target = functionDeclarationOf(tsm, checker, argument);
    if (target) {
      const options = literalOptions(undefined, call.arguments[1]);
      return { kind: "registry-add", call, target, ...options };
    }
    const type = checker.getTypeAtLocation(argument);
    const callable = type.getCallSignatures().length > 0 && type.getConstructSignatures().length === 0;
    return callable ? { kind: "unresolved-add", node: argument, reason: "unknown-function" } : undefined;
  };
  visit(sourceFile);
  return sites;
}

/**
 * `Reflect.apply(reg.add, reg, [fn])`, `reg.add.call(reg, fn)`, `reg.add.apply(reg, [fn])`: a
 * deliberate call past the transformer (nothing is injected; the sidecar or the runtime error
 * applies), unlike a callback (`list.forEach(reg.add)`), which is an accident and a diagnostic.
 */
function isReflectiveCall(tsm: TypeScript, access: ts.Expression): boolean {
  const parent = access.parent;
  if (
    tsm.isPropertyAccessExpression(parent) &&
    parent.expression === access &&
    (parent.name.text === "call" || parent.name.text === "apply")
  ) {
    return tsm.isCallExpression(parent.parent) && parent.parent.expression === parent;
  }
  if (tsm.isCallExpression(parent) && parent.arguments[0] === access) {
    const callee = parent.expression;
    return (
      tsm.isPropertyAccessExpression(callee) &&
      tsm.isIdentifier(callee.expression) &&
      callee.expression.text === "Reflect" &&
      callee.name.text === "apply"
    );
  }
  return false;
}

/** The function an expression names or is: a function/arrow expression, a function, a method, a const holding one. */
export function functionDeclarationOf(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  expression: ts.Expression,
): ToolDeclaration | undefined {
  const inner = skipOuter(tsm, expression);
  if (tsm.isArrowFunction(inner) || tsm.isFunctionExpression(inner)) return inner;
  if (!tsm.isIdentifier(inner) && !tsm.isPropertyAccessExpression(inner)) return undefined;
  const symbol = resolveSymbol(
    tsm,
    checker,
    checker.getSymbolAtLocation(tsm.isPropertyAccessExpression(inner) ? inner.name : inner),
  );
  const declaration = symbol?.valueDeclaration;
  if (!declaration) return undefined;
  if (tsm.isFunctionDeclaration(declaration) || tsm.isMethodDeclaration(declaration)) return declaration;
  if (
    (tsm.isVariableDeclaration(declaration) ||
      tsm.isPropertyDeclaration(declaration) ||
      tsm.isPropertyAssignment(declaration)) &&
    declaration.initializer
  ) {
    const initializer = skipOuter(tsm, declaration.initializer);
    if (tsm.isArrowFunction(initializer) || tsm.isFunctionExpression(initializer)) return initializer;
  }
  return undefined;
}

function skipOuter(tsm: TypeScript, expression: ts.Expression): ts.Expression {
  let node = expression;
  while (
    tsm.isParenthesizedExpression(node) ||
    tsm.isAsExpression(node) ||
    tsm.isSatisfiesExpression(node) ||
    tsm.isNonNullExpression(node)
  )
    node = node.expression;
  return node;
}
