// Parsed content kept between builds (content-cache.ts) must never show what a file no longer says:
// a file is parsed again when its bytes change, whatever its size and time; what content may not hold
// is refused on every build; a damaged, foreign or older cache is a miss, never an error.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ContentCache } from '../../src/content/content-cache.ts';
import { readSealed, writeSealed } from '../../src/files/cache.ts';
import { loadContent } from '../../src/content/load-content.ts';
import { fromRecord, parseSource, type ParseRecord } from '../../src/content/read-file.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { BuildFailure } from '../../src/problems/problem.ts';
import { ROOT, SITE, sandbox, type Sandbox } from '../helpers/fixtures.ts';

let site: Sandbox;
let cacheFile: string;
beforeEach(async () => {
  site = await sandbox();
  cacheFile = join(site.dir, 'content-cache.json');
});
afterEach(() => site.cleanup());

type Loaded = { locales: Record<string, { services: Record<string, { front: Record<string, unknown>; html: string }> }> };
const load = async (version = 'v1', renders = version) => (await loadContent(await loadSite(SITE), site.content, { shownDir: 'content', cache: { file: cacheFile, version, renders } })).content as unknown as Loaded;
const vaccines = (content: Loaded) => content.locales.en!.services.vaccines!;
type Kept = { format: number; version: string; renders?: string; entries: Record<string, { data?: unknown; markdown?: { html: string }; bodyByte?: number }> };
/**
 * The cache file as one object (its lines after the seal: a header, then one [key, entry] each), and a
 * file written with a right seal: sealed as every file a cache keeps whole (files/cache.ts).
 */
const readCache = (): Kept => {
  const [header, ...pairs] = readSealed(cacheFile)!.toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  return { ...header, entries: Object.fromEntries(pairs) };
};
const writeCache = ({ entries, ...header }: Kept) => {
  writeSealed(cacheFile, `${[header, ...Object.entries(entries)].map((line) => JSON.stringify(line)).join('\n')}\n`);
};
const kept = () => Object.keys(readCache().entries).length;

describe('content kept between builds', () => {
  it('gives the same content as a fresh parse, and keeps every file it read', async () => {
    const fresh = (await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' })).content;
    const first = await load();
    const again = await load();
    expect(again).toEqual(fresh);
    expect(first).toEqual(fresh);
    expect(kept()).toBeGreaterThan(50);
  });

  it('parses a file again when its bytes change, even with the same size and time', async () => {
    const file = join(site.content, 'en/services/vaccines.md');
    await load();
    const before = statSync(file);
    const text = readFileSync(file, 'utf8');
    const changed = text.replace('Vaccines', 'Vacxines');
    expect(changed.length).toBe(text.length);
    writeFileSync(file, changed);
    utimesSync(file, before.atime, before.mtime);
    expect(vaccines(await load()).front.name).toBe('Vacxines');
    // And a body edit the same way: the Markdown is rendered again.
    const body = readFileSync(file, 'utf8');
    writeFileSync(file, body.replace('one of the simplest ways', 'one of the simplest wayz'));
    utimesSync(file, before.atime, before.mtime);
    expect(vaccines(await load()).html).toContain('one of the simplest wayz');
  });

  it('refuses what content may not hold on every build, not only when it was first parsed', async () => {
    await site.edit('en/services/vaccines.md', (text) => `${text.trimEnd()}\n\n<script>alert(1)</script>\n`);
    for (let build = 0; build < 2; build++) {
      const error = await load().then(() => undefined, (e: unknown) => e);
      expect(error, `build ${build + 1}`).toBeInstanceOf(BuildFailure);
      expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(/content\/en\/services\/vaccines\.md:\d+:1 .*\n.*script/);
    }
  });

  it('is what the same version of the code reads, and another version never does', async () => {
    await load('v1');
    const saved = readCache();
    for (const entry of Object.values(saved.entries)) if (entry.markdown) entry.markdown.html = entry.markdown.html.replace(/Vaccines/g, 'KEPT');
    writeCache(saved);
    expect(vaccines(await load('v1')).html).toContain('KEPT');
    expect(vaccines(await load('v2')).html).not.toContain('KEPT');
    expect(readCache().version).toBe('v2');
  });

  it("keeps the parses but renders the Markdown again for another version of the site's code (a template edit)", async () => {
    await load('engine-1', 'engine-1+site-1');
    const saved = readCache();
    expect(saved.renders).toBe('engine-1+site-1');
    // Marked in the cache: a kept parse's data and a kept render, under a right checksum.
    for (const entry of Object.values(saved.entries)) {
      if (entry.markdown) entry.markdown.html = entry.markdown.html.replace(/Vaccines/g, 'KEPT');
      if (entry.data && (entry.data as { name?: string }).name === 'Vaccines') (entry.data as { name: string }).name = 'Kept Vaccines';
    }
    writeCache(saved);
    const edited = vaccines(await load('engine-1', 'engine-1+site-2'));
    expect(edited.front.name).toBe('Kept Vaccines'); // the parse was kept
    expect(edited.html).not.toContain('KEPT'); // the render was not
    expect(readCache().renders).toBe('engine-1+site-2');
    // The renders this build made are kept for the next one.
    expect(Object.values(readCache().entries).filter((entry) => entry.markdown).length).toBeGreaterThan(40);
    // Another engine: nothing kept, not even the parse.
    expect(vaccines(await load('engine-2', 'engine-2+site-2')).front.name).toBe('Vaccines');
  });

  it('is a miss when its bytes are not what its checksum says: a changed render is never used', async () => {
    await load('v1');
    const text = readFileSync(cacheFile, 'utf8');
    writeFileSync(cacheFile, text.replace(/Vaccines/g, 'KEPT'));
    expect(vaccines(await load('v1')).html).not.toContain('KEPT');
  });

  it('keeps no text of a file: a body comes back from the bytes the build reads, a position from the file', async () => {
    // A byte order mark, Windows line ends and accents before the body: where it starts is counted in bytes.
    await site.edit('en/services/vaccines.md', (text) => `\uFEFF${text.replace(/\n/g, '\r\n').replace('name: Vaccines', 'name: Vacunas ñandú ✓')}`);
    const fresh = vaccines(await load('v1'));
    const { entries } = readCache();
    // Each entry is its data, its rendered Markdown and numbers: neither the YAML nor the Markdown as written.
    expect(new Set(Object.values(entries).flatMap((entry) => Object.keys(entry)))).toEqual(new Set(['data', 'lineOffset', 'bodyLine', 'bodyByte', 'markdown']));
    expect(readFileSync(cacheFile, 'utf8')).not.toContain('name: Vacunas');
    // Another version of the site's code renders every body again, from the bytes the load reads.
    const again = vaccines(await load('v1', 'v1+site-2'));
    expect(again.html).toContain('one of the simplest ways');
    expect(again).toEqual(fresh);
    // A kept parse has no YAML text: a problem's line is found in the file.
    const path = join(site.content, 'en/services/vaccines.md');
    const record = Object.values(entries).find((entry) => (entry.data as { name?: string } | undefined)?.name === 'Vacunas ñandú ✓')!;
    expect(record).toBeDefined();
    expect(fromRecord(record as ParseRecord, 'content/en/services/vaccines.md', path).positionOf(['name'])).toEqual({ line: 2, col: 7 });
    expect(fromRecord(record as ParseRecord, 'content/en/services/vaccines.md').positionOf(['name'])).toBeUndefined();
    // A parse made now has its YAML: its positions need no file.
    expect(fromRecord(parseSource(readFileSync(path, 'utf8'), path, 'content/en/services/vaccines.md'), 'content/en/services/vaccines.md').positionOf(['name'])).toEqual({ line: 2, col: 7 });
  });

  it('keeps a Markdown file whose text holds "\uFFFD" typed as itself, and nothing of one with bytes that are not UTF-8', async () => {
    const file = join(site.content, 'en/services/vaccines.md');
    const bytes = readFileSync(file);
    // U+FFFD in the front matter, as text: the body's place in the bytes is kept, and the body read from them.
    const name = bytes.indexOf('name: Vaccines') + 'name: '.length;
    writeFileSync(file, Buffer.concat([bytes.subarray(0, name), Buffer.from('\uFFFD'), bytes.subarray(name)]));
    const odd = vaccines(await load('v1'));
    expect(odd.front.name).toBe('\uFFFDVaccines');
    const record = () => Object.values(readCache().entries).find((entry) => (entry.data as { name?: string } | undefined)?.name === '\uFFFDVaccines');
    expect(record()!.bodyByte).toBeGreaterThan(0);
    const written = statSync(cacheFile).ino;
    expect(vaccines(await load('v1'))).toEqual(odd);
    expect(statSync(cacheFile).ino).toBe(written);
    expect(vaccines(await load('v1', 'v1+site-3'))).toEqual(odd);
    // A byte that is not UTF-8 in the body: refused, and no parse of it kept.
    const at = bytes.indexOf('one of the simplest');
    writeFileSync(file, Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]));
    await expect(load('v1')).rejects.toThrow(/vaccines\.md:\d+:1 +is not saved as UTF-8 text/);
    expect(Object.values(readCache().entries).some((entry) => (entry.data as { name?: string } | undefined)?.name === 'Vaccines')).toBe(false);
  });

  it('parses a Markdown file again where its kept parse cannot say where the body starts', async () => {
    await load('v1');
    const marked = (change: (entry: Kept['entries'][string]) => void) => {
      const saved = readCache();
      const entry = Object.values(saved.entries).find((e) => (e.data as { name?: string } | undefined)?.name === 'Vaccines')!;
      entry.markdown!.html = 'KEPT';
      change(entry);
      writeCache(saved);
    };
    marked(() => {});
    expect(vaccines(await load('v1')).html).toBe('KEPT'); // the marking shows when the kept parse is used
    marked((entry) => (entry.bodyByte = 1_000_000)); // past the file's end
    expect(vaccines(await load('v1')).html).toContain('one of the simplest ways');
    marked((entry) => delete entry.bodyByte);
    expect(vaccines(await load('v1')).html).toContain('one of the simplest ways');
  });

  it('drops the parse of a file that changed', async () => {
    await load();
    const all = kept();
    await site.edit('en/services/vaccines.md', (text) => text.replace('Vaccines', 'Shots'));
    await load();
    expect(kept()).toBe(all);
  });

  it('is a miss when damaged, and is written whole again', async () => {
    writeFileSync(cacheFile, '{"format":1,"version":"v1","entries":{"x":');
    expect(vaccines(await load()).html).toContain('<');
    expect(kept()).toBeGreaterThan(50);
    const { entries, format } = readCache();
    for (const entry of Object.values(entries)) {
      if (!entry.markdown) continue;
      // A render that is marked: malformed where it is the vaccines page's (not used), well formed elsewhere (used).
      if (entry.markdown.html.includes('Vaccines')) (entry as Record<string, unknown>).lineOffset = 'x';
      entry.markdown.html = entry.markdown.html.replace(/Vaccines/g, 'KEPT').replace(/annual physical/g, 'USED');
    }
    writeCache({ format, version: 'v1', renders: 'v1', entries });
    const loaded = await load();
    expect(vaccines(loaded).html).toContain('Vaccines');
    expect(vaccines(loaded).html).not.toContain('KEPT');
    expect(loaded.locales.en!.services['annual-physicals']!.html).toContain('USED');
  });

  it('is a miss in another format, and uses no line that is not a [key, parse] pair, whatever its checksum says', async () => {
    await load('v1');
    const saved = readCache();
    for (const entry of Object.values(saved.entries)) if (entry.markdown) entry.markdown.html = entry.markdown.html.replace(/Vaccines/g, 'KEPT');
    writeCache({ ...saved, format: 2 });
    expect(vaccines(await load('v1')).html).not.toContain('KEPT');
    // Lines of the right checksum that are not pairs of a key and a parse (an object that looks like one
    // among them): skipped, the rest used.
    // (The kept renders of the other services are marked too: those are used.)
    const again = readCache();
    for (const entry of Object.values(again.entries)) if (entry.markdown) entry.markdown.html = entry.markdown.html.replace(/Vaccines/g, 'KEPT').replace(/annual physical/g, 'USED');
    const lines = [{ format: again.format, version: 'v1', renders: 'v1' }, { key: 'x' }, [7, Object.values(again.entries)[0]], ...Object.entries(again.entries).map(([key, entry]) => (entry.markdown?.html.includes('KEPT') ? { 0: key, 1: entry } : [key, entry]))];
    const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
    writeSealed(cacheFile, text);
    const loaded = await load('v1');
    expect(vaccines(loaded).html).not.toContain('KEPT');
    expect(vaccines(loaded).html).toContain('Vaccines');
    expect(loaded.locales.en!.services['annual-physicals']!.html).toContain('USED');
  });
});

describe('kept parses of many content folders', () => {
  it('are pruned to the eight used last, the one in use always kept', async () => {
    cacheFile = join(site.dir, 'kept', 'content-000000000000.json');
    mkdirSync(join(site.dir, 'kept'));
    const others = Array.from({ length: 9 }, (_, i) => join(site.dir, 'kept', `content-${String(i + 1).padStart(12, 'a')}.json`));
    others.forEach((file, i) => {
      writeFileSync(file, '{}');
      utimesSync(file, new Date(Date.UTC(2026, 0, 1 + i)), new Date(Date.UTC(2026, 0, 1 + i)));
    });
    writeFileSync(join(site.dir, 'kept', 'notes.txt'), 'not ours');
    await load();
    const left = readdirSync(join(site.dir, 'kept')).sort();
    // The two oldest of the nine others went; the one in use, the seven newest and a file not of the cache stayed.
    expect(left).toEqual(['content-000000000000.json', ...others.slice(2).map((f) => f.split('/').pop()!), 'notes.txt'].sort());
  });

  it('mark the one a build used without a change as used', async () => {
    await load();
    const old = new Date(Date.UTC(2026, 0, 1));
    utimesSync(cacheFile, old, old);
    await load();
    expect(statSync(cacheFile).mtimeMs).toBeGreaterThan(old.getTime());
  });
});

describe('the cache itself', () => {
  it('keeps no data JSON would change (.inf, .nan, -0, a date, nothing)', () => {
    const cache = new ContentCache();
    const cases = [['inf', { a: Infinity }], ['nan', [1, Number.NaN]], ['zero', { m: 1, n: -0 }], ['date', { when: new Date(0) }], ['undefined', { a: undefined }], ['ok', { a: [1, 'x', null, true, { b: false }] }]] as const;
    for (const [key, data] of cases) cache.put(key, { data, yaml: '', lineOffset: 0 });
    expect(cases.map(([key]) => cache.get(key) !== undefined)).toEqual([false, false, false, false, false, true]);
  });

  it('writes back what a load used and rendered, and drops what it did not use', () => {
    const saved = new ContentCache(cacheFile, 'v1');
    // A miss (a file it had not kept) followed by a parse JSON cannot keep: nothing of it is written.
    expect(saved.get('infinite')).toBeUndefined();
    saved.put('infinite', { data: { a: Infinity }, lineOffset: 0 });
    for (const key of ['a', 'b']) saved.put(key, { data: { key }, bodyLine: 3, bodyByte: 12, lineOffset: 1 });
    saved.save();
    const read = new ContentCache(cacheFile, 'v1');
    expect(read.size).toBe(2);
    // Both used, and a render made after the parse was kept: kept too.
    const markdown = { html: '<p>a</p>', links: [], findings: [] };
    read.rendered(read.get('a')!, markdown);
    expect(read.get('b')).toBeDefined();
    read.save();
    const again = new ContentCache(cacheFile, 'v1');
    expect(again.get('a')).toEqual({ data: { key: 'a' }, bodyLine: 3, bodyByte: 12, lineOffset: 1, markdown });
    // Used as it was, b never asked for (its file removed): written again without it.
    again.save();
    const last = new ContentCache(cacheFile, 'v1');
    expect([last.get('a') !== undefined, last.get('b') !== undefined]).toEqual([true, false]);
  });

  it('uses no kept parse of a shape a parse never has, whatever its checksum says', () => {
    const made = new ContentCache(cacheFile, 'v1'); // for its header line, as this code writes it
    made.put('x', { data: 1, lineOffset: 0 });
    made.save();
    const good = { data: { n: 1 }, bodyLine: 3, bodyByte: 12, lineOffset: 1, markdown: { html: '<p>x</p>', links: [], findings: [] } };
    const entries: Record<string, unknown> = {
      good,
      'no-markdown': { data: null, lineOffset: 0 },
      'not-an-object': 5,
      'null': null,
      'no-data': { lineOffset: 0 },
      'offset-not-a-whole-number': { ...good, lineOffset: 1.5 },
      'body-line-not-a-number': { ...good, bodyLine: '3' },
      'body-byte-negative': { ...good, bodyByte: -1 },
      'body-byte-not-whole': { ...good, bodyByte: 2.5 },
      'body-byte-zero': { ...good, bodyByte: 0 },
      'html-not-text': { ...good, markdown: { ...good.markdown, html: 7 } },
      'links-not-a-list': { ...good, markdown: { ...good.markdown, links: {} } },
      'findings-not-a-list': { ...good, markdown: { ...good.markdown, findings: 'none' } },
    };
    const header = readSealed(cacheFile)!.toString('utf8').split('\n')[0]!;
    const text = `${[header, ...Object.entries(entries).map((pair) => JSON.stringify(pair))].join('\n')}\n`;
    writeSealed(cacheFile, text);
    const read = new ContentCache(cacheFile, 'v1');
    expect(Object.keys(entries).filter((key) => read.get(key) !== undefined)).toEqual(['good', 'no-markdown', 'body-byte-zero']);
    expect(read.get('good')).toEqual(good);
  });

  it("is kept per content folder in the site's cache, for the engine's code and the site's; none when another loader ran the site's code", async () => {
    const { contentCacheFor } = await import('../../src/content/content-cache.ts');
    // As the command line runs it: Node loads the engine, the site's code through the engine's hooks;
    // or, with `otherLoader`, tsx loaded the site's code first (as a test runner does).
    const keys = (siteFile: string, otherLoader = false) => {
      const script = `${otherLoader ? `await import(${JSON.stringify(pathToFileURL(siteFile).href)});` : ''}
        const { loadSite } = await import(${JSON.stringify(join(ROOT, 'src/pipeline/load-site.ts'))});
        const { contentCacheFor } = await import(${JSON.stringify(join(ROOT, 'src/content/content-cache.ts'))});
        await loadSite(${JSON.stringify(siteFile)});
        console.log(JSON.stringify([contentCacheFor(${JSON.stringify(site.content)}, ${JSON.stringify(site.dir)}), contentCacheFor(${JSON.stringify(`${site.content}/en/..`)}, ${JSON.stringify(site.dir)})?.file, contentCacheFor(${JSON.stringify(join(site.dir, 'other'))}, ${JSON.stringify(site.dir)})?.file]));`;
      const run = spawnSync(process.execPath, [...(otherLoader ? ['--conditions=source', '--import', 'tsx'] : []), '--input-type=module', '-e', script], { encoding: 'utf8', cwd: ROOT });
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout) as [{ file: string; version: string; renders: string } | null, string, string];
    };
    // A copy of the site's code where its packages are found (inside the checkout).
    const code = join(ROOT, 'test/scratch', `content-cache-${process.pid}`);
    for (const entry of ['site.config.ts', 'templates']) cpSync(join(ROOT, entry), join(code, entry), { recursive: true });
    onTestFinished(() => rmSync(code, { recursive: true, force: true }));
    const [kept, sameFolder, other] = keys(join(code, 'site.config.ts')) as [{ file: string; version: string; renders: string }, string, string];
    // Another loader ran the site's code: what it is cannot be told, so nothing kept is used.
    expect(keys(join(code, 'site.config.ts'), true)[0]).toBeNull();
    expect(kept.file).toMatch(/\/content\/content-[0-9a-f]{12}\.json$/);
    expect(kept.renders.startsWith(`${kept.version}+`)).toBe(true);
    // The same folder however it is named; another folder has its own.
    expect(sameFolder).toBe(kept.file);
    expect(other).not.toBe(kept.file);
    // A change to the site's code is another version of its renders, the same of its parses.
    const layout = join(code, 'templates/layout/Layout.tsx');
    const before = readFileSync(layout, 'utf8');
    try {
      writeFileSync(layout, `${before}\n// another version\n`);
      const [changed] = keys(join(code, 'site.config.ts')) as [{ file: string; version: string; renders: string }, string, string];
      expect(changed.version).toBe(kept.version);
      expect(changed.renders).not.toBe(kept.renders);
    } finally {
      writeFileSync(layout, before);
    }
  });

  it('keys a file by its bytes and by how it is read', () => {
    const bytes = new TextEncoder().encode('title: x\n');
    expect(ContentCache.keyOf('a.yaml', bytes)).toBe(ContentCache.keyOf('b.yaml', bytes));
    expect(ContentCache.keyOf('a.yaml', bytes)).not.toBe(ContentCache.keyOf('a.md', bytes));
    expect(ContentCache.keyOf('a.yaml', bytes)).not.toBe(ContentCache.keyOf('a.yaml', new TextEncoder().encode('title: y\n')));
  });

  it('gives back every parse of a file of many megabytes, as a large site keeps it (lines across the chunks it is read in)', () => {
    const entries = Array.from({ length: 4000 }, (_, i) => [`key-${i}`, { data: { title: `Página ${i} · ñandú ✓`, n: i, text: `Párrafo ${'á'.repeat(i % 500)} ${i}` }, bodyLine: 3, bodyByte: 20 + i, lineOffset: i % 7 }] as const);
    const saved = new ContentCache(cacheFile, 'v1');
    for (const [key, entry] of entries) saved.put(key, structuredClone(entry));
    saved.save();
    expect(statSync(cacheFile).size).toBeGreaterThan(2 * 1024 * 1024);
    const read = new ContentCache(cacheFile, 'v1');
    expect(entries.every(([key, entry]) => JSON.stringify(read.get(key)) === JSON.stringify(entry))).toBe(true);
    // Another version of the code reads none of it.
    expect(new ContentCache(cacheFile, 'v2').get('key-0')).toBeUndefined();
  });
});
