// What the command line prints. Text from files (keys, titles, file names) is shown safe in a
// terminal: a key holding ESC sequences must not clear the screen or retitle the window, and a bidi
// override must not reorder what a reader sees. JSON stays valid JSON, with those characters as
// escapes. A write that fails (a full disk) is an error, never a silent exit 0.

/** C0 controls but tab and line feed, DEL, C1 controls, and the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw of the above: it escapes C0 controls itself. */
const JSON_UNSAFE = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');

/** `\x1b`, `\x9b`, `\u202e`: each unsafe character as an escape a reader can see. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, c => (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

/** JSON text with the characters a terminal would act on written as `\uXXXX` (still the same JSON). */
export function safeJson(json: string): string {
  return json.replace(JSON_UNSAFE, c => `\\u${hex(c, 4)}`);
}

/** One line of output (stdout), made safe. */
export function print(text: string): void {
  process.stdout.write(`${terminalText(text)}\n`);
}

/** A value as JSON on stdout. */
export function printJson(value: unknown, indent?: number): void {
  printJsonText(JSON.stringify(value, null, indent));
}

/** JSON text already written (an export) on stdout. */
export function printJsonText(json: string): void {
  process.stdout.write(`${safeJson(json)}\n`);
}

/** One line for the user (stderr), made safe. */
export function warn(text: string): void {
  process.stderr.write(`${terminalText(text)}\n`);
}

/**
 * A failed write to stdout ends the run: quietly when the reader went away (`| head`), as other
 * tools do, and with exit 1 and the reason otherwise (`> /dev/full`).
 */
export function watchOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.stderr.write(`papers: cannot write the output: ${error.message}\n`);
    process.exit(1);
  });
}
