// C0 and C1 controls, DEL, line and paragraph separators, and bidirectional overrides: any of them
// in server text could rewrite a terminal, a log line or an XML report.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text from a server, safe to print: unsafe characters escaped as \u{…}, cut after `max` characters. */
export function printable(text: string, max = 300): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(UNSAFE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}
