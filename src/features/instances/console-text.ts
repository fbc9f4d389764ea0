// A serial console's bytes as lines of plain text. Terminal escape sequences (colours, cursor moves) are stripped;
// any other control character is shown as its visible symbol (␛, ␇…), so nothing in the log acts on the page: the
// text is only ever rendered as React text, never as HTML.

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const ESCAPE_SEQUENCES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** One line's text as the viewer shows it. */
function visibleLine(line: string): string {
  return line
    .replace(ESCAPE_SEQUENCES, '')
    .replace(CONTROLS, (c) => (c === '\u007f' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))))
}

/** The log's lines, without the empty one a final newline leaves; \r\n and a bare \r end a line too. */
export function consoleLines(contents: string): string[] {
  const lines = contents.split(/\r\n|\n|\r/)
  if (lines.at(-1) === '') lines.pop()
  return lines.map(visibleLine)
}
