// Marks the page (html[data-scrolled]) once half its first screen has scrolled away. On a phone the
// floating call and help buttons wait for it (site.css): the first screen has the header's call button
// and the hero's, and nothing floats over its content.
import { useEffect } from 'react';

export function useFirstScreenMark(): void {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => root.toggleAttribute('data-scrolled', scrollY > innerHeight / 2);
    update();
    addEventListener('scroll', update, { passive: true });
    return () => removeEventListener('scroll', update);
  }, []);
}
