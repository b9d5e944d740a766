// Runs plugins' hooks, each named with its hook when it throws, as the site's own hooks are.
import type { SiteDefinition } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import { defaultPlugins } from './defaults.ts';
import type { Plugin } from '../site/plugin.ts';

const made = new WeakMap<SiteDefinition, Plugin[]>();

/** Every plugin of a site, in the order their hooks run: the client bundle, the site's, then the other defaults. */
export function pluginsOf<C>(site: SiteDefinition<C>): Plugin<C>[] {
  const known = made.get(site as SiteDefinition);
  if (known) return known as Plugin<C>[];
  const [first, ...rest] = defaultPlugins(site);
  const all = [first!, ...(site.plugins ?? []), ...rest];
  made.set(site as SiteDefinition, all as Plugin[]);
  return all;
}

/** Calls one plugin's hook; its error names the plugin and the hook (and where it was called for). */
export function callPlugin<T>(plugin: { name: string }, hook: string, where: string | undefined, call: () => T): T {
  return callHook(`plugin "${plugin.name}": ${hook}()`, where, call);
}

/** Applies every plugin's config hook to a definition: arrays are extended, objects merged, values replaced. */
export function withPluginConfig<C>(site: SiteDefinition<C>): SiteDefinition<C> {
  let resolved = site;
  for (const plugin of site.plugins ?? []) {
    if (!plugin.config) continue;
    const change = callPlugin(plugin, 'config', undefined, () => plugin.config!(resolved));
    if (!change) continue;
    const next: Record<string, unknown> = { ...resolved };
    for (const [key, value] of Object.entries(change)) {
      const before = next[key];
      if (Array.isArray(before) && Array.isArray(value)) next[key] = [...before, ...value];
      else if (isPlain(before) && isPlain(value)) next[key] = { ...before, ...value };
      else next[key] = value;
    }
    resolved = next as unknown as SiteDefinition<C>;
  }
  return resolved;
}

const isPlain = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
