// Checks the clinics against what site.yaml says of them: the clinic named for mailed grievances exists,
// and a clinic's own hours do not close it by accident on days the practice opens.
import { didYouMean, inFile, type ParsedContentFile, type Plugin, type Problem } from 'sitewright';
import { DAY_NAMES, type Location, type Site } from '../schema.ts';

export function checkLocations(locations: Location[], parsed: ParsedContentFile, earlier: { site?: Site }): Problem[] {
  const mailing = earlier.site?.civilRights.mailingLocation;
  if (mailing === undefined || locations.some((l) => l.id === mailing)) return [];
  const ids = locations.map((l) => l.id);
  return [inFile('content/check', parsed.file, 'has no clinic site.yaml names for mailed grievances', [{ path: 'civilRights.mailingLocation', message: `"${mailing}" (in site.yaml) is not a clinic id${didYouMean(mailing, ids)}; clinics are ${ids.join(', ')}` }])];
}

/**
 * A clinic that lists its own hours shows every other day as closed. When those hours leave out days
 * the practice opens, that is usually a row added for one day (Saturday) rather than the whole week:
 * a warning names the clinic and the days, so nobody publishes "Monday – Friday Closed" unawares.
 */
export function clinicHoursGaps<C extends { site: Site; locations: Location[] }>(): Plugin<C> {
  return {
    name: 'clinic-hours',
    warnings(content, { contentDir }) {
      const practiceDays = new Set(content.site.hours.flatMap((row) => row.days));
      return content.locations.flatMap((clinic) => {
        if (!clinic.hours) return [];
        const own = new Set(clinic.hours.flatMap((row) => row.days));
        const missing = [...practiceDays].filter((day) => !own.has(day));
        if (!missing.length) return [];
        const days = missing.map((day) => DAY_NAMES[day]).join(', ');
        return [{ file: `${contentDir}/locations.yaml`, message: `Clinics › ${clinic.city} › Opening hours: the website will show ${clinic.city} closed on ${days}, which the practice's hours (Site settings) open. If ${clinic.city} is open then, add those days to its hours; to use the practice's hours, empty the clinic's list.` }];
      });
    },
  };
}
