// A dated notice, as the office manager posts it (content/notices.yaml): "Miami is closed December
// 24–25", shown from 14 days before until the last day closed, then gone by itself; in both languages,
// under the header of every page, on Miami's card only, in the help widget, and in the structured data
// as dated hours (opens and closes at 00:00 on those days). A notice that would never go is refused.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { sandbox, SITE, STATIC, type Sandbox } from './helpers/fixtures.ts';

const CLOSURE = `- location: miami
  closed:
    from: "2026-12-24"
    to: "2026-12-25"
  text:
    en: Our Miami office is closed December 24 and 25. Kissimmee and Hialeah are open.
    es: Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre. Kissimmee y Hialeah atienden normalmente.
`;
const EN = 'Our Miami office is closed December 24 and 25.';
const ES = 'Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre.';

let site: Sandbox;
beforeAll(async () => {
  site = await sandbox();
  await site.write('notices.yaml', CLOSURE);
});
afterAll(() => site.cleanup());

async function buildOn(day: string) {
  const out = join(site.dir, `out-${day}`);
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date(`${day}T15:00:00Z`), compress: false });
  return (file: string) => readFile(join(out, file), 'utf8');
}

const card = (html: string, id: string) => html.slice(html.indexOf(`id="${id}"`), html.indexOf('</li>', html.indexOf(`id="${id}"`)));
const clinicData = (html: string) => {
  const graphs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { '@graph'?: { '@type': string; '@id': string; specialOpeningHoursSpecification?: unknown }[] });
  return graphs.flatMap((g) => g['@graph'] ?? []).filter((n) => n['@type'] === 'MedicalClinic');
};

describe('a closure posted for Miami, December 24–25', () => {
  it('is not shown yet 15 days before', async () => {
    const read = await buildOn('2026-12-09');
    expect(await read('index.html')).not.toContain(EN);
    expect(await read('es/locations.html')).not.toContain(ES);
  });

  it('is shown from 14 days before in both languages: banner on every page, Miami card only, help widget, dated hours', async () => {
    const read = await buildOn('2026-12-10');
    for (const [prefix, words] of [['', EN], ['es/', ES]] as const) {
      const home = await read(`${prefix}index.html`);
      expect(home).toMatch(new RegExp(`<aside class="notices" aria-label="(Notice|Aviso)">.*${words}`, 's'));
      expect(await read(`${prefix}insurance.html`)).toContain(words);
      const locations = await read(`${prefix}locations.html`);
      expect(card(locations, 'miami')).toContain(`class="location__notice"`);
      expect(card(locations, 'kissimmee')).not.toContain('location__notice');
      // The help widget's props carry it (shown when the panel opens).
      expect(home).toMatch(new RegExp(`"notices":\\["${words}`));
    }
    const clinics = clinicData(await read('locations.html'));
    const miami = clinics.find((c) => c['@id'].endsWith('#miami'))!;
    expect(miami.specialOpeningHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24', validThrough: '2026-12-25' }]);
    expect(clinics.find((c) => c['@id'].endsWith('#kissimmee'))!.specialOpeningHoursSpecification).toBeUndefined();
  }, 60_000);

  it('is still shown on the last day closed, in Florida (a moment that is already the 26th in UTC)', async () => {
    const out = join(site.dir, 'out-late');
    await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-12-26T03:00:00Z'), compress: false });
    expect(await readFile(join(out, 'index.html'), 'utf8')).toContain(EN);
  }, 60_000);

  it('is gone by itself the day after, everywhere', async () => {
    const read = await buildOn('2026-12-26');
    for (const file of ['index.html', 'es/index.html', 'locations.html', 'es/locations.html']) {
      const html = await read(file);
      expect(html, file).not.toContain('Miami office is closed');
      expect(html, file).not.toContain('estará cerrado');
      expect(html, file).not.toContain('specialOpeningHoursSpecification');
    }
  }, 60_000);

  it('a notice that is not a closure and has no last day, or names no clinic, fails the build with the line', async () => {
    const messageOf = async (notices: string) => {
      await site.write('notices.yaml', notices);
      const error = await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: join(site.dir, 'out-bad'), compress: false }).then(() => undefined, (e: unknown) => e);
      return (error as BuildFailure).problems.map((p) => p.format()).join('\n');
    };
    // The editor offers the three clinics only; a file written by hand with another is refused at its line.
    expect(await messageOf(`- location: orlando\n  text:\n    en: Flu shots are here.\n    es: Ya tenemos vacunas contra la gripe.\n  show:\n    to: "2026-12-31"\n`))
      .toMatch(/content\/notices\.yaml:1:13 {2}the notices do not match their schema\n {2}\[0\]\.location: expected one of "kissimmee"\|"miami"\|"hialeah", found "orlando"/);
    const message = await messageOf(`- text:\n    en: Flu shots are here.\n    es: Ya tenemos vacunas contra la gripe.\n`);
    expect(message).toMatch(/content\/notices\.yaml:\d+:\d+ {2}has a notice that cannot be shown as written/);
    expect(message).toContain('needs "Show until"');
    await site.write('notices.yaml', CLOSURE);
  }, 60_000);
});
