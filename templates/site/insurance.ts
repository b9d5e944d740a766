// The home page's plans, picked in the editor from the list of plans accepted (which drops, on save, a plan the list no
// longer has). In a file written elsewhere, a plan renamed in the list with other capitals, spaces or punctuation
// ("United Healthcare" → "UnitedHealthcare") is shown as the list now writes it, and one taken off the list is left out:
// neither stops publishing.
import type { Insurance } from '../schema.ts';

const loose = (name: string) => name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** The home page's plans that are still accepted, each as the list writes it, once. */
export const teaserPlans = (insurance: Insurance): string[] => [
  ...new Set(insurance.teaser.flatMap((plan) => (insurance.plans.includes(plan) ? [plan] : insurance.plans.filter((p) => loose(p) === loose(plan)).slice(0, 1)))),
];
