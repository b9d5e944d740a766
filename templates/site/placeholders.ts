// Fictitious values that must not ship (decisions.md): build lists them as warnings; --strict fails.
import type { Warning } from 'sitewright';
import type { SiteContent } from '../content-types.ts';

export function findPlaceholders(content: SiteContent, { contentDir, baseUrl }: { contentDir: string; baseUrl: string }): Warning[] {
  const { site } = content;
  const file = `${contentDir}/site.yaml`;
  const warnings: Warning[] = [];
  const warn = (key: string, value: string, why: string) => warnings.push({ file, message: `${key}: "${value}" ${why}` });
  if (/555-01\d\d/.test(site.phone.display)) warn('phone', site.phone.display, 'is a fictitious 555-01xx number');
  const exampleHost = (url: string) => /(^|\.)example\.(com|org|net)$/.test(new URL(url).hostname);
  if (/@example\.(com|org|net)$/.test(site.email)) warn('email', site.email, 'is an example.com address');
  if (exampleHost(baseUrl)) warn('baseUrl', baseUrl, 'is an example domain (set it or pass --base-url)');
  if (exampleHost(site.leadForm.host)) warn('leadForm.host', site.leadForm.host, 'is a placeholder form provider');
  for (const [locale, id] of Object.entries(site.leadForm.formId)) {
    if (/placeholder/i.test(id)) warn(`leadForm.formId.${locale}`, id, `is a placeholder form id (the ${locale} booking form)`);
  }
  if (/placeholder/i.test(site.maps.placeId)) warn('maps.placeId', site.maps.placeId, 'is a placeholder place id');
  site.social.forEach((s, i) => {
    if (/\/example\/?$/.test(new URL(s.url).pathname)) warn(`social[${i}].url`, s.url, 'is a placeholder profile');
  });
  const { civilRights } = site;
  if (civilRights.coordinatorName === null) warn('civilRights.coordinatorName', 'null', 'is not set: the Section 1557 coordinator is to be named (the page says so meanwhile)');
  if (!civilRights.groundsReviewed) warn('civilRights.groundsReviewed', 'false', "means the protected grounds on /nondiscrimination (the 2024 Section 1557 rule, parts of which courts have stayed) await the practice's legal review");
  const unreviewed = content.taglines.filter((t) => !t.reviewed).map((t) => t.lang);
  if (unreviewed.length) warnings.push({ file: `${contentDir}/language-assistance.yaml`, message: `${unreviewed.length} taglines await review by a qualified translator (reviewed: false): ${unreviewed.join(', ')}` });
  const samples = content.reviews.filter((r) => r.sample).length;
  if (samples) warnings.push({ file: `${contentDir}/reviews.yaml`, message: `${samples} reviews are marked as samples (sample: true)` });
  return warnings;
}
