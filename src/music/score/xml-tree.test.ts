import { describe, expect, it } from 'vitest';
import { child, childNumber, childrenNamed, childText, parseXml, XmlSyntaxError } from './xml-tree';

function errorOf(text: string): XmlSyntaxError {
  try {
    parseXml(text);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlSyntaxError);
    return error as XmlSyntaxError;
  }
  throw new Error('expected an XmlSyntaxError');
}

describe('parseXml', () => {
  it('reads elements, attributes in either quotes, text and their lines', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<a x="1" y=\'two\'>\n  <b>hi</b>\n  <b/>\n  <c>3.5</c>\n</a>',
    );
    expect(root.name).toBe('a');
    expect(root.attrs).toEqual({ x: '1', y: 'two' });
    expect(childrenNamed(root, 'b').map((b) => [b.text, b.line])).toEqual([
      ['hi', 3],
      ['', 4],
    ]);
    expect(childNumber(root, 'c')).toBe(3.5);
    expect(childText(root, 'missing')).toBeUndefined();
  });

  it('decodes the predefined entities and character references, in text and attributes', () => {
    const root = parseXml(
      '<a t="&quot;B&#x266D;&quot; &amp; &#9839;">&lt;Trumpet in B&#x266D;&gt; &apos;</a>',
    );
    expect(root.attrs.t).toBe('"B♭" & ♯');
    expect(root.text).toBe("<Trumpet in B♭> '");
  });

  it('skips a BOM, comments, processing instructions and a DOCTYPE with an internal subset', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?><!DOCTYPE a [ <!ENTITY x "y>"> ]><!-- a > b --><a><?pi data?><b><![CDATA[<raw> & more]]></b></a>',
    );
    expect(child(root, 'b')?.text).toBe('<raw> & more');
  });

  it.each([
    ['an unclosed element', '<a>\n<b>\n</b>', 'The file ends inside <a> of line 1', 3],
    ['crossed tags', '<a><b></a></b>', 'Closing tag </a> does not match <b> of line 1', 1],
    ['two roots', '<a/>\n<b/>', 'A second root element <b>', 2],
    ['text outside the root', 'hello', 'Text outside the root element', 1],
    ['a bare ampersand', '<a>\nfish & chips</a>', 'An "&" not part of an entity', 2],
    ['an unknown entity', '<a>&nbsp;</a>', 'Unknown entity "&nbsp;"', 1],
    ['an unquoted attribute', '<a x=1/>', 'Attribute "x" of <a> is not quoted', 1],
    ['a repeated attribute', '<a x="1" x="2"/>', 'Attribute "x" repeated in <a>', 1],
    ['an unclosed comment', '<a><!-- never closed', 'Unclosed comment', 1],
    ['an unclosed start tag', '<a><b', 'Unclosed start tag <b>', 1],
    ['nothing at all', '   ', 'No element found', 1],
  ])('refuses %s, saying where', (_label, text, detail, line) => {
    const error = errorOf(text);
    expect(error.detail).toBe(detail);
    expect(error.line).toBe(line);
  });
});
