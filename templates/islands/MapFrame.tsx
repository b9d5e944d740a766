// A clinic's map, loaded only when the visitor asks for it: nothing is requested from the maps host
// before. Without JavaScript the card's "Get directions" link is the way (this renders nothing).
import { useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

export function MapFrame({ src, title, label }: { src: string; title: string; label: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <iframe
        className="embed embed--map"
        src={src}
        title={title}
        height={300}
        referrerPolicy="no-referrer-when-downgrade"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      />
    );
  }
  if (!hydrated) return null;
  return <button type="button" className="btn btn--outline" onClick={() => setShown(true)}>{label}</button>;
}
