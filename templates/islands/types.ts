// Props the islands receive: plain, serialisable data prepared on the server.
export interface NavLink {
  /** The page's registry id, for main navigation links. */
  id?: string;
  label: string;
  href: string;
  current?: boolean;
}

export interface ServicesLinks {
  label: string;
  href: string;
  allLabel: string;
  aestheticHeading: string;
  primary: NavLink[];
  aesthetic: NavLink[];
}
