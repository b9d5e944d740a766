// A page section with a heading; the id lets other pages link to it.
import type { ReactNode } from 'react';

export function Section({ id, title, lead, className, children, level = 2 }: { id?: string; title: string; lead?: string; className?: string; children?: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className={`section ${className ?? ''}`.trim()} aria-labelledby={headingId}>
      <div className="container">
        <Heading id={headingId} className="section__title">{title}</Heading>
        {lead && <p className="section__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/** The coloured band at the top of inner pages. */
export function PageHero({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        {text && <p className="page-hero__text">{text}</p>}
        {children}
      </div>
    </div>
  );
}
