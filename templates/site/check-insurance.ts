// Checks the plans: the home page's teaser names plans of the list, written as the list writes them.
import { didYouMean, inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Insurance } from '../schema.ts';

export function checkInsurance(insurance: Insurance, parsed: ParsedContentFile): Problem[] {
  return insurance.teaser.flatMap((plan, i) =>
    insurance.plans.includes(plan) ? [] : [inFile('content/check', parsed.file, 'names a plan the list does not have', [{ path: `teaser[${i}]`, message: `"${plan}" is not in plans${didYouMean(plan, insurance.plans)}` }], parsed.positionOf(['teaser', i]))],
  );
}
