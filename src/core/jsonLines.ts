/**
 * Line numbers of the elements of the `papers` array in a JSON corpus file, so that a
 * problem with the 120th paper can be reported at its line. `JSON.parse` gives values,
 * not positions, hence this small scanner (strings and escapes aware, nothing more).
 * Elements it cannot place get the line of the array itself.
 *
 * @example papersElementLines('{"papers": [\n {"id": "a"},\n {"id": "b"}\n]}') → [2, 3]
 */
export function papersElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastKey = '';
  let papersDepth = -1;        // depth of the "papers" array once opened
  let awaitingElement = false; // inside that array, before the next element starts
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 1) lastKey = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (awaitingElement && !/[\s,\]]/.test(c)) {
      lines.push(line);
      awaitingElement = false;
    }
    if (c === '"') { inString = true; stringStart = i; continue; }
    if (c === '{' || c === '[') {
      depth++;
      if (c === '[' && depth === 2 && lastKey === 'papers' && papersDepth < 0) { papersDepth = depth; awaitingElement = true; }
    } else if (c === '}' || c === ']') {
      if (depth === papersDepth && c === ']') papersDepth = -2; // closed: stop looking
      depth--;
    } else if (c === ',' && depth === papersDepth) {
      awaitingElement = true;
    }
  }
  return lines;
}

/**
 * The line of the first syntax error in `text`, or null if it is valid JSON. Node's
 * JSON.parse does not always say where it failed, and users need a line to fix.
 *
 * @example jsonErrorLine('{\n  "a": \n}') === 3
 */
export function jsonErrorLine(text: string): number | null {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const fail = (): never => { throw i; };
  const expect = (c: string) => { if (text[i] !== c) fail(); i++; };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text[i] < ' ') fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    expect('"');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) { ws(); string(); ws(); expect(':'); value(); ws(); if (text[i] === ',') { i++; continue; } expect('}'); return; }
    }
    if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) { value(); ws(); if (text[i] === ',') { i++; continue; } expect(']'); return; }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value(); ws();
    if (i < text.length) fail();
    return null;
  } catch (at) {
    if (typeof at !== 'number') throw at;
    return text.slice(0, at).split('\n').length;
  }
}
