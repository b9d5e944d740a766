// The staff editor's side of the build: the generated configuration is valid for Sveltia (checked
// against the package's own JSON schema) and reaches every content file; the CDN addresses we
// rewrite are where we expect them; every path has exactly one CSP as hosts read _headers, the
// public pages' policy unchanged; and content saved the way the editor writes YAML builds the same site.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, inject, it } from 'vitest';
import { parse, stringify } from 'yaml';
import matter from 'gray-matter';
import { cmsConfig } from '../src/admin/cms-config.ts';
import type { EditorPlugin } from '../src/admin/editor-plugin.ts';
import { rewrites, rewriteSource, sveltiaPackage } from '../src/admin/editor-bundle.ts';
import { loadSite } from '../src/pipeline/load-site.ts';
import { headersFor, parseHeadersFile } from '../src/security/headers-file.ts';
import { buildInto, CONTENT, ROOT, sandbox, SITE, STATIC } from './helpers/fixtures.ts';

const filesUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));

async function config() {
  const site = await loadSite(SITE);
  const admin = (site.plugins?.find((p) => p.name === 'editor') as EditorPlugin).options;
  return { site, config: cmsConfig(site, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', admin) };
}

describe('the editor configuration', () => {
  it('is valid against the JSON schema that @sveltia/cms ships', async () => {
    const schema = JSON.parse(readFileSync(join(sveltiaPackage().dir, 'schema/sveltia-cms.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addVocabulary(['markdownDescription', 'deprecationMessage']);
    const validate = ajv.compile(schema);
    const { config: generated } = await config();
    const valid = validate(generated);
    expect(valid, JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
  });

  it('offers "Sign In with GitHub" through the site\'s own helper, and only the token sign-in where there is no helper (the button would do nothing)', async () => {
    const { site, config: generated } = await config();
    expect(generated.backend).toMatchObject({ name: 'github', base_url: 'https://www.example.com', auth_endpoint: 'admin/auth' });
    expect((generated.backend as { auth_methods?: string[] }).auth_methods).toBeUndefined();
    const admin = (site.plugins?.find((p) => p.name === 'editor') as EditorPlugin).options;
    const bare = cmsConfig(site, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', { ...admin, githubSignIn: undefined });
    expect((bare.backend as { auth_methods?: string[] }).auth_methods).toEqual(['token']);
    const helped = cmsConfig(site, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', { ...admin, githubSignIn: undefined, backend: { ...admin.backend, base_url: 'https://auth.example.workers.dev' } });
    expect((helped.backend as { auth_methods?: string[] }).auth_methods).toBeUndefined();
  });

  it('makes every content file editable, in every locale', async () => {
    const { site, config: generated } = await config();
    const collections = generated.collections as { files?: { file: string }[]; folder?: string; extension?: string }[];
    const patterns = collections.flatMap((c) => c.files ? c.files.map((f) => f.file) : [`${c.folder}/*.${c.extension === 'md' ? 'md' : 'yaml'}`]);
    const editable = (path: string) => patterns.some((pattern) => Object.keys(site.locales).some((locale) => {
      const regex = new RegExp(`^${pattern.replace(/\{\{locale\}\}/g, locale).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`);
      return regex.test(path);
    }));
    const missing = filesUnder(CONTENT).map((file) => `content/${file}`).filter((path) => !editable(path));
    expect(missing).toEqual([]);
    expect(generated.i18n).toMatchObject({ locales: Object.keys(site.locales), default_locale: site.defaultLocale });
  });

  it('tells staff what to put in each field the placeholder guard warns about, and keeps hosts out of the editor', async () => {
    const { config: generated } = await config();
    type Field = { name: string; hint?: string; widget?: string; fields?: Field[]; field?: Field };
    const files = (generated.collections as { files?: { file: string; fields: Field[] }[] }[]).flatMap((c) => c.files ?? []);
    const fieldAt = (file: string, path: string): Field | undefined => {
      let fields = files.find((f) => f.file === file)?.fields;
      let found: Field | undefined;
      for (const name of path.split('.')) {
        found = fields?.find((f) => f.name === name);
        fields = found?.fields ?? found?.field?.fields;
      }
      return found;
    };
    for (const path of ['phone', 'email', 'leadForm.formId', 'maps.placeId', 'civilRights.coordinatorName', 'civilRights.groundsReviewed']) {
      expect(fieldAt('content/site.yaml', path)?.hint, path).toBeTruthy();
    }
    expect(fieldAt('content/reviews.yaml', 'items.sample')?.hint).toMatch(/sample/i);
    expect(fieldAt('content/language-assistance.yaml', 'items.reviewed')?.hint).toMatch(/translator/);
    expect(fieldAt('content/site.yaml', 'leadForm.host')?.widget).toBe('hidden');
    expect(fieldAt('content/site.yaml', 'maps.embedUrl')?.widget).toBe('hidden');
  });

  it('never lets the editor change a frame host: a form address on another host is a build error', async () => {
    const site = await sandbox();
    try {
      await site.edit('site.yaml', (text) => text.replace(/host: https:\/\/forms\.example\.com\/embed\//, 'host: https://forms.evil.example/embed/'));
      const { runCli } = await import('./helpers/fixtures.ts');
      const { code, stderr } = await runCli(['build', '--content', site.content, '--out', join(site.dir, 'out')]);
      expect(code).toBe(1);
      expect(stderr).toContain('leadForm.host: "https://forms.evil.example/embed/" is not on https://forms.example.com');
    } finally {
      await site.cleanup();
    }
  });
});

describe('the editor bundle', () => {
  it('finds each CDN address it rewrites exactly once in the installed package, and leaves none', () => {
    const pkg = sveltiaPackage();
    const list = rewrites(readdirSync(join(pkg.dir, 'npm/assets')));
    const source = readFileSync(join(pkg.dir, 'npm/index.js'), 'utf8');
    const out = rewriteSource(source, list);
    expect(out).not.toMatch(/cdn\.jsdelivr\.net|unpkg\.com\/@(shikijs|sveltia\/ui)|githubstatus\.com\/api/);
    // Were one address to move in an upgrade, the bundle would refuse to build rather than reach a CDN.
    expect(() => rewriteSource(source.replace(list[2]!.find, 'url(https://cdn.example/icons.woff2)'), list)).toThrow(/icon font/);
    // Twice is refused too (which of the two would be the font?), and each address is replaced where it stood.
    expect(() => rewriteSource(`${source}\n${list[0]!.find}`, list)).toThrow(/text font was expected once .* found 2 times/);
    expect(out).toBe(list.reduce((text, { find, replace }) => text.split(find).join(replace), source));
  });
});

describe('_headers with the editor', () => {
  const dist = inject('distDir');
  const rules = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
  // The public pages' policy as it was before the editor came (byte for byte).
  const PUBLIC = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://forms.example.com https://www.google.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests";

  it('gives every path exactly one policy, as Netlify and Cloudflare join matching rules: the public one, or the editor\'s', () => {
    for (const path of ['/', '/es/', '/services/primary-care', '/es/services/primary-care', '/about', '/es', '/assets/main.js', '/favicon.svg', '/images/x.svg', '/nothing-here']) {
      expect(headersFor(rules, path)['Content-Security-Policy'], path).toBe(PUBLIC);
    }
    const admin = headersFor(rules, '/admin/')['Content-Security-Policy']!;
    expect(admin.match(/default-src/g)).toHaveLength(1);
    expect(admin).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(admin).toContain("style-src 'self' 'unsafe-inline'");
    expect(headersFor(rules, '/admin/cms/index.js')['Content-Security-Policy']).toBe(admin);
  });

  it('keeps /admin/ out of the sitemap and unlinked from every public page', async () => {
    expect(await readFile(join(dist, 'sitemap.xml'), 'utf8')).not.toContain('/admin');
    const pages = filesUnder(dist).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
    for (const page of pages) expect(await readFile(join(dist, page), 'utf8'), page).not.toMatch(/href="\/admin/);
    expect(await readFile(join(dist, 'admin/index.html'), 'utf8')).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('content saved the way the editor writes it', () => {
  it('builds the same pages: every YAML file re-serialised (comments dropped, strings double-quoted), every front matter too', async () => {
    const site = await sandbox();
    const before = await buildInto({ content: CONTENT, static: STATIC });
    let after: Awaited<ReturnType<typeof buildInto>> | undefined;
    try {
      const write = (data: unknown) => stringify(data, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', indent: 2, lineWidth: 0 });
      for (const file of filesUnder(site.content)) {
        const path = join(site.content, file);
        const source = await readFile(path, 'utf8');
        if (file.endsWith('.yaml')) await writeFile(path, write(parse(source)));
        else if (file.endsWith('.md')) {
          const { data, content } = matter(source);
          await writeFile(path, `---\n${write(data)}---\n\n${content.trim()}\n`);
        }
      }
      after = await buildInto({ content: site.content, static: STATIC });
      const pages = filesUnder(before.out).filter((f) => f.endsWith('.html'));
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) {
        expect(await readFile(join(after.out, page), 'utf8'), page).toBe(await readFile(join(before.out, page), 'utf8'));
      }
    } finally {
      await before.cleanup();
      await after?.cleanup();
      await site.cleanup();
    }
  }, 120_000);
});
