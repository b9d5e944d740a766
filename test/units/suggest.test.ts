// "Did you mean …?": the nearest candidate within a few slips of typing (a letter added, dropped,
// changed, or two neighbours swapped), and nothing when every candidate is further away.
import { describe, expect, it } from 'vitest';
import { closest, didYouMean } from '../../src/content/suggest.ts';

describe('the nearest name', () => {
  it('counts a swap of two neighbours as one slip, anywhere in the word', () => {
    expect(closest('ba', ['ab', 'xyz'])).toBe('ab');
    expect(closest('nmae', ['name', 'phone'])).toBe('name');
    expect(closest('titel', ['title'])).toBe('title');
    expect(closest('hoem', ['home', 'about'])).toBe('home');
  });

  it('allows more slips in longer words, and none past that', () => {
    expect(closest('servces', ['services'])).toBe('services');
    expect(closest('abc', ['xyz'])).toBeUndefined();
    // Two slips in a six-letter word are one too many; in a nine-letter word they are allowed.
    expect(closest('abcdef', ['badcfe'])).toBeUndefined();
    expect(closest('locations', ['locatoins'])).toBe('locatoins');
    expect(closest('locations', ['lcoatoins'])).toBe('lcoatoins');
    expect(closest('locations', ['xxxxxions'])).toBeUndefined();
  });

  it('takes a name that differs in its capitals only, however short, before any slip', () => {
    expect(closest('FR', ['fr', 'fra'])).toBe('fr');
    expect(closest('Servics', ['Services', 'servics'])).toBe('servics');
  });

  it('takes the nearest of several, and the first of equals', () => {
    expect(closest('about', ['abut', 'about-us', 'bout'])).toBe('abut');
    expect(closest('cat', ['bat', 'hat'])).toBe('bat');
  });

  it('is said as a hint, or not at all', () => {
    expect(didYouMean('sevices', ['services', 'insurance'])).toBe(' (did you mean "services"?)');
    expect(didYouMean('zzz', ['services'])).toBe('');
    expect(didYouMean('', [])).toBe('');
  });
});
