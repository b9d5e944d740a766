// dev's folder watch (src/dev/watch.ts): a content folder deleted and put back, as a checkout or an
// editor does, must still ask for a build once it is back, however the two land around the watch's
// restart.
import { cpSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unwatched, watchFolders, type FolderWatch } from '../../src/dev/watch.ts';

let dir: string;
let watching: FolderWatch | undefined;
afterEach(async () => {
  await watching?.close();
  watching = undefined;
  await rm(dir, { recursive: true, force: true });
});

const until = async (check: () => boolean, what: string) => {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error(`waited 5 s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A content folder with one file, a copy of it beside it (the folder a rename puts back), and a marker folder where nothing changes. */
async function folders() {
  dir = await mkdtemp(join(tmpdir(), 'site-watch-'));
  const content = join(dir, 'content');
  for (const folder of [content, `${content}.saved`]) {
    mkdirSync(join(folder, 'en'), { recursive: true });
    writeFileSync(join(folder, 'en/about.yaml'), 'title: About\n');
  }
  mkdirSync(join(dir, 'marker'));
  return { content, saved: `${content}.saved`, marker: join(dir, 'marker') };
}

/**
 * The watch's reports. A restart reports every folder it watches, so the marker folder reported means
 * a restart happened. A file written is seen when it is reported, or when a restart after it reports
 * every folder (a write during a restart's first scan is not an event; dev rebuilds either way).
 */
function reports(marker: string) {
  const changes: string[] = [];
  return {
    changes,
    push: (path: string) => void changes.push(path),
    restarted: (from: number, what: string) => until(() => changes.slice(from).includes(marker), what),
    async write(file: string, what: string) {
      const from = changes.length;
      writeFileSync(file, `title: ${what}\n`);
      await until(() => changes.slice(from).some((p) => p === file || p === marker), what);
    },
  };
}

describe('watchFolders', () => {
  it('reports a file saved in a watched folder, and one made in a folder made again', async () => {
    const { content, marker } = await folders();
    const seen = reports(marker);
    watching = await watchFolders([content, marker], seen.push);
    writeFileSync(join(content, 'en/about.yaml'), 'title: About us\n');
    await until(() => seen.changes.includes(join(content, 'en/about.yaml')), 'the saved file');
    rmSync(content, { recursive: true });
    await seen.restarted(0, 'a restart after the deletion');
    const from = seen.changes.length;
    mkdirSync(join(content, 'es'), { recursive: true });
    await seen.restarted(from, 'a restart for the folder made again');
    // Only a watch on the new folder sees a file made in it.
    await seen.write(join(content, 'es/new.yaml'), 'a file in the new folder');
  });

  it('reports only what changes in its folders: nothing while nothing changes, nor beside them', async () => {
    const { content } = await folders();
    const statics = join(dir, 'static');
    mkdirSync(statics);
    for (const other of ['other', 'content-old']) mkdirSync(join(dir, other));
    // What chokidar does not list by its own rules: an editor's swap file, a lock file (a broken link).
    writeFileSync(join(content, 'en/.about.yaml.swp'), 'swap');
    symlinkSync('nobody@host.1234', join(content, 'en/.#about.yaml'));
    const changes: string[] = [];
    watching = await watchFolders([content, statics], (path) => changes.push(path));
    // Two looks at the folders (twice a second) with nothing changed: no change, so no rebuild.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(changes).toEqual([]);
    writeFileSync(join(dir, 'other/note.yaml'), 'a: 1\n');
    writeFileSync(join(dir, 'content-old/about.yaml'), 'a: 1\n');
    writeFileSync(join(statics, 'robots.txt'), 'User-agent: *\n');
    await until(() => changes.includes(join(statics, 'robots.txt')), 'a file in the second folder');
    await new Promise((r) => setTimeout(r, 200));
    expect([...new Set(changes)]).toEqual([join(statics, 'robots.txt')]); // an add, perhaps a change too
  });

  it('reports nothing once it is closed, not even a swapped folder', async () => {
    const { content, saved } = await folders();
    const changes: string[] = [];
    watching = await watchFolders([content], (path) => changes.push(path));
    await watching.close();
    watching = undefined;
    renameSync(content, join(dir, 'old'));
    renameSync(saved, content);
    writeFileSync(join(content, 'en/new.yaml'), 'title: New\n');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(changes).toEqual([]);
  });

  // As dev.test does it through dev, without dev: moved away, made again by a copy, replaced by a rename.
  it('follows the folder by its name when it is moved away, copied back and replaced by a rename', async () => {
    const { content, saved, marker } = await folders();
    const seen = reports(marker);
    watching = await watchFolders([content, marker], seen.push);
    renameSync(content, join(dir, 'away'));
    await seen.restarted(0, 'a restart after the move');
    let from = seen.changes.length;
    cpSync(saved, content, { recursive: true });
    await seen.restarted(from, 'a restart for the copied folder');
    await seen.write(join(content, 'en/one.yaml'), 'a file in the copied folder');
    from = seen.changes.length;
    rmSync(content, { recursive: true });
    renameSync(saved, content);
    await seen.restarted(from, 'a restart for the folder put back');
    await seen.write(join(content, 'en/two.yaml'), 'a file in the folder put back');
    // The folder moved away is no longer watched: its files are not the site's.
    writeFileSync(join(dir, 'away/en/three.yaml'), 'title: Elsewhere\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.changes.filter((p) => p.startsWith(join(dir, 'away')))).toEqual([]);
  });

  // Two renames in one go leave the parent's listing as it was: no event says the folder is another.
  it('notices a folder swapped for another under the same name, which no event reports', async () => {
    const { content, saved, marker } = await folders();
    const seen = reports(marker);
    watching = await watchFolders([content, marker], seen.push);
    renameSync(content, join(dir, 'old'));
    renameSync(saved, content);
    await seen.restarted(0, 'a restart for the swapped folder');
    await seen.write(join(content, 'en/new.yaml'), 'a file made in the swapped-in folder');
  });

  // A file made after the scan read its folder and before the folder was watched: no watch knows it,
  // so its deletion would go unseen. The watch finds such files as it starts, and starts again.
  it('finds what is in its folders but not in the watch\'s listing, and nothing when the listing is whole', async () => {
    const { content } = await folders();
    const config = join(dir, 'site.config.ts');
    writeFileSync(config, 'export default {};\n');
    const whole = { [dir]: ['content', 'site.config.ts'], [content]: ['en'], [join(content, 'en')]: ['about.yaml'] };
    expect(unwatched([content, config, join(dir, 'gone')], whole)).toEqual([]);
    writeFileSync(join(content, 'en/careers.yaml'), 'title: Careers\n');
    mkdirSync(join(content, 'es'));
    expect(unwatched([content, config], whole).sort()).toEqual([join(content, 'en/careers.yaml'), join(content, 'es')]);
    expect(unwatched([config], { [dir]: ['content'] })).toEqual([config]);
    // A link that leads somewhere is listed by chokidar, so one it does not know is missed.
    symlinkSync('about.yaml', join(content, 'en/about-link.yaml'));
    expect(unwatched([content], { ...whole, [content]: ['en', 'es'], [join(content, 'es')]: [], [join(content, 'en')]: ['about.yaml', 'careers.yaml'] })).toEqual([join(content, 'en/about-link.yaml')]);
    rmSync(join(content, 'en/about-link.yaml'));
    // Not missed: what chokidar never lists (swap and backup files, broken links), nor a folder it cannot read.
    writeFileSync(join(content, 'en/.careers.yaml.swp'), 'swap');
    writeFileSync(join(content, 'en/careers.yaml~'), 'backup');
    symlinkSync('nowhere', join(content, 'en/.#careers.yaml'));
    expect(unwatched([content], { ...whole, [join(content, 'en')]: ['about.yaml', 'careers.yaml'], [content]: ['en', 'es'], [join(content, 'es')]: [] })).toEqual([]);
  });

  // The same, as it happens: files written while the watch starts (1,500 folders to scan) land, now and
  // then, between a folder's read and its watch. Without the check above one such file's deletion went
  // unseen in each of six runs here.
  it('sees the deletion of a file written while it was starting', async () => {
    const { content } = await folders();
    for (let i = 0; i < 1500; i++) mkdirSync(join(content, `d${i}`));
    const made: string[] = [];
    let starting = true;
    const writer = (async () => {
      for (let n = 0; starting; n++) {
        const file = join(content, `d${1499 - (n % 1500)}`, `f${n}.txt`);
        writeFileSync(file, 'x\n');
        made.push(file);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const changes: string[] = [];
    watching = await watchFolders([content], (path) => changes.push(path));
    starting = false;
    await writer;
    // Time for a look at the folders (twice a second) and a fresh start.
    await new Promise((r) => setTimeout(r, 1_500));
    const from = changes.length;
    for (const file of made) rmSync(file);
    // Each deletion reported, or a restart after the deletions began (which reports the whole folder).
    const unseen = () => made.filter((file) => !changes.slice(from).includes(file) && !changes.slice(from).includes(content));
    await until(() => unseen().length === 0, 'the deletions').catch(() => {
      throw new Error(`${unseen().length} of ${made.length} files written while the watch started were deleted unseen: ${unseen().map((f) => f.slice(content.length)).join(', ')}`);
    });
  });
});
