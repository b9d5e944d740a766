// Reads the global ("/*") block of a Netlify-style _headers file, so `serve` sends what hosts send.
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inGlobal = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      inGlobal = line.trim() === '/*';
      continue;
    }
    const match = /^\s+([^:]+):\s*(.*)$/.exec(line);
    if (inGlobal && match && match[1]!.toLowerCase() !== 'cache-control') headers[match[1]!] = match[2]!;
  }
  return headers;
}
