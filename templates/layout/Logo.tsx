// The practice's mark: a teal tile with a white cross and a warm heart (the same drawing as static/favicon.svg).
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b5f5a" />
      <path d="M32 16v32M16 32h32" stroke="#fff" strokeWidth="12" strokeLinecap="round" />
      <path d="M0 10C-4-2-24-2-24 14C-24 28-6 36 0 44C6 36 24 28 24 14C24-2 4-2 0 10Z" transform="translate(32 26.2) scale(.26)" fill="#f4a259" />
    </svg>
  );
}
