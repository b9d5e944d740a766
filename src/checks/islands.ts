// Islands the templates used must be in the site's client registry, or they would never come alive.
import { Problem } from '../problems/problem.ts';
import type { Route } from '../routes/routes.ts';

export function unknownIslands(pages: { route: Route; islands: string[] }[], known: string[]): Problem[] {
  const missing = new Map<string, Route>();
  for (const page of pages) for (const name of page.islands) if (!known.includes(name) && !missing.has(name)) missing.set(name, page.route);
  return [...missing].map(([name, route]) => new Problem('island/unknown', { page: route.url, output: route.file }, `uses island "${name}", which the site's island registry does not have`, [{ path: '', message: `registered islands: ${known.join(', ') || 'none'}` }]));
}
