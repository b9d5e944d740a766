// A note with tap-to-call numbers: the emergency notes (911, 988, Poison Control) and the relay (711).
import { RELAY, withHelpNumbers } from '../lib/phones.ts';

export function HelpNumbers({ text }: { text: string }) {
  // One span: the notes sit beside an icon in a flex row, where each loose piece would be a column.
  return (
    <span>
      {withHelpNumbers(text).map((part, i) => (typeof part === 'string' ? part : <a key={i} className="nowrap" href={`tel:${part.tel}`}>{part.display}</a>))}
    </span>
  );
}

/** "TTY: 711" beside the practice's number, for callers who use a relay service. */
export function Relay({ label }: { label: string }) {
  return <span className="relay">{label}: <a href={`tel:${RELAY.tel}`}>{RELAY.display}</a></span>;
}
