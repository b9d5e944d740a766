// The page shown when something breaks: self-contained, no script or external CSS.
import { MESSAGES_LANG } from '../problems/problem.ts';
import { escapeMarkup as escapeHtml } from '../security/escape.ts';

export function errorPage(message: string, { extraScripts = [] as string[], title = 'Unexpected Application Error!' } = {}): string {
  const scripts = extraScripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('');
  return `<!DOCTYPE html><html lang="${MESSAGES_LANG}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${scripts}</head><body><main><h1>${escapeHtml(title)}</h1><pre>${escapeHtml(message)}</pre></main></body></html>`;
}
