// One service's page: lead, book/call, illustration, What We Do, benefits, steps, FAQs, insurance,
// related services (only where the page has them) and the emergency disclaimer.
import { Shared } from 'sitewright';
import { usePage } from '../context.ts';
import { BookButton, BookOrCallSection, CallButton } from '../components/BookOrCall.tsx';
import { escapeHtml, fill, firstSentence, hoursPhrase } from '../lib/format.ts';
import { ArrowRight, Check, TriangleAlert } from '../components/icons.ts';
import { HelpNumbers } from '../components/HelpNumbers.tsx';
import { withHelpNumbersHtml } from '../lib/phones.ts';
import { Icon } from '../components/Icon.tsx';
import { Section } from '../components/Section.tsx';
import { ServiceImage } from '../components/ServiceImage.tsx';

export function ServiceDetail({ slug }: { slug: string }) {
  const { text, href, content, intl } = usePage();
  const { ui } = text;
  const { front, html } = text.services[slug]!;
  // Facts written into the text as words in braces, filled in from the data ({hours}: the opening hours).
  // A sentence's full stop after "p.m." is the abbreviation's own.
  // The phrase is made once a page, when a text asks for it (it was made for every text: ~0.8 s of 4,000 pages).
  // In a text React escapes what is filled in; in a Markdown body's HTML (`escape`) it is escaped here.
  let hours: string | undefined;
  const facts = (words: string, escape = (s: string) => s) => (words.includes('{hours}') ? fill(words, { hours: escape((hours ??= hoursPhrase(intl, content.site.hours, ui))) }) : words).replace(/([ap]\.m\.)\./g, '$1');
  // From the entry itself: the lists hold listed services only, and a hidden aesthetic page is still self-pay.
  const { group } = front;
  // Self-pay: aesthetic treatments, and the exams insurance never pays for. Both point to the Good Faith Estimate.
  const pricing = group === 'aesthetic' ? 'aesthetic' : content.servicesIndex.selfPayExams.includes(slug) ? 'exam' : 'insured';
  const related = content.servicesIndex.related[slug] ?? [];
  return (
    <>
      <div className="page-hero page-hero--service">
        <div className="container page-hero__split">
          <div>
            <nav aria-label={ui.breadcrumbs.label} className="breadcrumbs">
              <ol>
                <li><a href={href('/')}>{text.pages.home.navLabel}</a></li>
                <li><a href={href('/services')}>{text.pages.services.navLabel}</a></li>
                <li><a href={href(`/services/${slug}`)} aria-current="page">{front.name}</a></li>
              </ol>
            </nav>
            <p className="page-hero__eyebrow">{group === 'aesthetic' ? ui.service.aesthetic : ui.service.primary}</p>
            <h1>{front.name}</h1>
            <p className="page-hero__text">{firstSentence(front.description)}</p>
            <div className="actions">
              {/* Same-day needs (urgent care) lead with the call; Call keeps its secondary style. */}
              {front.callFirst ? <><CallButton /><BookButton /></> : <><BookButton /><CallButton /></>}
            </div>
          </div>
          <ServiceImage slug={slug} eager />
        </div>
      </div>

      <Section id="what-we-do" title={ui.service.whatWeDo}>
        <div className="prose" dangerouslySetInnerHTML={{ __html: withHelpNumbersHtml(facts(html, escapeHtml)) }} />
      </Section>

      <Section id="benefits" className="section--tinted" title={ui.service.benefits}>
        <ul className="checklist">
          {front.benefits.map((item) => (
            <li key={item}><Icon icon={Check} size={20} /> {facts(item)}</li>
          ))}
        </ul>
      </Section>

      <Section id="what-to-expect" title={ui.service.whatToExpect}>
        <ol className="steps">
          {front.whatToExpect.map((step) => <li key={step}>{facts(step)}</li>)}
        </ol>
      </Section>

      <Section id="faqs" className="section--tinted" title={ui.service.faqs}>
        <div className="faqs">
          {front.faqs.map((faq) => (
            <div key={faq.q} className="card faq">
              <h3 className="faq__q">{faq.q}</h3>
              {/* Lines typed apart in the answer's box (a list of what to bring) stay apart: a paragraph each. */}
              {facts(faq.a).split(/\s*\n\s*/).filter(Boolean).map((line, i) => <p key={i}><HelpNumbers text={line} /></p>)}
            </div>
          ))}
        </div>
      </Section>

      {/* The same on every service page of a kind (aesthetic, self-pay exam, insured): kept once per kind. */}
      <Shared id="service-pricing" vary={pricing}>
        <Pricing kind={pricing} />
      </Shared>

      {related.length > 0 && (
        <Section id="related" className="section--tinted" title={ui.service.related}>
          <ul className="cards cards--3 related">
            {related.map((other) => (
              <li key={other} className="card">
                <a className="card__link" href={href(`/services/${other}`)}>{text.services[other]!.front.name}</a>
                <p>{firstSentence(text.services[other]!.front.description)}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Shared id="service-closing">
        <div className="container">
          <p className="disclaimer" role="note">
            <Icon icon={TriangleAlert} size={20} /> <HelpNumbers text={ui.service.disclaimer} />
          </p>
        </div>
        <BookOrCallSection />
      </Shared>
    </>
  );
}

/** What the service costs: self-pay with a Good Faith Estimate, or what insurance covers. */
function Pricing({ kind }: { kind: 'aesthetic' | 'exam' | 'insured' }) {
  const { text, href } = usePage();
  const { ui } = text;
  const selfPay = kind === 'aesthetic' ? ui.service.selfPay : kind === 'exam' ? ui.service.examPricing : undefined;
  return selfPay ? (
    <Section id="pricing" title={selfPay.title} lead={selfPay.text}>
      <a className="link-arrow" href={href('/good-faith-estimate')}>{ui.service.selfPayLink} <Icon icon={ArrowRight} size={18} /></a>
    </Section>
  ) : (
    <Section id="pricing" title={ui.service.pricing.title} lead={ui.service.pricing.text}>
      <a className="link-arrow" href={href('/insurance')}>{ui.service.pricingLink} <Icon icon={ArrowRight} size={18} /></a>
    </Section>
  );
}
