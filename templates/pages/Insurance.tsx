// Insurance: the 12 accepted plans, self-pay and payment plans, verification, benefits, contact
// links and the coverage disclaimer. No fee amounts.
import { usePage } from '../context.ts';
import { BookButton, CallButton } from '../components/BookOrCall.tsx';
import { Check, ShieldCheck } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import { PageHero, Section } from '../components/Section.tsx';

export function Insurance() {
  const { content, text, href } = usePage();
  const page = text.pages.insurance;
  return (
    <>
      <PageHero title={page.hero.title} text={page.hero.text} />
      <Section id="plans" title={page.plans.title} lead={page.plans.text}>
        <ul className="plans">
          {content.insurance.plans.map((plan) => (
            <li key={plan} className="plan"><Icon icon={ShieldCheck} size={20} /> {plan}</li>
          ))}
        </ul>
      </Section>
      <Section id="self-pay" className="section--tinted" title={page.selfPay.title} lead={page.selfPay.text}>
        <ul className="checklist">
          {page.selfPay.items.map((item) => <li key={item}><Icon icon={Check} size={20} /> {item}</li>)}
        </ul>
        <p className="section__note">{page.selfPay.estimate.text} <a href={href('/good-faith-estimate')}>{page.selfPay.estimate.link}</a></p>
      </Section>
      <Section id="verification" title={page.verification.title} lead={page.verification.text}>
        <ol className="steps">
          {page.verification.steps.map((step) => <li key={step}>{step}</li>)}
        </ol>
      </Section>
      <Section id="benefits" className="section--tinted" title={page.benefits.title}>
        <ul className="cards cards--4">
          {page.benefits.items.map((item) => (
            <li key={item.title} className="card">
              <h3 className="card__title">{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="cta" className="section--cta" title={page.cta.title} lead={page.cta.text}>
        <div className="actions">
          <BookButton />
          <CallButton />
        </div>
      </Section>
      <div className="container">
        <p className="disclaimer" role="note">{page.disclaimer}</p>
      </div>
    </>
  );
}
