// Drives a CLI in a real PTY as a person would: waits for what is on screen,
// types a line, waits for its answer. Shared by the benches that run the
// stand-in AI CLI (tests/fixtures/bin/mycli) under `claude-mem run`.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What a bench needs of a running PTY: its output so far, waits on it, and its exit. */
export function watch(pty) {
  let out = '';
  let lastOut = Date.now();
  const waiters = [];
  pty.onData((d) => {
    out += d;
    lastOut = Date.now();
    for (const w of waiters.splice(0)) w();
  });
  const exited = new Promise((r) => pty.onExit(r));
  const waitFor = (test, label, ms = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}:\n${out.slice(-2000)}`)), ms);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  const quiet = async (ms) => {
    while (Date.now() - lastOut < ms) await sleep(100);
  };
  return { out: () => out, waitFor, quiet, exited, sleep };
}

/**
 * The stand-in CLI's conversation: each user line typed once the prompt box
 * is back, then `exit`. A marker line is kept from the CLI by the wrapper, so
 * it has no answer to wait for.
 */
export async function typeStandinTurns(pty, turns) {
  const w = watch(pty);
  await w.waitFor(() => w.out().includes('╰'), 'the prompt');
  for (const t of turns) {
    const from = w.out().length;
    pty.write(`${t.user}\r`);
    if (t.user.startsWith('!记得')) {
      await w.quiet(300);
      continue;
    }
    await w.waitFor(() => w.out().slice(from).includes(`> ${t.user}\r`), 'the echo');
    const at = w.out().lastIndexOf(`> ${t.user}\r`);
    await w.waitFor(() => w.out().slice(at).includes('╰'), 'the answer');
  }
  pty.write('exit\r');
  await w.exited;
}
