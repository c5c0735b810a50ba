/** A one-line progress bar on stderr; plain lines when stderr is not a terminal. */
export function progressBar(label: string): { update: (done: number, total: number, detail?: string) => void; end: () => void } {
  const tty = process.stderr.isTTY;
  let lastPct = -1;
  return {
    update(done, total, detail = '') {
      const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
      if (pct === lastPct) return;
      lastPct = pct;
      if (tty) {
        const width = 30;
        const fill = Math.round((pct / 100) * width);
        process.stderr.write(`\r${label} [${'#'.repeat(fill)}${' '.repeat(width - fill)}] ${String(pct).padStart(3)}% ${detail}`.slice(0, process.stderr.columns || 100));
      } else if (pct % 25 === 0) {
        process.stderr.write(`${label} ${pct}% ${detail}\n`);
      }
    },
    end() {
      if (tty && lastPct >= 0) process.stderr.write('\n');
    },
  };
}
