// A list a model wrote as Python inside a string (`"['urgent', 'billing']"`), read exactly or not
// at all: strings in single or double quotes and plain decimal numbers, nothing else (no nested
// lists, no True/None, no tuples, no implicit concatenation), so what comes back is what Python's
// own reading would give.

const decimal = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const escapes: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", t: "\t", r: "\r" };

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/**
 * The items of a Python list literal of strings and numbers (`['a', "b", 3, -1.5]`, a trailing
 * comma allowed), or undefined when `text` is anything else. A backslash escape other than
 * `\\`, `\'`, `\"`, `\n`, `\t`, `\r` refuses (Python would keep an unknown one, JSON would not).
 */
export function pythonList(text: string): (string | number)[] | undefined {
  const items: (string | number)[] = [];
  let i = 0;
  const skip = () => {
    while (isSpace(text[i])) i++;
  };
  skip();
  if (text[i] !== "[") return undefined;
  i++;
  skip();
  while (text[i] !== "]") {
    const quote = text[i];
    if (quote === "'" || quote === '"') {
      let value = "";
      for (i++; text[i] !== quote; i++) {
        const c = text[i];
        if (c === undefined || c < " ") return undefined; // unclosed, or a raw newline
        if (c === "\\") {
          const escaped = escapes[text[++i] ?? ""];
          if (escaped === undefined) return undefined;
          value += escaped;
        } else value += c;
      }
      i++;
      items.push(value);
    } else {
      decimal.lastIndex = i;
      const match = decimal.exec(text);
      if (match === null) return undefined;
      const number = Number(match[0]);
      if (!Number.isFinite(number)) return undefined;
      i += match[0].length;
      items.push(number);
    }
    skip();
    if (text[i] === ",") {
      i++;
      skip();
    } else if (text[i] !== "]") return undefined;
  }
  i++;
  skip();
  return i === text.length ? items : undefined;
}
