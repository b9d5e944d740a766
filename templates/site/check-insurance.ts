// Checks the plans: the home page's teaser names plans of the list, written as the list writes them. A name that is
// a plan's but for capitals, spaces or punctuation is a slip, refused; any other name is a plan taken off the list,
// which the home page leaves out by itself (teaserPlans): the office removes a plan in one place.
import { inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Insurance } from '../schema.ts';

const loose = (name: string) => name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

export function checkInsurance(insurance: Insurance, parsed: ParsedContentFile): Problem[] {
  return insurance.teaser.flatMap((plan, i) => {
    const meant = insurance.plans.includes(plan) ? undefined : insurance.plans.find((p) => loose(p) === loose(plan));
    return meant ? [inFile('content/check', parsed.file, 'names a plan the list does not have', [{ path: `teaser[${i}]`, message: `"${plan}" is not in plans (did you mean "${meant}"?)` }], parsed.positionOf(['teaser', i]))] : [];
  });
}

/** The home page's plans that are still accepted. */
export const teaserPlans = (insurance: Insurance): string[] => insurance.teaser.filter((plan) => insurance.plans.includes(plan));
