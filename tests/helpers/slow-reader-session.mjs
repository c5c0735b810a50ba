// Runs one command under runSession with an observer that holds the PTY
// paused (a recorder far behind) on the first output chunk, for the given
// milliseconds. The child's output goes to our stdout, as in `run`.
import { runSession } from '../../dist/pty/run-session.js';

const [holdMs, ...command] = process.argv.slice(2);
let held = false;
const result = await runSession({
  file: command[0],
  args: command.slice(1),
  cwd: process.cwd(),
  env: process.env,
  observer: {
    backlog() {
      if (held) return undefined;
      held = true;
      return new Promise((r) => setTimeout(r, Number(holdMs)));
    },
  },
});
process.exitCode = result.status;
