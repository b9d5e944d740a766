// Checks the clinics against what site.yaml says of them: the clinic named for mailed grievances exists.
import { didYouMean, inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Location, Site } from '../schema.ts';

export function checkLocations(locations: Location[], parsed: ParsedContentFile, earlier: { site?: Site }): Problem[] {
  const mailing = earlier.site?.civilRights.mailingLocation;
  if (mailing === undefined || locations.some((l) => l.id === mailing)) return [];
  const ids = locations.map((l) => l.id);
  return [inFile('content/check', parsed.file, 'has no clinic site.yaml names for mailed grievances', [{ path: 'civilRights.mailingLocation', message: `"${mailing}" (in site.yaml) is not a clinic id${didYouMean(mailing, ids)}; clinics are ${ids.join(', ')}` }])];
}
