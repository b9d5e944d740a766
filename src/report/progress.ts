// Progress on a terminal only: after about a second, one line updated in place at most ten times a second, gone at the end.
// None in CI (no terminal, or CI=true) or with --quiet.

export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const QUIET: Progress = { update() {}, done() {} };

export function progressLine({ quiet = false, stream = process.stderr, delay = 1000 } = {}): Progress {
  const ci = !!process.env.CI && process.env.CI !== 'false';
  if (quiet || ci || !stream.isTTY) return QUIET;
  const started = Date.now();
  let shown = 0;
  let last = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - started < delay || (now - last < 100 && done < total)) return;
      last = now;
      stream.write(`\r\x1b[2Krendered ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} pages`);
      shown++;
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
