// <Shared> on its own: a part is rendered once per locale and reused, its islands numbered where it
// lands on each page; the mistakes that would make a reused part wrong are refused with a sentence.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { island, IslandCollector, type IslandRecord } from '../../src/render/island.ts';
import { PageContext, type PageData } from '../../src/render/page-context.ts';
import { Shared, SharingContext, splice, type SharedParts, type Sharing } from '../../src/render/shared.ts';

const Pin = island('Pin', ({ n }: { n: number }) => <b>{n}</b>);

/** Renders a page the way renderPage does: with sharing when parts are given, whole otherwise. */
function page(locale: string, tree: ReactNode, parts?: SharedParts): { html: string; islands: IslandRecord[] } {
  const islands: IslandRecord[] = [];
  const sharing: Sharing | null = parts ? { parts, placed: [] } : null;
  const html = renderToStaticMarkup(
    <PageContext.Provider value={{ locale } as PageData}>
      <SharingContext.Provider value={sharing}>
        <IslandCollector.Provider value={islands}>{tree}</IslandCollector.Provider>
      </SharingContext.Provider>
    </PageContext.Provider>,
  );
  return { html: sharing ? splice(html, sharing, islands).map((p) => p.html).join('') : html, islands };
}

describe('a shared part', () => {
  it('is rendered once per locale, and lands on each page as a whole render would put it, its islands renumbered', () => {
    let renders = 0;
    const Footer = ({ text }: { text: string }) => {
      renders += 1;
      return <footer>{text}<Pin n={9} /></footer>;
    };
    const tree = (before: number, text: string) => (
      <>
        {Array.from({ length: before }, (_, i) => <Pin key={i} n={i} />)}
        <Shared id="footer"><Footer text={text} /></Shared>
        <Pin n={100} />
      </>
    );
    const parts: SharedParts = new Map();
    for (const [locale, before, text] of [['en', 0, 'Hello'], ['en', 2, 'Hello'], ['en', 1, 'Hello'], ['es', 3, 'Hola'], ['es', 0, 'Hola']] as const) {
      const spliced = page(locale, tree(before, text), parts);
      const whole = page(locale, tree(before, text));
      expect(spliced.html).toBe(whole.html);
      expect(spliced.islands).toEqual(whole.islands);
      expect(spliced.html).toContain(`<site-island data-island="Pin" data-props="${before}"><b>9</b>`);
      expect(spliced.html).toContain(`<site-island data-island="Pin" data-props="${before + 1}"><b>100</b>`);
    }
    // Once for each locale with sharing, once for each whole render.
    expect(renders).toBe(2 + 5);
    expect([...parts.keys()]).toEqual(['en\0footer', 'es\0footer']);
  });

  it('that varies is rendered once per locale and value, each page getting the one of its value', () => {
    let renders = 0;
    const Nav = ({ current }: { current: string }) => {
      renders += 1;
      return <nav>{['home', 'about', 'services'].map((p) => <a key={p} aria-current={p === current ? 'page' : undefined}>{p}</a>)}<Pin n={1} /></nav>;
    };
    const tree = (current: string, own: string) => (
      <>
        <Shared id="nav" vary={current}><Nav current={current} /></Shared>
        <h1>{own}</h1>
      </>
    );
    const parts: SharedParts = new Map();
    const pages = [['en', 'about', 'About us'], ['en', 'services', 'Vaccines'], ['en', 'services', 'Pediatrics'], ['en', 'about', 'Team'], ['es', 'about', 'Nosotros']] as const;
    for (const [locale, current, own] of pages) {
      const spliced = page(locale, tree(current, own), parts);
      expect(spliced.html).toBe(page(locale, tree(current, own)).html);
      expect(spliced.html).toContain(`<a aria-current="page">${current}</a>`);
    }
    // Three kept parts (en about, en services, es about), and a whole render for every page.
    expect(renders).toBe(3 + pages.length);
    expect([...parts.keys()].sort()).toEqual(['en\0nav\0about', 'en\0nav\0services', 'es\0nav\0about']);
    // An id is used once a page whatever it varies with.
    expect(() => page('en', <><Shared id="a" vary="1">x</Shared><Shared id="a" vary="2">y</Shared></>, parts)).toThrow('<Shared id="a"> is used twice on one page');
  });

  it('is not nested, has a plain id and is used once a page', () => {
    const parts: SharedParts = new Map();
    expect(() => page('en', <Shared id="a"><Shared id="b">x</Shared></Shared>, parts)).toThrow('<Shared id="b"> is inside <Shared id="a">: shared parts do not nest');
    expect(() => page('en', <Shared id="a"><Shared id="b">x</Shared></Shared>)).toThrow('shared parts do not nest');
    expect(() => page('en', <Shared id='Foot"er'>x</Shared>, parts)).toThrow('<Shared id="Foot"er">: an id is lower-case letters, digits and hyphens, starting with a letter');
    for (const bad of ['9a', 'a_b', 'Ab', '-a', 'a b', 'ab"']) expect(() => page('en', <Shared id={bad}>x</Shared>, parts), bad).toThrow('an id is lower-case letters');
    for (const good of ['a', 'ab', 'a-9', 'footer-and-widgets']) expect(page('en', <Shared id={good}>x</Shared>, new Map()).html, good).toBe('x');
    expect(() => page('en', <><Shared id="a">x</Shared><Shared id="a">y</Shared></>, parts)).toThrow('<Shared id="a"> is used twice on one page: give each part its own id');
  });

  it('renumbers islands past nine and of any name, and places several parts in their order', () => {
    const Many = island('ManyPins-2', ({ n }: { n: number }) => <i>{n}</i>);
    const tree = (before: number) => (
      <>
        {Array.from({ length: before }, (_, i) => <Pin key={i} n={i} />)}
        <Shared id="one"><p>one</p><Many n={1} /></Shared>
        <Pin n={50} />
        <Shared id="two"><p>two</p><Many n={2} /><Many n={3} /></Shared>
      </>
    );
    const parts: SharedParts = new Map();
    for (const before of [0, 12, 3]) {
      const spliced = page('en', tree(before), parts);
      expect(spliced.html).toBe(page('en', tree(before)).html);
      expect(spliced.islands).toEqual(page('en', tree(before)).islands);
      expect(spliced.html).toContain(`<site-island data-island="ManyPins-2" data-props="${before + 3}"><i>3</i>`);
    }
  });

  it('says so when a page lost its marker', () => {
    const sharing: Sharing = { parts: new Map(), placed: [{ key: 'en\0gone', id: 'gone', offset: 0 }] };
    expect(() => splice('<p>no marker</p>', sharing, [])).toThrow('<Shared id="gone">: its marker is missing from the page');
  });

  it('leaves a whole render without markers', () => {
    expect(page('en', <p><Shared id="a">x</Shared></p>).html).toBe('<p>x</p>');
  });
});
