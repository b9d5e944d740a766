// Per RFC 9110: "q=0" refuses ("br;q=0"), "*" is any coding not named; the higher q wins, brotli before gzip on a tie (smaller).
import type { Encoding } from '../site/definition.ts';

/** The encodings a client accepts, best first. */
export function acceptedEncodings(header: string): Encoding[] {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const weight = (encoding: Encoding) => q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a));
}
