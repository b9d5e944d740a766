// The images plugin on generated photos (a landscape JPEG turned to portrait by its EXIF orientation,
// with GPS tags; a small PNG): AVIF, WebP and the original format at widths no larger than the source,
// no EXIF in what is published, the source itself not published, Markdown images and <Picture> written
// with srcset, sizes, width and height and lazy loading; every srcset URL checked.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutputLinks, referencesOf } from '../src/checks/links.ts';
import { build, type BuildResult } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { cacheRoot } from '../src/files/cache.ts';
import { FIXTURE, ROOT } from './helpers/fixtures.ts';

/**
 * The fixture site, copied under test/scratch/ beside a node_modules folder of its own: the photos'
 * variants are kept in a cache that no other test file uses or empties (its packages still resolve
 * from the checkout's node_modules, further up).
 */
let scratch: string;
let SITE: string;
let tmp: string;
let out: string;
let result: BuildResult;

beforeAll(async () => {
  await mkdir(join(ROOT, 'test/scratch'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test/scratch/images-'));
  await mkdir(join(scratch, 'node_modules'));
  for (const name of ['images-site', 'three-locales']) await cp(join(ROOT, 'test/fixtures', name), join(scratch, 'fixtures', name), { recursive: true });
  SITE = join(scratch, 'fixtures/images-site/site.config.ts');
  expect(cacheRoot(dirname(SITE))).toBe(join(scratch, 'node_modules/.cache/sitewright'));
  tmp = await mkdtemp(join(tmpdir(), 'site-images-'));
  await mkdir(join(tmp, 'static/photos'), { recursive: true });
  // Grain, as a photo has (a flat colour would weigh almost nothing in any format).
  const loaf = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c86432', noise: { type: 'gaussian', mean: 120, sigma: 12 } } }).jpeg().withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 44/1 0/1' } }).toBuffer();
  expect((await sharp(loaf).metadata()).exif).toBeDefined(); // the source carries EXIF (GPS among it)
  await writeFile(join(tmp, 'static/photos/Loaf.jpg'), loaf);
  // A PNG can carry EXIF too (its eXIf chunk): this one carries the phone's GPS.
  const badge = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#0b5f5a' } }).png().withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 44/1 0/1' } }).toBuffer();
  expect((await sharp(badge).metadata()).exif).toBeDefined();
  await writeFile(join(tmp, 'static/photos/badge.png'), badge);
  // The other types the editor's photo box takes, each with GPS in its EXIF (and XMP in the WebP).
  const gps = { IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 44/1 0/1' } };
  const grain = () => sharp({ create: { width: 500, height: 400, channels: 3, background: '#3264c8', noise: { type: 'gaussian', mean: 120, sigma: 12 } } });
  const shop = await grain().webp().withExif(gps).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="25,44N"/></rdf:RDF></x:xmpmeta>').toBuffer();
  expect((await sharp(shop).metadata()).xmp).toBeDefined();
  await writeFile(join(tmp, 'static/photos/shop.webp'), shop);
  const sign = await grain().avif({ effort: 0 }).withExif(gps).toBuffer();
  expect((await sharp(sign).metadata()).exif).toBeDefined();
  await writeFile(join(tmp, 'static/photos/sign.avif'), sign);
  await writeFile(join(tmp, 'static/photos/wave.gif'), await grain().gif().toBuffer());
  // Uploaded, then replaced: no content names it any more.
  await writeFile(join(tmp, 'static/photos/old-entrance.jpg'), await grain().jpeg().toBuffer());
  await cp(join(FIXTURE, 'content'), join(tmp, 'content'), { recursive: true });
  for (const [locale, alt] of [['fr', 'Une miche'], ['en', 'A loaf'], ['de', 'Ein Laib']]) {
    const note = join(tmp, 'content', locale!, 'notes/welcome.md');
    await writeFile(note, `${await readFile(note, 'utf8')}\n![${alt}](/photos/Loaf.jpg)\n\n![${alt} 2](/photos/badge.png) ![${alt} 3](/photos/shop.webp) ![${alt} 4](/photos/sign.avif) ![${alt} 5](/photos/wave.gif)\n`);
  }
  out = join(tmp, 'dist');
  result = await build({ site: SITE, contentDir: join(tmp, 'content'), staticDir: join(tmp, 'static'), outDir: out, compress: false });
}, 60_000);
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true }); // the variants it kept among it
});

describe('photos', () => {
  it('become AVIF, WebP and their own format at widths no larger than the source, orientation applied', async () => {
    const made = (await readdir(join(out, 'assets/images'))).sort();
    expect(made.filter((f) => f.startsWith('loaf-')).map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(['loaf-#-320.avif', 'loaf-#-320.jpg', 'loaf-#-320.webp', 'loaf-#-640.avif', 'loaf-#-640.jpg', 'loaf-#-640.webp', 'loaf-#-800.avif', 'loaf-#-800.jpg', 'loaf-#-800.webp']);
    expect(made.filter((f) => f.startsWith('badge-')).map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(['badge-#-200.avif', 'badge-#-200.png', 'badge-#-200.webp']);
    const largest = made.find((f) => /^loaf-.*-800\.jpg$/.test(f))!;
    const meta = await sharp(join(out, 'assets/images', largest)).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([800, 1200, 'jpeg']);
    expect((await sharp(join(out, 'assets/images', made.find((f) => /^loaf-.*-320\.avif$/.test(f))!)).metadata()).format).toBe('heif');
  });

  it('take WebP, AVIF and GIF too, each made into every format and width', async () => {
    const made = (await readdir(join(out, 'assets/images'))).map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'));
    for (const [name, fallback] of [['shop', 'jpg'], ['sign', 'jpg'], ['wave', 'png']]) {
      expect(made.filter((f) => f.startsWith(`${name}-`)).sort(), name).toEqual([`${name}-#-320.avif`, `${name}-#-320.${fallback}`, `${name}-#-320.webp`, `${name}-#-500.avif`, `${name}-#-500.${fallback}`, `${name}-#-500.webp`]);
    }
  });

  it('publish no metadata (no EXIF, XMP or IPTC: no GPS of the phone), and not the source itself', async () => {
    const variants = await readdir(join(out, 'assets/images'));
    expect(variants.length).toBeGreaterThan(20);
    for (const file of variants) {
      const meta = await sharp(join(out, 'assets/images', file)).metadata();
      expect([meta.exif, meta.xmp, meta.iptc], file).toEqual([undefined, undefined, undefined]);
      // Nor any of the sources' metadata in the bytes: an EXIF block, the phone's make, the XMP and its
      // GPS (strings of 5 bytes or more: "GPS" alone turns up by chance in a compressed image's noise).
      const bytes = await readFile(join(out, 'assets/images', file));
      expect(['Exif\0\0', 'Phone', 'xmpmeta', 'GPSLatitude'].filter((marker) => bytes.includes(marker)), file).toEqual([]);
    }
    for (const source of ['Loaf.jpg', 'badge.png', 'shop.webp', 'sign.avif', 'wave.gif']) expect(existsSync(join(out, 'photos', source)), source).toBe(false);
  });

  it('are published only while some content shows them: a photo uploaded then replaced is not online at any address', async () => {
    const made = await readdir(join(out, 'assets/images'));
    expect(made.some((f) => f.startsWith('loaf-'))).toBe(true);
    expect(made.filter((f) => f.startsWith('old-entrance-'))).toEqual([]);
  });

  it('in Markdown are written as <picture> with srcset, sizes, width, height and lazy loading, in every locale', async () => {
    const html = await readFile(join(out, 'en/notes/welcome.html'), 'utf8');
    expect(html).toMatch(/<picture><source type="image\/avif" srcset="\/assets\/images\/loaf-[0-9a-f]{10}-320\.avif 320w, \/assets\/images\/loaf-[0-9a-f]{10}-640\.avif 640w, \/assets\/images\/loaf-[0-9a-f]{10}-800\.avif 800w" sizes="100vw"\/><source type="image\/webp" [^>]+\/><img src="\/assets\/images\/loaf-[0-9a-f]{10}-800\.jpg" srcset="[^"]+" sizes="100vw" width="800" height="1200" alt="A loaf" loading="lazy" decoding="async"\/><\/picture>/);
    expect(await readFile(join(out, 'de/notes/welcome.html'), 'utf8')).toContain('alt="Ein Laib"');
    // Every URL of every srcset is checked like any link: all of them resolve (the build passed).
    expect(referencesOf(html).filter((r) => r.startsWith('/assets/images/loaf-'))).toHaveLength(9);
    expect(result.routes.length).toBeGreaterThan(0);
  });

  it('a Markdown image without a description fails the build, naming the file and line', async () => {
    const content = join(tmp, 'no-alt');
    await cp(join(tmp, 'content'), content, { recursive: true });
    const note = join(content, 'de/notes/welcome.md');
    await writeFile(note, (await readFile(note, 'utf8')).replace('![Ein Laib]', '![]'));
    const error = await build({ site: SITE, contentDir: content, staticDir: join(tmp, 'static'), outDir: join(tmp, 'no-alt-dist'), compress: false }).then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format())).toEqual([expect.stringMatching(/no-alt\/de\/notes\/welcome\.md:\d+:1 {2}has an image without a description\n {2}image "\/photos\/Loaf\.jpg" has no description/)]);
  });

  it('a Markdown image whose file does not exist fails the build, naming the file and line', async () => {
    const content = join(tmp, 'typo');
    await cp(join(tmp, 'content'), content, { recursive: true });
    const note = join(content, 'fr/notes/welcome.md');
    await writeFile(note, (await readFile(note, 'utf8')).replace('(/photos/Loaf.jpg)', '(/photos/Loaf.jgp)'));
    const line = (await readFile(note, 'utf8')).split('\n').findIndex((l) => l.includes('Loaf.jgp')) + 1;
    const error = await build({ site: SITE, contentDir: content, staticDir: join(tmp, 'static'), outDir: join(tmp, 'typo-dist'), compress: false }).then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format())).toEqual([
      `${join(content, 'fr/notes/welcome.md')}:${line}:1  shows an image that does not exist\n  "/photos/Loaf.jgp": no such file; expected ${join(tmp, 'static')}/photos/Loaf.jgp`,
    ]);
  });

  it('the heaviest photo a phone downloads counts against the budget: the build names it and its weight', async () => {
    const heavy = join(dirname(SITE), 'heavy.config.ts');
    const error = await build({ site: heavy, contentDir: join(tmp, 'content'), staticDir: join(tmp, 'static'), outDir: join(tmp, 'heavy-dist'), compress: false }).then(() => undefined, (e: unknown) => e);
    const message = (error as BuildFailure).problems.map((p) => p.format()).join('\n');
    expect(message).toMatch(/photo \/photos\/Loaf\.jpg: a phone downloads \d+\.\d KB \(AVIF, 800 px wide\), budget 4\.9 KB/);
    // The small badge is within it: only what is over is named; a photo no page shows is not published, nor weighed.
    expect(message).not.toContain('badge');
    expect(message).toContain('photo /photos/shop.webp');
    expect(message).not.toContain('old-entrance');
  });

  it('are made again, never published, when the variant kept in the cache was changed there', async () => {
    // The site's one folder of kept variants (one per site and settings).
    const [folder, ...others] = await readdir(join(cacheRoot(dirname(SITE)), 'images'));
    expect(others).toEqual([]);
    const cache = join(cacheRoot(dirname(SITE)), 'images', folder!);
    const name = (await readdir(join(out, 'assets/images'))).find((f) => /^loaf-.*-320\.jpg$/.test(f))!;
    const published = await readFile(join(out, 'assets/images', name));
    const kept = join(cache, `${name.replace(/^loaf-/, '')}.sealed`);
    // Other bytes of the same length under the seal the build wrote.
    const bytes = await readFile(kept);
    await writeFile(kept, Buffer.concat([bytes.subarray(0, 65), Buffer.alloc(bytes.length - 65, 0x41)]));
    const again = join(tmp, 'again-dist');
    await build({ site: SITE, contentDir: join(tmp, 'content'), staticDir: join(tmp, 'static'), outDir: again, compress: false });
    expect((await readFile(join(again, 'assets/images', name))).equals(published)).toBe(true);
    // And kept again as made.
    expect((await readFile(kept)).subarray(65).equals(published)).toBe(true);
  });

  it("are kept only while the site uses them: a removed photo's variants go at the next build", async () => {
    const [folder] = await readdir(join(cacheRoot(dirname(SITE)), 'images'));
    const cache = join(cacheRoot(dirname(SITE)), 'images', folder!);
    const keptBefore = (await readdir(cache)).sort();
    // The loaf at three widths, the badge at one, the WebP, AVIF, GIF and the replaced JPEG at two, in three formats each
    // (made before the content says which are shown: a photo named again needs none made).
    expect(keptBefore).toHaveLength((3 + 1 + 4 * 2) * 3);
    // A photo that was uploaded, built, then replaced: its variants stay until a build no longer uses them.
    await writeFile(join(cache, '0123456789-320.avif.sealed'), 'an older photo');
    await build({ site: SITE, contentDir: join(tmp, 'content'), staticDir: join(tmp, 'static'), outDir: join(tmp, 'pruned-dist'), compress: false });
    expect((await readdir(cache)).sort()).toEqual(keptBefore);
  });

  it('an upload that cannot be read, or claims too many pixels, fails the build naming each file, before decoding it', async () => {
    const bad = join(tmp, 'bad-static');
    await mkdir(join(bad, 'photos'), { recursive: true });
    const loaf = await readFile(join(tmp, 'static/photos/Loaf.jpg'));
    await writeFile(join(bad, 'photos/cut-short.jpg'), loaf.subarray(0, Math.floor(loaf.length / 2)));
    await writeFile(join(bad, 'photos/not-a-photo.png'), 'a text file, named .png');
    // A drawing named as a photo: never handed to the SVG decoder.
    await writeFile(join(bad, 'photos/drawing.png'), '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="4000" height="4000"/></svg>');
    await writeFile(join(bad, 'photos/bomb.png'), claimedSize(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer(), 12_000, 12_000));
    const started = performance.now();
    const error = await build({ site: SITE, contentDir: join(tmp, 'content'), staticDir: bad, outDir: join(tmp, 'bad-dist'), compress: false }).then(() => undefined, (e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(20_000); // the 144-megapixel one is never decoded
    expect(error).toBeInstanceOf(BuildFailure);
    const text = (error as BuildFailure).problems.map((p) => p.format()).join('\n');
    expect(text).toMatch(/bad-static\/photos\/cut-short\.jpg .*\n.*cannot be read to the end.*save it again as JPEG/);
    expect(text).toMatch(/bad-static\/photos\/not-a-photo\.png .*\n.*cannot be read as a PNG image/);
    expect(text).toMatch(/bad-static\/photos\/bomb\.png .*\n.*12000 × 12000 pixels \(144 megapixels\); the website takes photos up to 64 megapixels/);
    expect(text).toMatch(/bad-static\/photos\/drawing\.png .*\n.*named \.png but holds another kind of file \(SVG\)/);
    expect(text).not.toMatch(/at Sharp|engine\.cjs|Vips/);
  });

  it('srcset URLs are read as links: each candidate, its width or density dropped', () => {
    expect(referencesOf('<img src="/a.jpg" srcset="/a-1.jpg 320w, /a-2.jpg 640w, https://x.example/b.jpg 2x"><source srcset="/c.avif 1x">')).toEqual(['/a.jpg', '/a-1.jpg', '/a-2.jpg', '/c.avif']);
  });

  it('a typo in one srcset candidate of a page fails the check, naming the page and the URL', () => {
    const html = '<picture><source type="image/avif" srcset="/assets/images/a-320.avif 320w, /assets/images/a-64O.avif 640w"/><img src="/assets/images/a-640.jpg" alt="A"/></picture>';
    const index = { pages: new Map([['/', [] as string[]]]), files: new Set(['/assets/images/a-320.avif', '/assets/images/a-640.avif', '/assets/images/a-640.jpg']) };
    const route = { page: 'home', params: {}, path: '/', locale: 'en', url: '/', file: 'index.html', noindex: false, notFound: false };
    expect(checkOutputLinks([{ route, refs: referencesOf(html), ids: [] }], index, 'static').map((p) => p.format())).toEqual([
      'page / (index.html)  refers to a missing static file\n  "/assets/images/a-64O.avif": no such file; expected static/assets/images/a-64O.avif',
    ]);
  });
});

describe("a clinic service's photo", () => {
  it('replaces its illustration on its page and in the lists, with the description of each language', async () => {
    const { sandbox, STATIC, buildInto } = await import('./helpers/fixtures.ts');
    const site = await sandbox();
    const staticDir = join(site.dir, 'static');
    try {
      await cp(STATIC, staticDir, { recursive: true });
      await mkdir(join(staticDir, 'images/uploads'), { recursive: true });
      await writeFile(join(staticDir, 'images/uploads/vaccine-room.jpg'), await sharp({ create: { width: 960, height: 640, channels: 3, background: '#d8efec' } }).jpeg().toBuffer());
      await site.edit('en/services/vaccines.md', (t) => t.replace(/^imageAlt: .*$/m, (line) => `${line}\nphoto:\n  src: /images/uploads/vaccine-room.jpg\n  alt: The vaccination room, with a chair and a small table`));
      await site.edit('es/services/vaccines.md', (t) => t.replace(/^imageAlt: .*$/m, (line) => `${line}\nphoto:\n  src: /images/uploads/vaccine-room.jpg\n  alt: La sala de vacunación, con una silla y una mesa pequeña`));
      const { out, cleanup } = await buildInto({ content: site.content, static: staticDir });
      try {
        const es = await readFile(join(out, 'es/services/vaccines.html'), 'utf8');
        expect(es).toMatch(/<picture><source type="image\/avif" srcSet="\/assets\/images\/vaccine-room-[0-9a-f]{10}-320\.avif 320w, [^"]+" sizes="\(min-width: 960px\) 480px, 100vw"\/>/);
        expect(es).toContain('alt="La sala de vacunación, con una silla y una mesa pequeña" fetchPriority="high"');
        expect(es).not.toContain('/images/services/vaccines.svg');
        expect(await readFile(join(out, 'services.html'), 'utf8')).toMatch(/srcSet="\/assets\/images\/vaccine-room-[^"]+" sizes="\(min-width: 480px\) 240px, 100vw" width="960" height="640" alt="" loading="lazy"/);
        expect(existsSync(join(out, 'images/uploads/vaccine-room.jpg'))).toBe(false);
      } finally {
        await cleanup();
      }
      // Without its Spanish description: the file and the line.
      await site.edit('es/services/vaccines.md', (t) => t.replace(/\n {2}alt: La sala.*$/m, ''));
      const error = await buildInto({ content: site.content, static: staticDir }).then(() => undefined, (e: unknown) => e);
      expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(/content\/es\/services\/vaccines\.md:\d+:\d+ .*\n(.*\n)*.*photo\.alt: describe the photo/);
    } finally {
      await site.cleanup();
    }
  }, 60_000);
});

describe("a clinic location's entrance photo", () => {
  it('shows on its card in both languages, with the description of each, from the file the locales share', async () => {
    const { sandbox, STATIC, buildInto } = await import('./helpers/fixtures.ts');
    const site = await sandbox();
    const staticDir = join(site.dir, 'static');
    try {
      await cp(STATIC, staticDir, { recursive: true });
      await mkdir(join(staticDir, 'images/uploads'), { recursive: true });
      await writeFile(join(staticDir, 'images/uploads/miami-door.jpg'), await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e9e4d8' } }).jpeg().toBuffer());
      const photo = '  photo:\n    src: /images/uploads/miami-door.jpg\n    alt:\n      en: The glass front door of the Miami clinic\n      es: La puerta de cristal de la clínica de Miami\n';
      await site.edit('locations.yaml', (t) => t.replace(/(  postalCode: "33155"\n)/, `$1${photo}`));
      const { out, cleanup } = await buildInto({ content: site.content, static: staticDir });
      try {
        for (const [page, alt] of [['locations.html', 'The glass front door of the Miami clinic'], ['es/locations.html', 'La puerta de cristal de la clínica de Miami']] as const) {
          const html = await readFile(join(out, page), 'utf8');
          const card = html.slice(html.indexOf('id="miami"'), html.indexOf('id="hialeah"'));
          expect(card).toMatch(new RegExp(`<picture><source type="image/avif" srcSet="/assets/images/miami-door-[0-9a-f]{10}-320\\.avif 320w, [^"]+" sizes="\\(min-width: 58rem\\) 23rem, \\(min-width: 40rem\\) 50vw, 100vw"/>.*width="900" height="600" alt="${alt}" loading="lazy"`));
          // Only Miami has one.
          expect(html.slice(html.indexOf('id="kissimmee"'), html.indexOf('id="miami"'))).not.toContain('<picture>');
        }
        // The home page's compact cards carry it too (shown from tablet width up).
        expect(await readFile(join(out, 'es/index.html'), 'utf8')).toContain('alt="La puerta de cristal de la clínica de Miami"');
      } finally {
        await cleanup();
      }
      // Without its Spanish description: the shared file and the line.
      await site.edit('locations.yaml', (t) => t.replace(/\n {6}es: La puerta.*$/m, ''));
      const error = await buildInto({ content: site.content, static: staticDir }).then(() => undefined, (e: unknown) => e);
      expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(/content\/locations\.yaml:\d+:\d+ .*\n(.*\n)*.*photo\.alt\.es: describe the photo/);
      // A photo that is not in the uploads (misspelt, or removed): the shared file, the line of its address.
      await site.edit('locations.yaml', (t) => t.replace('src: /images/uploads/miami-door.jpg', 'src: /images/uploads/miami-dor.jpg').replace('      en: The glass front door of the Miami clinic\n', '      en: The glass front door of the Miami clinic\n      es: La puerta de cristal\n'));
      const line = (await readFile(join(site.content, 'locations.yaml'), 'utf8')).split('\n').findIndex((l) => l.includes('miami-dor.jpg')) + 1;
      const missing = await buildInto({ content: site.content, static: staticDir }).then(() => undefined, (e: unknown) => e);
      expect(missing).toBeInstanceOf(BuildFailure);
      expect((missing as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(new RegExp(`content/locations\\.yaml:${line}:\\d+ {2}names a photo the website cannot show\n.*/images/uploads/miami-dor\\.jpg: there is no such photo in the uploads`));
    } finally {
      await site.cleanup();
    }
  }, 60_000);
});

/** A PNG whose header claims another size (its CRC made anew): what a decompression bomb's header says. */
function claimedSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
