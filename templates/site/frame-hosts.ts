// The outside services this site's pages show in frames: the lead form's provider and the maps
// embed. They are policy, reviewed in git: the CSP allows exactly these origins, and content (which
// staff edit in the browser) may change a form id or a place id, never a host.
export const FRAME_ORIGINS = {
  /** PLACEHOLDER: the lead-management provider's origin, once the practice has chosen it. */
  leadForm: 'https://forms.example.com',
  maps: 'https://www.google.com',
} as const;
