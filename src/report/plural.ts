// Counts as people write them: "1 page", "2 pages", "1,234 pages".
const IRREGULAR: Record<string, string> = { 'scheduled entry': 'scheduled entries', 'expired entry': 'expired entries' };

export function plural(count: number, noun: string): string {
  const word = count === 1 ? noun : (IRREGULAR[noun] ?? `${noun}s`);
  return `${count.toLocaleString('en-US')} ${word}`;
}
