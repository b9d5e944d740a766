// An icon as inline SVG, decorative: the text beside it (or the control's label) carries the meaning.
import type { IconNode } from 'lucide';

export function Icon({ icon, size = 20, className }: { icon: IconNode; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icon.map(([Tag, attrs], i) => <Tag key={i} {...(attrs as object)} />)}
    </svg>
  );
}
