// False in the server's HTML and on the first client render, true once the island is live.
// Islands render plain links until then, so every page works with JavaScript off.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
