// Checks site.yaml's embed addresses against the hosts the site definition allows (frame-hosts.ts):
// an address on another host would need another CSP, which is a change to policy, not to content.
import { inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Site } from '../schema.ts';
import { FRAME_ORIGINS } from './frame-hosts.ts';

export function checkSite(site: Site, parsed: ParsedContentFile): Problem[] {
  const embeds = [
    { path: 'leadForm.host', url: site.leadForm.host, origin: FRAME_ORIGINS.leadForm },
    { path: 'maps.embedUrl', url: site.maps.embedUrl, origin: FRAME_ORIGINS.maps },
  ];
  return embeds
    .filter((embed) => new URL(embed.url).origin !== embed.origin)
    .map((embed) => inFile('content/check', parsed.file, 'names a frame host the site does not allow', [{
      path: embed.path,
      message: `"${embed.url}" is not on ${embed.origin}; frame hosts are set in templates/site/frame-hosts.ts (a change to the site's security policy, reviewed in git), not in content`,
    }]));
}
