// The islands' server side on its own: props travel to the browser in one JSON blob that no string
// can close early ("</script>" in content stays data).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandProps } from '../../src/render/island.ts';

describe('island props', () => {
  it('escape "<", so "</script>" in a prop cannot end the blob and start a script', () => {
    const html = renderToStaticMarkup(<IslandProps islands={[{ name: 'Help', props: { greeting: '</script><script>alert(1)</script>', tag: '<!--' } }]} />);
    expect(html).toBe('<script type="application/json" id="island-props">[{"greeting":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","tag":"\\u003c!--"}]</script>');
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual([{ greeting: '</script><script>alert(1)</script>', tag: '<!--' }]);
  });
});
