// The content a render worker is sent in parts (src/pipeline/job-parts.ts): what the worker puts back
// together is the content, every key in its place and order, and no message holds much of it.
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { joinPart, PER_PART, splitContent, SPLIT_FROM } from '../../src/pipeline/job-parts.ts';

/** A locale's collection of n entries, keyed as content is ("service-7"), each with its own data. */
const collection = (n: number, locale: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`service-${n - i}`, { front: { name: `${locale} ${i}`, order: i, list: ['a', 'b'] }, html: `<p>${i}</p>` }]));

/** What a worker does: each message's copy (structured clone), the parts joined into the skeleton. */
function sendAndJoin<T>(content: T): { joined: T; largest: number; messages: number } {
  const { skeleton, parts } = splitContent(content);
  const sizes = [serialize(skeleton).length, ...parts.map((p) => serialize(p).length)];
  const joined = deserialize(serialize(skeleton)) as T;
  for (const part of parts) joinPart(joined, deserialize(serialize(part)));
  return { joined, largest: Math.max(...sizes), messages: sizes.length };
}

describe('the content sent in parts', () => {
  it('is put back as it was: every value, and every object\'s keys in their order', () => {
    const content = {
      site: { name: 'Clinic', phones: ['1', '2'] },
      locales: {
        en: { ui: { home: 'Home' }, services: collection(SPLIT_FROM * 3 + 5, 'en'), posts: collection(3, 'en') },
        es: { ui: { home: 'Inicio' }, services: collection(SPLIT_FROM + 1, 'es'), list: Array.from({ length: SPLIT_FROM * 2 }, (_, i) => ({ i })) },
      },
    };
    const { joined, messages } = sendAndJoin(content);
    expect(joined).toEqual(content);
    expect(Object.keys(joined.locales.en.services)).toEqual(Object.keys(content.locales.en.services));
    expect(Array.isArray(joined.locales.es.list)).toBe(true);
    // 1,541 + 257 + 512 entries in parts of PER_PART, besides the rest in one message.
    expect(messages).toBe(1 + Math.ceil((SPLIT_FROM * 3 + 5) / PER_PART) + Math.ceil((SPLIT_FROM + 1) / PER_PART) + Math.ceil((SPLIT_FROM * 2) / PER_PART));
  });

  it('keeps each message small however large the content, and leaves the content itself untouched', () => {
    const content = { locales: { en: { services: collection(5_000, 'en') }, es: { services: collection(5_000, 'es') } } };
    const before = serialize(content);
    const { joined, largest } = sendAndJoin(content);
    expect(joined).toEqual(content);
    expect(largest).toBeLessThan(before.length / 50);
    expect(serialize(content).equals(before)).toBe(true);
  });

  it('sends small content in one message, and objects deeper than a collection whole', () => {
    const small = { locales: { en: { services: collection(SPLIT_FROM - 1, 'en') } } };
    expect(splitContent(small)).toEqual({ skeleton: small, parts: [] });
    expect(splitContent(small).skeleton).toBe(small);
    const deep = { a: { b: { c: { d: { e: collection(SPLIT_FROM, 'en') } } } } };
    expect(splitContent(deep).parts).toEqual([]);
    // A value that is not a plain object or array (a Date, a Map) is sent as it is.
    const dated = { when: new Date(0), map: new Map([[1, 2]]), locales: { en: { services: collection(SPLIT_FROM, 'en') } } };
    const { joined } = sendAndJoin(dated);
    expect(joined).toEqual(dated);
  });

  it('splits from exactly SPLIT_FROM entries, objects of any prototype-less kind, and keeps every other value as it is', () => {
    expect(splitContent({ c: collection(SPLIT_FROM, 'en') }).parts).toHaveLength(Math.ceil(SPLIT_FROM / PER_PART));
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, collection(SPLIT_FROM, 'en'));
    expect(splitContent({ c: bare }).parts.length).toBeGreaterThan(0);
    // A class's instance is not content's plain data: sent whole, however many keys it has.
    class Bag {}
    expect(splitContent({ c: Object.assign(new Bag(), collection(SPLIT_FROM, 'en')) }).parts).toEqual([]);
    // A long text, null and undefined are values, not objects to split; an array on the way to a large
    // object keeps its other items.
    const content = { text: 'x'.repeat(SPLIT_FROM * 2), nothing: null, unset: undefined, pages: ['first', { services: collection(SPLIT_FROM, 'es') }, 'last'] };
    const { joined } = sendAndJoin(content);
    expect(joined).toEqual(content);
    expect(joined.pages[0]).toBe('first');
  });

  it('keeps a key named __proto__ as content of its own, and never writes into a prototype', () => {
    // As a parser reads it from a file staff wrote: an own property of that name (JSON.parse makes one).
    const entries = Object.fromEntries(Array.from({ length: SPLIT_FROM }, (_, i) => [i === 7 ? '__proto__' : `service-${i}`, { polluted: 'yes' }]));
    const content = JSON.parse(`{"locales":{"__proto__":{"services":${JSON.stringify(entries)}}}}`) as { locales: Record<string, unknown> };
    expect(Object.hasOwn(content.locales, '__proto__')).toBe(true);
    const { joined } = sendAndJoin(content);
    expect(Object.getPrototypeOf(joined.locales)).toBe(Object.prototype);
    expect(Object.hasOwn(joined.locales, '__proto__')).toBe(true);
    const services = (joined.locales['__proto__'] as { services: Record<string, unknown> }).services;
    expect(Object.getPrototypeOf(services)).toBe(Object.prototype);
    expect(Object.keys(services)).toEqual(Object.keys(entries));
    // Each an ordinary property, as a structured clone makes it: a template may still change its copy.
    expect(Object.getOwnPropertyDescriptor(services, 'service-1')).toEqual({ value: { polluted: 'yes' }, writable: true, enumerable: true, configurable: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A part whose path the content does not have is refused, not followed up a prototype.
    expect(() => joinPart({}, [['__proto__'], [['polluted', 'yes']]])).toThrow('which the content sent before it does not have');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sends content whole when an entry links back to the objects around it, which every part would carry', () => {
    const content = { locales: { en: { services: collection(SPLIT_FROM, 'en') as Record<string, Record<string, unknown>> } } };
    const services = content.locales.en.services;
    // As a plugin might: each entry given its locale, or the site's content (one level down).
    services['service-3']!.locale = content.locales.en;
    expect(splitContent(content)).toEqual({ skeleton: content, parts: [] });
    delete services['service-3']!.locale;
    (services['service-9']!.front as Record<string, unknown>).site = content;
    expect(splitContent(content).parts).toEqual([]);
    delete (services['service-9']!.front as Record<string, unknown>).site;
    // Entries sharing data of their own (the same list in two entries, and in an index beside them, as
    // the clinic's related services are) are still sent in parts.
    const shared = ['a', 'b'];
    for (const entry of Object.values(services)) (entry.front as Record<string, unknown>).list = shared;
    (content.locales.en as Record<string, unknown>).index = { related: { a: shared } };
    (content.locales.en as Record<string, unknown>).tags = shared;
    expect(splitContent(content).parts.length).toBeGreaterThan(0);
    expect(sendAndJoin(content).joined).toEqual(content);
  });
});
