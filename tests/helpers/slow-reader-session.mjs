// Runs one command under runSession with an observer that is slow, in one
// of two ways, for the given milliseconds:
//   hold:  holds the PTY paused on the first output chunk (a recorder far behind);
//   block: blocks the event loop on every output chunk (a machine too loaded
//          to read the PTY as fast as the child wrote to it).
// The child's output goes to our stdout, as in `run`.
import { runSession } from '../../dist/pty/run-session.js';

const [mode, ms, ...command] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));
let held = false;
const result = await runSession({
  file: command[0],
  args: command.slice(1),
  cwd: process.cwd(),
  env: process.env,
  observer: {
    backlog() {
      if (mode !== 'hold' || held) return undefined;
      held = true;
      return new Promise((r) => setTimeout(r, Number(ms)));
    },
    event(e) {
      if (mode === 'block' && e.code === 'o') Atomics.wait(pause, 0, 0, Number(ms));
    },
  },
});
process.exitCode = result.status;
