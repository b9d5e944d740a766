// About: mission, the four values, team, community and a call to action.
import { usePage } from '../context.ts';
import { BookButton, CallButton } from '../components/BookOrCall.tsx';
import { HeartHandshake, ShieldCheck, Star, Users } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import { PageHero, Section } from '../components/Section.tsx';

const VALUE_ICONS = [HeartHandshake, Users, ShieldCheck, Star];

export function About() {
  const { text } = usePage();
  const { about } = text.pages;
  return (
    <>
      <PageHero title={about.hero.title} text={about.hero.text} />
      <Section id="mission" title={about.mission.title} lead={about.mission.text} />
      <Section id="values" className="section--tinted" title={about.values.title}>
        <ul className="cards cards--4">
          {about.values.items.map((value, i) => {
            return (
              <li key={value.title} className="card value">
                <Icon icon={VALUE_ICONS[i]!} size={28} className="card__icon" />
                <h3 className="card__title">{value.title}</h3>
                <p>{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="team" title={about.team.title} lead={about.team.text} />
      <Section id="community" className="section--tinted" title={about.community.title} lead={about.community.text} />
      <Section id="cta" className="section--cta" title={about.cta.title} lead={about.cta.text}>
        <div className="actions">
          <BookButton />
          <CallButton />
        </div>
      </Section>
    </>
  );
}
