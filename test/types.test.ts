// A site's hooks are type-checked against its own content: a content model's check and ids hooks
// against their schemas (defineContentModel), and a plugin's hooks against the site's content type.
// The TypeScript checker runs on two small sites: one right, one with each kind of hook wrong.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

const dir = join(ROOT, 'test/scratch', `types-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = `import * as z from 'zod';
import { defineContentModel, type Plugin } from 'sitewright';
type C = { site: { name: string }; locales: Record<string, { notes: Record<string, { front: { title: string }; html: string }> }> };
`;
const RIGHT = `${HEAD}
export const model = defineContentModel({
  shared: { site: { file: 'site.yaml', schema: z.object({ name: z.string() }), title: 'the site file', check: (data: { name: string }) => (data.name ? [] : []) } },
  perLocale: {},
  collections: { notes: { folder: 'notes', ext: '.md', schema: z.object({ title: z.string() }), label: 'note', ids: (shared: { site: { name: string } }) => [shared.site.name] } },
});
export const plugin: Plugin<C> = {
  name: 'p',
  contentLoaded: (content) => ({ ...content, site: { name: content.site.name.trim() } }),
  routes: (content, context) => context.locales.map((locale) => ({ page: 'x', locale, path: \`/\${content.site.name}\` })),
};
`;
const WRONG = `${HEAD}
export const model = defineContentModel({
  shared: { site: { file: 'site.yaml', schema: z.object({ name: z.string() }), title: 'the site file', check: (data: { name: number }) => (data.name ? [] : []) } },
  perLocale: {},
  collections: { notes: { folder: 'notes', ext: '.md', schema: z.object({ title: z.string() }), label: 'note', ids: (shared: { site: { title: string } }) => [shared.site.title] } },
});
export const plugin: Plugin<C> = {
  name: 'p',
  contentLoaded: (content) => ({ site: content.site }),
  routes: (content: { posts: string[] }) => content.posts.map((p) => ({ page: 'x', locale: 'en', path: p })),
};
`;

/** Each site's type errors, both checked by one program (loading the engine's and its packages' types once). */
let checked: Map<string, string[]> | undefined;
function errorsOf(name: string): string[] {
  if (!checked) {
    mkdirSync(dir, { recursive: true });
    const files = Object.entries({ 'right.ts': RIGHT, 'wrong.ts': WRONG }).map(([file, text]) => (writeFileSync(join(dir, file), text), join(dir, file)));
    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    checked = new Map(files.map((file) => [file, diagnostics.filter((d) => d.file?.fileName === file).map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 120)}`)]));
  }
  return checked.get(join(dir, name))!;
}

describe("a site's hooks", () => {
  it('compile when they take what their schema and the content give', () => {
    expect(errorsOf('right.ts')).toEqual([]);
  }, 60_000);

  it('do not compile when a check, an ids hook or a plugin hook takes or returns the wrong thing', () => {
    const lines = errorsOf('wrong.ts').map((e) => Number(e.split(':')[0]));
    // The check's data, the ids hook's shared file, the plugin's contentLoaded result and routes parameter.
    expect([...new Set(lines)].sort((a, b) => a - b)).toEqual([6, 8, 12, 13]);
  }, 60_000);
});
