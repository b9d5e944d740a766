// The home page's plans are picked in the editor from the list of plans accepted. A plan later renamed in the list with
// other capitals, spaces or punctuation ("United Healthcare" → "UnitedHealthcare") is shown as the list now writes it; a
// plan taken off the list leaves the home page by itself. Neither stops publishing: the editor shows such a name without
// the × that would remove it, so the office could not mend it there.
import type { Insurance } from '../schema.ts';

const loose = (name: string) => name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** The home page's plans that are still accepted, each as the list writes it, once. */
export const teaserPlans = (insurance: Insurance): string[] => [
  ...new Set(insurance.teaser.flatMap((plan) => (insurance.plans.includes(plan) ? [plan] : insurance.plans.filter((p) => loose(p) === loose(plan)).slice(0, 1)))),
];
