// "Did you mean …?" hints for mistyped keys and slugs.

function distance(a: string, b: string): number {
  // Optimal string alignment: Levenshtein plus swaps of neighbours ("nmae"), the commonest typing slip.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}

/** The closest candidate within a few edits, or undefined. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    // Only its capitals differ ("FR" for "fr"): nearer than any slip, however short the word.
    const d = candidate.toLowerCase() === word.toLowerCase() ? 0.5 : distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** ' (did you mean "x"?)' or ''. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const hint = closest(word, candidates);
  return hint ? ` (did you mean "${hint}"?)` : '';
}
