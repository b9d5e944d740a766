// The Spanish pages as a careful bilingual practice writes them: one term per concept, no calques, no
// word that assumes the reader is a man, and an English-only destination said to be in English. Each
// rule below is one the Spanish review found broken; the files are read as the staff's editor saves them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTENT } from '../helpers/fixtures.ts';

const SPANISH = join(CONTENT, 'es');
const files = readdirSync(SPANISH, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));

/**
 * Every line of the Spanish content matching a pattern, as "file:line: text": alone, or with the next
 * line (YAML folds a sentence over lines, and the editor may break one anywhere).
 */
function found(pattern: RegExp): string[] {
  return files.flatMap((file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, i) => {
      const next = lines[i + 1]?.trim() ?? '';
      const hit = pattern.test(line) || (pattern.test(`${line.trimEnd()} ${next}`) && !pattern.test(next));
      return hit ? [`${relative(CONTENT, file)}:${i + 1}: ${line.trim()}`] : [];
    });
  });
}

describe('Spanish, one term per concept', () => {
  const rules: [string, RegExp][] = [
    ['"condiciones" for illnesses: afecciones, enfermedades or problemas de salud', /(?<!propias )condici[oó]n(es)?\b(?! de uso)/i],
    ['"conveniente" (it means advisable): cerca de usted, bien ubicados', /convenientes?\b/i],
    ['"requerido" (a calque): necesario, obligatorio', /requerid[oa]s?\b/i],
    ['"ordenar" pruebas (a calque): indicar, pedir', /se ordenan|ordenar (pruebas|análisis)/i],
    ['"programación" of a visit: la cita', /programaci[oó]n/i],
    ['"audífonos" (also headphones): aparatos auditivos', /audífonos/i],
    ['"compartimos" results: comunicamos', /compartimos sus resultados/i],
    ['"referir"/"referidos" alone: derivar, derivaciones (with "(referidos)" once beside it)', /se refieren\b|(?<!\()referidos\b|\bun referido\b/i],
    ['"nuestro consultorio" for the practice: nuestra clínica ("consultorio de Miami" is one location)', /nuestro consultorio(?! de)/i],
    ['"compañía de seguros": aseguradora, as the insurance page says', /compañía de seguros/i],
    ['"médico de cabecera" or "médico habitual": médico de atención primaria, one name for the patient\'s own doctor', /médico (de cabecera|habitual)/i],
    ['"reciba la autorización" (a calque of "cleared"): resulta apto', /reciba la autorización/i],
    ['"vacuna de la influenza" or "contra la neumonía": vacuna contra la influenza (gripe), contra el neumococo', /la de la influenza|vacunas? de la influenza|la neumonía\b/i],
    ['"Control de Envenenamiento" alone: Centro de Control de Envenenamientos', /(?<!Centro de )Control de Envenenamiento/],
    ['"Cerrado · abre" without "ahora", as the English says "Closed now"', /Cerrado · abre/],
    ['"lo" for the patient: le (le examina, le supervisa)', /\blo (supervisa|examina|atiende|escuchamos)\b/i],
    ['wording that assumes a man (más cómodo, preparado, ¿Soy candidato?): para su comodidad, con todo listo, candidato/a', /(esté|sienta) más cómodo\b|llegue preparad|¿Soy candidat/i],
    ['"disponibles a solicitud": que puede solicitar', /disponibles? a solicitud\b/i],
    ['"conversar" options: hablar de', /podemos conversar/i],
    ['another name for the insurance page: Seguros y formas de pago', /Seguros y opciones de pago/i],
    ['"por internet" for booking: en línea', /(cita|reserve)[^.]{0,20} por internet/i],
    ['"visitas de niño sano": consultas de control del niño sano', /visitas? de niño sano/i],
    ['"resurtidos": renovación de recetas', /resurtid/i],
    ['"pago directo": pago por cuenta propia, as everywhere else', /pago directo/i],
    ['"profesional de salud": profesional de la salud', /profesional(es)? de salud/i],
    ['"¿Listo…?" assumes a man: ask without an adjective', /¿\s*list[oa]s?\b/i],
    ['"casi todos los seguros" claims more than the English "most major plans"', /casi todos los seguros/i],
  ];
  for (const [rule, pattern] of rules) {
    it(`never ${rule}`, () => expect(found(pattern)).toEqual([]));
  }

  it('says "(en inglés)" after every link to an English-only page of another site', () => {
    // A Markdown link, or an address written out in a list (linked by the page).
    const external = found(/\]\(https?:\/\/|: https?:\/\//).filter((line) => !/\/es\b|espanol|español/.test(line));
    expect(external.length).toBeGreaterThan(0);
    for (const line of external) expect(line.replace(/^[^:]*:\d+: /, ''), line).toMatch(/\(en inglés\)/);
  });
});

describe('the footer names each page as the page names itself', () => {
  for (const locale of ['en', 'es']) {
    it(locale, () => {
      // Read as YAML: the editor saves every string quoted.
      const ui = parse(readFileSync(join(CONTENT, locale, 'ui.yaml'), 'utf8')) as { footer: { legalLinks: Record<string, string> } };
      const links = Object.entries(ui.footer.legalLinks);
      expect(links.length).toBeGreaterThan(3);
      for (const [page, label] of links) {
        const source = page === 'nondiscrimination' ? readFileSync(join(CONTENT, locale, 'pages/nondiscrimination.yaml'), 'utf8') : readFileSync(join(CONTENT, locale, 'legal', `${page}.md`), 'utf8');
        const { title } = parse(page === 'nondiscrimination' ? source : source.split(/^---$/m)[1]!) as { title: string };
        expect(title.toLowerCase(), `${page}: "${label}"`).toContain(label.toLowerCase());
      }
    });
  }
});
