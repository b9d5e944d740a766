// The practice's wall clock, worked out by US Eastern rules in the visitor's browser (no time-zone data
// to load), is Intl's America/New_York at every hour of seven years, the daylight-saving changes among them.
import { describe, expect, it } from 'vitest';
import { intlClock, PRACTICE_TIME_ZONE, wallClock } from '../../templates/lib/open-now.ts';

describe('the practice’s wall clock', () => {
  it('is Intl’s America/New_York at every hour from 2024 to 2030, and at each minute around the changes', () => {
    const differs: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += 3_600_000) {
      const now = new Date(t);
      if (JSON.stringify(wallClock(now, PRACTICE_TIME_ZONE)) !== JSON.stringify(intlClock(now, PRACTICE_TIME_ZONE))) differs.push(now.toISOString());
    }
    // 2026's changes: March 8 (2:00 EST → 3:00 EDT) and November 1 (2:00 EDT → 1:00 EST), minute by minute.
    for (const around of [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6)]) {
      for (let t = around - 90 * 60_000; t < around + 90 * 60_000; t += 60_000) {
        const now = new Date(t);
        if (JSON.stringify(wallClock(now, PRACTICE_TIME_ZONE)) !== JSON.stringify(intlClock(now, PRACTICE_TIME_ZONE))) differs.push(now.toISOString());
      }
    }
    expect(differs).toEqual([]);
    expect(wallClock(new Date('2026-11-01T05:30:00Z'), PRACTICE_TIME_ZONE)).toEqual({ date: '2026-11-01', day: 'Su', time: '01:30' });
    expect(wallClock(new Date('2026-11-01T06:30:00Z'), PRACTICE_TIME_ZONE)).toEqual({ date: '2026-11-01', day: 'Su', time: '01:30' });
  });
});
