// Progress of a long build (src/report/progress.ts): one line rewritten in place on a terminal, after
// a delay and at most ten times a second; nothing in CI, with --quiet or when output is not a
// terminal (a log file, a pipe). test/messages.slow.test.ts watches it on a real terminal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressLine } from '../../src/report/progress.ts';

/** A progress line on a stream that records what is written, as a terminal (tty) or not, with CI set to `ci`. */
function started(ci: string, { tty = true, ...options }: { tty?: boolean; delay?: number; quiet?: boolean } = {}) {
  vi.stubEnv('CI', ci);
  const written: string[] = [];
  const stream = { isTTY: tty, write: (text: string) => written.push(text) } as unknown as typeof process.stderr;
  return { written, progress: progressLine({ stream, delay: 0, ...options }) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the progress line', () => {
  it('shows pages done of all, with thousands separated, in place, and clears itself at the end', () => {
    const { written, progress } = started('');
    progress.update(1234, 4068);
    progress.done();
    expect(written).toEqual(['\r\x1b[2Krendered 1,234/4,068 pages', '\r\x1b[2K']);
  });

  it('waits for its delay, then writes at most ten times a second, and always the last count', () => {
    vi.useFakeTimers({ now: 0 });
    const { written, progress } = started('', { delay: 1000 });
    progress.update(10, 100);
    expect(written).toEqual([]); // a short build shows nothing
    vi.setSystemTime(1000);
    progress.update(20, 100);
    vi.setSystemTime(1050);
    progress.update(30, 100); // within 100 ms of the last: skipped
    vi.setSystemTime(1100);
    progress.update(40, 100); // 100 ms after: shown
    vi.setSystemTime(1150);
    progress.update(100, 100); // the last: always shown
    expect(written.map((w) => w.replace('\r\x1b[2K', ''))).toEqual(['rendered 20/100 pages', 'rendered 40/100 pages', 'rendered 100/100 pages']);
  });

  it('clears nothing when it showed nothing', () => {
    const { written, progress } = started('', { delay: 60_000 });
    progress.update(1, 2);
    progress.done();
    expect(written).toEqual([]);
  });

  it('is silent in CI, with --quiet, and where output is not a terminal; CI=false is not CI', () => {
    const shown = (ci: string, options: { quiet?: boolean; tty?: boolean } = {}) => {
      const { written, progress } = started(ci, options);
      progress.update(1, 2);
      progress.done();
      return written.length > 0;
    };
    expect([shown('true'), shown('1'), shown('', { quiet: true }), shown('', { tty: false }), shown('false'), shown('')]).toEqual([false, false, false, false, true, true]);
  });
});
