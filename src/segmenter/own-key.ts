/**
 * Pure: the form in which a line claude-mem printed and a line of the
 * recorded screen are compared (pty/own-output.ts): escapes, spacing
 * and case do not count.
 */
export function ownKey(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}
