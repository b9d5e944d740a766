// Content is edited in a browser by people outside the development team: it may never run code (front
// matter is YAML only) nor put a script, a frame, a redirect, an event handler or a javascript: link on
// a page. Each refusal names the file, the line and the tag or address.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeHTML } from 'entities';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { loadContent } from '../../src/content/load-content.ts';
import { build } from '../../src/pipeline/build.ts';
import { BuildFailure } from '../../src/problems/problem.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import type { SiteContent } from '../../templates/content-types.ts';
import { SITE, STATIC, sandbox, type Sandbox } from '../helpers/fixtures.ts';

let site: Sandbox;
beforeEach(async () => {
  site = await sandbox();
});
afterEach(() => site.cleanup());

async function errorsOf(): Promise<string[]> {
  try {
    await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' });
  } catch (error) {
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).problems.map((e) => e.format());
  }
  throw new Error('expected the content to be rejected');
}

/** Appends Markdown to the body of a service page; returns the line it starts on. */
async function appendToBody(markdown: string): Promise<number> {
  let line = 0;
  await site.edit('en/services/vaccines.md', (text) => {
    line = text.trimEnd().split('\n').length + 2;
    return `${text.trimEnd()}\n\n${markdown}\n`;
  });
  return line;
}

describe('front matter', () => {
  for (const language of ['js', 'javascript', 'coffee', 'json', ' js']) {
    it(`in "---${language}" is refused, and never run`, async () => {
      const marker = join(tmpdir(), `site-front-matter-ran-${process.pid}-${language.trim()}`);
      await site.edit('en/services/vaccines.md', (text) => text.replace(/^---\n/, `---${language}\n{ name: require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran') || 'x' }\n---\n---\n`));
      const [first] = await errorsOf();
      expect(first).toBe(`content/en/services/vaccines.md:1:4  has front matter that is not YAML\n  front matter is YAML only; "---${language.trim()}" names another language, and content never runs code. Start the file with a plain "---" line`);
      expect(existsSync(marker)).toBe(false);
    });
  }
});

describe('raw HTML in Markdown', () => {
  const refused: [string, RegExp][] = [
    ['Call <script>alert(1)</script> us', /<script> is not allowed in content/],
    ['<iframe src="https://evil.example/"></iframe>', /<iframe> is not allowed in content/],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example/">', /<meta> is not allowed in content/],
    ['Hello <span onmouseover="alert(1)">there</span>', /<span onmouseover>: event handlers and embedded documents are never allowed in content/],
    ['<a href="javascript:alert(1)">x</a>', /<a href>: "javascript:alert\(1\)" uses javascript:/],
    ['<a href="java&#x09;script&colon;alert(1)">x</a>', /<a href>: "java\\tscript:alert\(1\)" uses javascript:/], // the tab shown escaped, never printed
    ['<img src=x onerror=alert(1)>', /<img> is not allowed in content/],
    ['<svg><script>alert(1)</script></svg>', /<svg> is not allowed in content/],
    ['<!-- <script>alert(1)</script> -->', /HTML comments are not allowed in content/],
    // Round 5: a tag never ended, which the browser ends at the page's next ">" (the handler live).
    ['<div onmouseover="alert(1)"\n*hi*', /<div is never ended with ">"/],
    ['<details ontoggle=alert(1)\n*hi*', /<details is never ended with ">"/],
    ['<iframe src=https://evil.example/\n*hi*', /<iframe is never ended with ">"/],
    ['<table style=x\n*hi*', /<table is never ended with ">"/],
    ['</div>', /<\/div> closes an element content may not hold/],
    // An element left open runs on into the page: a link would take in the template's buttons and footer.
    ['please <a href="https://evil.example/login">sign in', /<a> is never closed: write <\/a> where it ends, in the same paragraph/],
    ['please <a href="https://evil.example/login"/>sign in', /<a> is never closed/],
    ['<?php echo 1; ?>', /"<\?php echo 1; \?>" is a processing instruction/],
    ['<!ELEMENT x ANY>', /"<!ELEMENT x ANY>" is a declaration/],
    ['<![CDATA[ <script>alert(1)</script> ]]>', /is a CDATA section/],
  ];
  for (const [markdown, message] of refused) {
    it(`refuses ${markdown.slice(0, 50)}, naming the file, line and tag`, async () => {
      const line = await appendToBody(markdown);
      const errors = await errorsOf();
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatch(new RegExp(`^content/en/services/vaccines\\.md:${line}:1 {2}has HTML that content may not hold\\n {2}`));
      expect(errors[0]).toMatch(message);
    });
  }

  it('lets harmless inline tags through', async () => {
    await appendToBody('Results in <strong>24–48 hours</strong>, <abbr title="Centers for Disease Control">CDC</abbr> schedule,<br>see <a href="/contact">contact</a>.');
    const { content } = await loadContent(await loadSite(SITE) as SiteDefinition<SiteContent>, site.content, { shownDir: 'content' });
    expect(content.locales.en!.services.vaccines!.html).toContain('<strong>24–48 hours</strong>, <abbr title="Centers for Disease Control">CDC</abbr>');
  });
});

describe('addresses in Markdown', () => {
  const refused = [
    '[book](javascript:alert(1))',
    '[book](JaVaScRiPt:alert(1))',
    '[book](javascript&#58;alert(1))',
    '[book](java&#x09;script:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '[x](data:text/html,hello)',
    '[x](vbscript:msgbox)',
  ];
  for (const markdown of refused) {
    it(`refuses ${markdown}`, async () => {
      const line = await appendToBody(`Please ${markdown} now.`);
      const errors = await errorsOf();
      expect(errors[0]).toMatch(new RegExp(`^content/en/services/vaccines\\.md:${line}:1 {2}has an address that content may not use\\n {2}(link|image) ".*" uses \\w+:, but links and images may use http, https, mailto, tel or a relative address only$`));
    });
  }

  it('refuses a bad address in a table cell and a list item too', async () => {
    const line = await appendToBody('| a | b |\n|---|---|\n| x | [y](javascript:alert(1)) |\n\n- one\n- [two](javascript:alert(2))');
    const errors = await errorsOf();
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      `content/en/services/vaccines.md:${line + 2}:1  has an address that content may not use`,
      `content/en/services/vaccines.md:${line + 5}:1  has an address that content may not use`,
    ]);
  });

  it('allows http(s), mailto, tel and relative addresses', async () => {
    await appendToBody('[a](https://www.cms.gov/nosurprises) [b](mailto:x@example.com) [c](tel:+18009853059) [d](/insurance) [e](#faqs)');
    const { content } = await loadContent(await loadSite(SITE) as SiteDefinition<SiteContent>, site.content, { shownDir: 'content' });
    expect(content.locales.en!.services.vaccines!.html).toContain('<a href="tel:+18009853059">c</a>');
  });
});

it('the site definition can widen the allow-list, never to scripts or event handlers', async () => {
  const definition = { ...(await loadSite(SITE)), markdownHtml: { details: [], summary: [], script: [], span: ['onclick'] } };
  const line = await appendToBody('<details><summary>More</summary>Text</details>');
  const { content } = await loadContent(definition as SiteDefinition<SiteContent>, site.content, { shownDir: 'content' });
  expect(content.locales.en!.services.vaccines!.html).toContain('<details><summary>More</summary>Text</details>');
  await site.edit('en/services/vaccines.md', (text) => `${text}\n<script>x()</script> <span onclick="x()">y</span>\n`);
  const errors = await loadContent(definition, site.content, { shownDir: 'content' }).catch((e: BuildFailure) => e.problems.map((p) => p.format()));
  expect(errors).toEqual([
    expect.stringMatching(new RegExp(`^content/en/services/vaccines\\.md:${line + 2}:1 {2}has HTML that content may not hold\\n {2}<script> is not allowed`)),
    expect.stringMatching(/<span onclick>: event handlers and embedded documents are never allowed in content$/),
  ]);
  expect(await readFile(join(site.content, 'en/services/vaccines.md'), 'utf8')).toContain('<details>');
});

describe('words filled into a page', () => {
  it('stay words where a Markdown body asks for the opening hours, in its text and in a link title', async () => {
    // A day's name is a plain field in the editor (Site text › Hours); a service's text writes {hours}.
    // A word in braces the page fills after ({emergency}: a link) must stay words too.
    const markup = `<img src=x onerror=alert(1)>" title="x {emergency} {crisis} {poison}`;
    for (const locale of ['en', 'es']) await site.edit(`${locale}/ui.yaml`, (text) => text.replace(/^(\s+Mo: )(.*)$/m, (_, key: string, day: string) => `${key}'${day}${markup}'`));
    await appendToBody('We are open {hours}. See [our hours](/locations "{hours}").');
    const out = join(site.dir, 'out');
    await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-06-10T15:00:00Z'), compress: false });
    const page = await readFile(join(out, 'services/vaccines.html'), 'utf8');
    const prose = page.slice(page.indexOf('id="what-we-do"'), page.indexOf('id="benefits"'));
    expect(prose).toContain('We are open ');
    expect(prose).not.toContain('<img');
    expect(prose).not.toContain('" title="x');
    // Shown as she typed it, in the sentence and the link's title.
    expect(decodeHTML(prose).split(`Monday${markup}`)).toHaveLength(3);
  });
});
