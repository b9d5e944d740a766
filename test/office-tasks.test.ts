// The office manager's everyday changes, made as she makes them (content only, through the fields
// the editor shows), and what patients then see on every page of both languages.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { sandbox, SITE, STATIC, type Sandbox } from './helpers/fixtures.ts';

let site: Sandbox;
beforeAll(async () => {
  site = await sandbox();
});
afterAll(() => site.cleanup());

/** Builds the sandbox's content; returns the HTML pages of the output by their path. */
async function buildPages(name: string): Promise<Map<string, string>> {
  const out = join(site.dir, name);
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-06-10T15:00:00Z'), compress: false });
  const pages = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true })) {
    if (entry.endsWith('.html') && !entry.startsWith('admin')) pages.set(entry, await readFile(join(out, entry), 'utf8'));
  }
  return pages;
}

describe('the practice changes its phone number', () => {
  it('is typed once, as patients read it, and every Call button and the structured data dial the new number', async () => {
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: (305) 555-0177'));
    const pages = await buildPages('phone');
    expect(pages.size).toBeGreaterThan(40);
    for (const [path, html] of pages) {
      const dialled = new Set([...html.matchAll(/href="tel:([^"]+)"/g)].map((m) => m[1]!).filter((n) => n.startsWith('+1305') || n.startsWith('+1407')));
      expect([...dialled], path).toEqual(['+13055550177']);
      expect(html, path).not.toContain('555-0142');
    }
    expect(pages.get('index.html')).toContain('"telephone":"+13055550177"');
    expect(pages.get('es/index.html')).toContain('(305) 555-0177');
  });

  it('is refused with an example of what to type when it is not written as patients read it', async () => {
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: "+13055550177"'));
    await expect(buildPages('phone-bad')).rejects.toThrow(/phone: .*written like \(407\) 555-0142/);
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: (407) 555-0142'));
  });
});
