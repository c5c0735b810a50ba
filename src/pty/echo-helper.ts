/**
 * The shell script behind EchoProbe: one line in, one reading of the
 * terminal's flags out, in `stty -g` form (c_lflag the fourth field).
 *
 * `stty` is a fork and an exec per reading, and a key typed while it runs
 * waits behind it (the keystroke bench's p99). Where the kernel's TCGETS
 * and open flags are known, the helper turns into perl after its first
 * reading: a reading is then one open, one ioctl and one close. The first
 * reading stays with sh and stty, the quickest to start: perl answering it
 * later left the first line typed at a CLI's first prompt unrecorded.
 * Perl is part of every Debian and macOS base system; where it is missing
 * the sh loop goes on.
 */

/**
 * Linux architectures whose TCGETS is 0x5401, O_NOCTTY 0400 and O_NONBLOCK
 * 04000, with struct termios opening on four 32-bit flag words. MIPS, PowerPC,
 * SPARC and Alpha use other numbers and keep stty.
 */
const GENERIC_TERMIOS_ARCHES = new Set(['x64', 'ia32', 'arm', 'arm64', 'riscv64', 's390x', 'loong64']);

/**
 * One reading per line of stdin. The terminal is opened for each reading and
 * closed at once (never held: a held slave keeps the terminal from hanging
 * up when the child exits), without becoming anyone's controlling terminal.
 */
const PERL_READER =
  '$|=1;my$t=shift;while(<STDIN>){my$b="";my$f;' +
  'my$ok=sysopen($f,$t,0400|04000)&&ioctl($f,0x5401,$b);close$f if$f;' +
  'print $ok?join(":",map{sprintf"%x",$_}unpack("L4",$b))."\\n":"unknown\\n"}';

/** Arguments for `sh`: the script, $0 (the helper's name in `ps`), $1 the terminal's path. */
export function echoHelperArgs(ptsName: string, platform: NodeJS.Platform, arch: string): string[] {
  const flag = platform === 'darwin' ? '-f' : '-F';
  const read = `stty -g ${flag} "$1" 2>/dev/null || echo unknown`;
  const toPerl =
    platform === 'linux' && GENERIC_TERMIOS_ARCHES.has(arch)
      ? `command -v perl >/dev/null 2>&1 && perl -e '${PERL_READER}' "$1"; `
      : '';
  // sh's `read` takes one byte at a time from a pipe, so the questions after
  // the first are still in the pipe for perl. Not exec'd: a perl that fails
  // leaves the questions to the stty loop (its unanswered ones time out as
  // unknown), never the session without readings.
  const script = `IFS= read -r _ || exit 0; ${read}; ${toPerl}while IFS= read -r _; do ${read}; done`;
  return ['-c', script, 'claude-mem-echo-probe', ptsName];
}
