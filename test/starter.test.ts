// The starter as a developer grows it: twelve posts added as Markdown files only give the right list
// pages, tags and feeds, with no draft or future post anywhere; and a registry page with content of
// its own (the README's "add a page" recipe) works beside the starter's Markdown pages.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { ROOT } from './helpers/fixtures.ts';

const dir = join(ROOT, 'test/scratch', `starter-${process.pid}`);
const TODAY = new Date('2026-11-25T12:00:00Z');
beforeAll(() => cp(join(ROOT, 'starter'), dir, { recursive: true }));
afterAll(() => rm(dir, { recursive: true, force: true }));

const buildCopy = (name: string, site = 'site.config.ts') => build({ site: join(dir, site), contentDir: join(dir, 'content'), staticDir: join(dir, 'static'), outDir: join(dir, 'out', name), now: TODAY, compress: false });

describe('a starter site grown by a developer', () => {
  it('with twelve posts added as files: list pages, tags, feeds, and no draft or future post anywhere', async () => {
    for (let i = 1; i <= 12; i++) {
      const day = `2026-08-${String(i).padStart(2, '0')}`;
      for (const [locale, title] of [['en', `Loaf number ${i}`], ['es', `Hogaza número ${i}`]] as const) {
        await writeFile(join(dir, 'content', locale, 'posts', `loaf-${i}.md`), `---\ntitle: ${title}\ndescription: ${title}.\ndate: ${day}\ntags: [${i % 2 ? 'bread' : 'baking'}]\n---\n${title}.\n`);
      }
    }
    const result = await buildCopy('grown');
    const out = join(dir, 'out/grown');
    // English: 6 + 1 (English only) + 12 published posts, five a page; Spanish 6 + 12.
    expect(result.routes.filter((r) => r.page === 'blog' && r.locale === 'en').map((r) => r.url)).toEqual(['/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4']);
    expect(result.routes.filter((r) => r.page === 'blog' && r.locale === 'es').map((r) => r.url)).toEqual(['/es/blog', '/es/blog/pagina/2', '/es/blog/pagina/3', '/es/blog/pagina/4']);
    expect(await readFile(join(out, 'blog.html'), 'utf8')).toContain('Loaf number 12');
    expect(await readFile(join(out, 'es/blog/etiquetas/pan.html'), 'utf8')).toContain('Hogaza número 11');
    const feed = JSON.parse(await readFile(join(out, 'es/feed.json'), 'utf8')) as { items: unknown[] };
    expect(feed.items).toHaveLength(18);
    const files = (await readdir(out, { recursive: true })).map(String);
    const all = (await Promise.all(files.filter((f) => /\.(html|xml|json)$/.test(f)).map((f) => readFile(join(out, f), 'utf8')))).join('\n');
    expect(all).not.toMatch(/rye-notes|holiday-orders|Notes on rye|Holiday orders/);
    expect(await readFile(join(out, '_redirects'), 'utf8')).toContain('/news  /blog  301\n');
  });

  it('with a page of the registry that has content of its own, beside the Markdown pages (the README recipe)', async () => {
    await writeFile(join(dir, 'templates/careers.tsx'), [
      "import * as z from 'zod';",
      "import { usePage } from 'sitewright';",
      "export const careersSchema = z.object({ title: z.string(), description: z.string() }).strict();",
      "export function Careers() {",
      "  const { text } = usePage<{ locales: Record<string, { pages: Record<string, { title: string }> }> }>();",
      "  return <h1>{text.pages.careers!.title}</h1>;",
      "}",
    ].join('\n'));
    // Another definition file: the first one is loaded already in this process.
    await writeFile(join(dir, 'careers.config.ts'), (await readFile(join(dir, 'site.config.ts'), 'utf8'))
      .replace("import { islands } from './templates/islands.ts';", "import { Careers, careersSchema } from './templates/careers.tsx';\nimport { islands } from './templates/islands.ts';")
      .replace("    { id: 'home', path: '/', template: Home },", "    { id: 'home', path: '/', template: Home },\n    { id: 'careers', path: '/careers', schema: careersSchema, template: Careers },")
      .replace("if (route.page === 'page')", "if (route.page === 'careers') return (text.pages as unknown as Record<string, { title: string; description: string }>).careers!;\n    if (route.page === 'page')"));
    for (const [locale, title] of [['en', 'Careers'], ['es', 'Empleo']]) await writeFile(join(dir, 'content', locale!, 'pages/careers.yaml'), `title: ${title}\ndescription: Work with us.\n`);
    await buildCopy('careers', 'careers.config.ts');
    expect(await readFile(join(dir, 'out/careers/es/careers.html'), 'utf8')).toContain('<h1>Empleo</h1>');
    expect(await readFile(join(dir, 'out/careers/about.html'), 'utf8')).toContain('<h1>About</h1>');
  });
});
