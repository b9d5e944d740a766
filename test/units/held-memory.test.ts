// What a build keeps of each content file until its checks: the parsed values and the links found in
// the Markdown. The parsers hand out slices of the file's text, and a kept slice keeps the whole text
// alive, so a 40,000-page build held the text of every file it parsed. Each test keeps what the build
// keeps of 100 files of ~86 KB and weighs the heap: their text is 8.3 MB, what is kept of them a few
// KB. The values are 13 characters or more: V8 copies a shorter slice instead of pointing into it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { intern } from '../../src/content/intern.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { parseSource } from '../../src/content/read-file.ts';

// The heap is weighed between full collections: V8 gives a function for one under --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FILES = 100;
/** A file's own long text (one flat string, as a file read gives). */
const filler = (i: number) => Buffer.from(`Paragraph of file ${i}. `.repeat(4_000)).toString();

/** Heap bytes still used once what keep() returned for each of FILES texts is all that is kept of them. */
function heldBy(keep: (text: string, i: number) => unknown): number {
  keep(filler(FILES), FILES); // the code it runs, compiled now, is not what is weighed
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: FILES }, (_, i) => keep(filler(i), i));
  gc();
  const held = process.memoryUsage().heapUsed - before;
  expect(kept).toHaveLength(FILES); // kept alive until weighed
  return held;
}

const MB = 1024 * 1024;

describe('what is kept of a content file', () => {
  it('the weighing sees a file whose text is kept', () => {
    expect(heldBy((text) => ({ text }))).toBeGreaterThan(FILES * 80_000);
  });

  it("a YAML file's values do not keep its text", () => {
    const held = heldBy((text, i) => parseSource(`name: Family medicine entry ${i}\nlist: [a longer first item, b]\n# ${text}\n`, `data-${i}.yaml`, `data-${i}.yaml`).data);
    expect(held).toBeLessThan(3 * MB);
  });

  it('the front matter of a Markdown file keeps only its values, not the body', () => {
    const held = heldBy((text, i) => parseSource(`---\ntitle: A page about family care, ${i}\n---\n${text}\n`, `page-${i}.md`, `page-${i}.md`).data);
    expect(held).toBeLessThan(3 * MB);
  });

  it('the links found in a Markdown body do not keep the body', () => {
    const held = heldBy((text, i) => renderMarkdown(`See [the clinic](/clinics/miami-${i}).\n\n${text}\n`, 1).links);
    expect(held).toBeLessThan(3 * MB);
  });

  it("texts kept from many pages (the header's links, its ids) are kept once each", () => {
    const page = filler(0);
    // Two texts in turn, as pages repeat several: 100 copies of them would be 5 MB.
    expect(heldBy((_, i) => intern(page.slice(i % 2, 50_000)))).toBeLessThan(1 * MB);
  });

  it('keeps at most 100,000 texts, however many a long dev session meets', () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 320_000; i++) intern(`/services/sample-service-${i}#section-${i}`);
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(10 * MB); // all of them: ~30 MB
  });
});
