/**
 * A small, strict XML reader into an element tree, enough for MusicXML (no DOM in src/music).
 * Handles the XML declaration, processing instructions, comments, CDATA, a DOCTYPE (with an
 * internal subset), the five predefined entities and numeric character references. Checks
 * well-formedness (one root, matching tags, quoted unique attributes) and reports the line of the
 * first fault. External DTDs are never fetched; other named entities are errors (MusicXML files
 * do not use them, XML 1.0 §4.6).
 *
 * Written here rather than taken from npm: MusicXML needs only elements, attributes and text,
 * and this keeps the line numbers for the player's error message without a dependency.
 */

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (not its descendants'), entities decoded, untrimmed; runs of only
   * whitespace between tags are left out. */
  readonly text: string;
  /** 1-based line of the start tag. */
  readonly line: number;
}

/** Not well-formed XML, with the 1-based line where the reader stopped. */
export class XmlSyntaxError extends Error {
  readonly detail: string;
  readonly line: number;

  constructor(detail: string, line: number) {
    super(`${detail} (line ${String(line)})`);
    this.name = 'XmlSyntaxError';
    this.detail = detail;
    this.line = line;
  }
}

interface MutableElement {
  name: string;
  attrs: Record<string, string>;
  children: MutableElement[];
  text: string;
  line: number;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const BLANK = /^[ \t\r\n]*$/;

/** Parse a whole document and return its root element. Throws XmlSyntaxError. */
export function parseXml(text: string): XmlElement {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let lineCountedTo = 0;
  const lineAt = (at: number): number => {
    for (let i = lineCountedTo; i < at && i < text.length; i++) {
      if (text.charCodeAt(i) === 10) line++;
    }
    lineCountedTo = Math.max(lineCountedTo, at);
    return line;
  };
  // Annotated so that TypeScript narrows after a call (an assertion-style `never`).
  const fail: (detail: string, at?: number) => never = (detail, at = pos) => {
    let errorLine = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) errorLine++;
    throw new XmlSyntaxError(detail, errorLine);
  };
  const decode = (raw: string, at: number): string =>
    raw.indexOf('&') < 0
      ? raw
      : raw.replace(/&([^;&\s<]*);?/g, (whole: string, ref: string, offset: number): string => {
          const where = at + offset;
          if (!whole.endsWith(';')) return fail('An "&" not part of an entity', where);
          if (ref.startsWith('#')) {
            const code = ref.startsWith('#x')
              ? Number.parseInt(ref.slice(2), 16)
              : Number.parseInt(ref.slice(1), 10);
            if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) {
              return fail(`Bad character reference "&${ref};"`, where);
            }
            return String.fromCodePoint(code);
          }
          return PREDEFINED[ref] ?? fail(`Unknown entity "&${ref};"`, where);
        });
  const skipSpace = (): void => {
    SPACE.lastIndex = pos;
    SPACE.exec(text);
    pos = SPACE.lastIndex;
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(text);
    if (match === null) fail('Expected a name');
    pos = NAME.lastIndex;
    return match[0];
  };
  const skipPast = (end: string, what: string): void => {
    const at = text.indexOf(end, pos);
    if (at < 0) fail(`Unclosed ${what}`);
    pos = at + end.length;
  };
  const skipDoctype = (): void => {
    // "<!DOCTYPE" … possibly "[ internal subset ]" … ">"; quoted strings may contain > or [.
    pos += 9;
    let depth = 0;
    while (pos < text.length) {
      const c = text[pos];
      if (c === '"' || c === "'") {
        const close = text.indexOf(c, pos + 1);
        if (close < 0) break;
        pos = close + 1;
        continue;
      }
      if (c === '[') depth++;
      else if (c === ']') depth--;
      else if (c === '>' && depth <= 0) {
        pos++;
        return;
      }
      pos++;
    }
    fail('Unclosed DOCTYPE');
  };

  const stack: MutableElement[] = [];
  let root: MutableElement | null = null;

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > pos) {
      const chunk = text.slice(pos, textEnd);
      // Indentation between tags is dropped (most of a file's text runs; MusicXML values are
      // never whitespace only).
      if (!BLANK.test(chunk)) {
        const top = stack.at(-1);
        if (top === undefined) fail('Text outside the root element');
        top.text += decode(chunk, pos);
      }
      pos = textEnd;
      continue;
    }
    if (text.startsWith('<!--', pos)) {
      skipPast('-->', 'comment');
    } else if (text.startsWith('<![CDATA[', pos)) {
      const top = stack.at(-1);
      if (top === undefined) fail('CDATA outside the root element');
      const start = pos + 9;
      skipPast(']]>', 'CDATA section');
      top.text += text.slice(start, pos - 3);
    } else if (text.startsWith('<?', pos)) {
      skipPast('?>', 'processing instruction');
    } else if (text.startsWith('<!DOCTYPE', pos)) {
      if (root !== null) fail('DOCTYPE after the root element');
      skipDoctype();
    } else if (text.startsWith('</', pos)) {
      const at = pos;
      pos += 2;
      const name = readName();
      skipSpace();
      if (text[pos] !== '>') fail(`Expected ">" to close </${name}`);
      pos++;
      const open = stack.pop();
      if (open === undefined) fail(`Closing tag </${name}> with nothing open`, at);
      else if (open.name !== name) {
        fail(`Closing tag </${name}> does not match <${open.name}> of line ${open.line}`, at);
      }
    } else {
      const at = pos;
      pos++;
      const name = readName();
      const element: MutableElement = { name, attrs: {}, children: [], text: '', line: lineAt(at) };
      for (;;) {
        const before = pos;
        skipSpace();
        const c = text[pos];
        if (c === '>' || c === '/' || c === undefined) break;
        if (pos === before) fail(`Expected a space before an attribute in <${name}>`);
        const attr = readName();
        skipSpace();
        if (text[pos] !== '=') fail(`Attribute "${attr}" of <${name}> has no value`);
        pos++;
        skipSpace();
        const quote = text[pos];
        if (quote !== '"' && quote !== "'") fail(`Attribute "${attr}" of <${name}> is not quoted`);
        const close = text.indexOf(quote, pos + 1);
        if (close < 0) fail(`Unclosed attribute "${attr}" of <${name}>`);
        const raw = text.slice(pos + 1, close);
        if (raw.includes('<')) fail(`"<" inside attribute "${attr}" of <${name}>`);
        if (attr in element.attrs) fail(`Attribute "${attr}" repeated in <${name}>`);
        element.attrs[attr] = decode(raw, pos);
        pos = close + 1;
      }
      const selfClosing = text[pos] === '/';
      if (selfClosing) pos++;
      if (text[pos] !== '>') fail(`Unclosed start tag <${name}>`);
      pos++;
      const parent = stack.at(-1);
      if (parent !== undefined) parent.children.push(element);
      else if (root !== null) fail(`A second root element <${name}>`, at);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  const open = stack.at(-1);
  if (open !== undefined) fail(`The file ends inside <${open.name}> of line ${open.line}`);
  if (root === null) fail('No element found');
  return root;
}

/** First child element named `name`, or undefined. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** All child elements named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** Trimmed text of the first child named `name`, or undefined. */
export function childText(element: XmlElement, name: string): string | undefined {
  return child(element, name)?.text.trim();
}

/** Number in the first child named `name`, or undefined when absent or not a number. */
export function childNumber(element: XmlElement, name: string): number | undefined {
  const text = childText(element, name);
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
