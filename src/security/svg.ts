// An SVG opened on its own runs scripts on the site's origin, where the editor keeps its Git token: names are checked by local
// name (`<x:script>` is a script) against an allow-list, and only the checked tree is written. Refused: scripts, embeds, handlers,
// other schemes, a DTD or entity (markup past any check), a style sheet instruction, an animated link or handler.
// No DOMPurify: it needs a DOM (jsdom) and trusts that DOM's parser.
import { Parser } from 'htmlparser2';
import { urlProblem } from './html-policy.ts';
import { escapeMarkup as escapeText } from './escape.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements that ship, by local name (lower case) → the name as SVG spells it. */
const ELEMENTS = new Map(
  [
    'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'switch', 'view', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
    'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter', 'image', 'a', 'style',
    'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight',
    'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology',
    'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
    'animate', 'animateMotion', 'animateTransform', 'set', 'mpath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** Never shipped and never silently dropped: they run code or load a document. */
const DANGEROUS = new Set(['script', 'foreignobject', 'iframe', 'frame', 'embed', 'object', 'applet', 'handler', 'listener', 'base', 'meta', 'link', 'form', 'portal']);

const ANIMATIONS = new Set(['animate', 'animatemotion', 'animatetransform', 'set']);

/** Attributes that ship, the same way. */
const ATTRIBUTES = new Map(
  [
    // core and accessibility
    'id', 'class', 'style', 'lang', 'tabindex', 'role', 'focusable', 'transform', 'requiredExtensions', 'systemLanguage',
    // presentation
    'alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation', 'color-interpolation-filters', 'color-rendering',
    'cursor', 'direction', 'display', 'dominant-baseline', 'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color', 'flood-opacity', 'font-family',
    'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight', 'image-rendering', 'letter-spacing', 'lighting-color',
    'marker-end', 'marker-mid', 'marker-start', 'mask', 'mask-type', 'opacity', 'overflow', 'paint-order', 'pointer-events', 'shape-rendering', 'stop-color',
    'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity',
    'stroke-width', 'text-anchor', 'text-decoration', 'text-rendering', 'transform-origin', 'unicode-bidi', 'vector-effect', 'visibility', 'word-spacing',
    'writing-mode',
    // geometry and structure
    'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points', 'pathLength', 'viewBox',
    'preserveAspectRatio', 'version', 'baseProfile', 'href', 'target', 'rel', 'hreflang', 'download',
    // gradients, patterns, clipping, markers, text
    'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits',
    'maskContentUnits', 'markerWidth', 'markerHeight', 'markerUnits', 'orient', 'refX', 'refY', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust',
    'startOffset', 'method', 'spacing', 'side',
    // filters
    'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'edgeMode', 'operator', 'k1', 'k2', 'k3', 'k4', 'mode', 'type', 'values',
    'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'scale', 'xChannelSelector', 'yChannelSelector', 'order', 'kernelMatrix', 'divisor',
    'bias', 'targetX', 'targetY', 'kernelUnitLength', 'preserveAlpha', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'surfaceScale',
    'specularConstant', 'specularExponent', 'diffuseConstant', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle', 'radius',
    // animation (never of a link or a handler: checked below)
    'attributeName', 'attributeType', 'begin', 'dur', 'end', 'min', 'max', 'restart', 'repeatCount', 'repeatDur', 'calcMode', 'keyTimes', 'keySplines',
    'from', 'to', 'by', 'additive', 'accumulate', 'path', 'keyPoints',
  ].map((name) => [name.toLowerCase(), name]),
);

/** Where an address may point, by element: in-document references only, except links and images. */
const FRAGMENT_ONLY = new Set(['use', 'textpath', 'mpath', 'feimage', 'lineargradient', 'radialgradient', 'pattern', 'filter']);
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

export interface SanitizedSvg {
  /** The allow-listed tree as XML; what is published when nothing was refused. */
  svg: string;
  /** What makes the file unsafe, one line each; empty when it may ship. */
  refused: string[];
}

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

function addressProblem(element: string, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  if (FRAGMENT_ONLY.has(element)) return `"${value}" points outside the file, where only an in-document reference (#id) is allowed`;
  if (element === 'image' && RASTER_DATA.test(trimmed)) return undefined;
  return urlProblem(value);
}

export function sanitizeSvg(text: string): SanitizedSvg {
  const refused: string[] = [];
  // Before parsing, on the text: however a DTD is written, it is refused (the parser need not report it).
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) refused.push('a DTD or entity declaration (<!DOCTYPE …>): SVG files need none');
  const out: string[] = [];
  /** Per open element: whether it is written out (a dropped element drops all it holds). */
  const open: { name: string; kept: boolean; empty: boolean }[] = [];
  let rooted = false;
  const keeping = () => open.every((e) => e.kept);

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const local = localName(tag);
        if (DANGEROUS.has(local)) refused.push(`<${tag}> runs or embeds a document`);
        const declared = attributes.xmlns;
        const foreign = declared !== undefined && declared !== SVG_NS;
        if (foreign && local !== 'svg') refused.push(`<${tag} xmlns="${declared}"> puts content of another language (such as HTML) in the drawing`);
        const animated = ANIMATIONS.has(local) ? localName(attributes.attributeName ?? attributes.attributename ?? '') : '';
        const badAnimation = animated === 'href' || animated.startsWith('on') || animated === 'style';
        if (badAnimation) refused.push(`<${tag} attributeName="${animated}"> animates a link, a handler or a style into something else`);
        const attrs: string[] = [];
        for (const [name, value] of Object.entries(attributes)) {
          const attr = localName(name);
          if (attr.startsWith('on')) {
            refused.push(`<${tag} ${name}> is an event handler`);
            continue;
          }
          if (attr === 'href' || attr === 'src' || attr === 'action' || attr === 'formaction' || attr === 'data') {
            const problem = addressProblem(local, value);
            if (problem) {
              refused.push(`<${tag} ${name}>: ${problem}`);
              continue;
            }
          }
          if (name === 'xmlns' || name.startsWith('xmlns:')) continue; // written anew on the root
          if (name === 'xml:space') {
            attrs.push(` xml:space="${escapeText(value)}"`);
            continue;
          }
          // An attribute of another vocabulary (inkscape:version) is not SVG's, whatever its local name.
          const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')).toLowerCase() : '';
          const known = prefix && prefix !== 'xlink' ? undefined : (ATTRIBUTES.get(attr) ?? (/^aria-[a-z]+$/.test(attr) ? attr : undefined));
          if (known) attrs.push(` ${known}="${escapeText(value)}"`);
        }
        const name = ELEMENTS.get(local);
        // The root must be an <svg>; an unlisted element stays out with all it holds.
        const kept = keeping() && !foreign && !badAnimation && name !== undefined && (rooted || local === 'svg');
        if (kept && open.length === 0) {
          rooted = true;
          attrs.unshift(` xmlns="${SVG_NS}"`);
        }
        const parent = open.at(-1);
        if (kept && parent?.empty) {
          out.push('>');
          parent.empty = false;
        }
        if (kept) out.push(`<${name}${attrs.join('')}`);
        open.push({ name: name ?? tag, kept, empty: true });
      },
      ontext(data) {
        const parent = open.at(-1);
        if (!parent || !keeping()) return;
        if (parent.empty) {
          out.push('>');
          parent.empty = false;
        }
        out.push(escapeText(data));
      },
      onclosetag() {
        const element = open.pop();
        if (!element?.kept || !open.every((e) => e.kept)) return;
        out.push(element.empty ? '/>' : `</${element.name}>`);
      },
      onprocessinginstruction(name, data) {
        if (/^\?xml-stylesheet$/i.test(name)) refused.push(`<${data.replace(/^\?|\?$/g, '')}> applies a style sheet, which can transform the file into a page with a script`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);
  if (!rooted && !refused.length) refused.push('no <svg> element at the top: not an SVG drawing');
  return { svg: `${out.join('')}\n`, refused: [...new Set(refused)] };
}
