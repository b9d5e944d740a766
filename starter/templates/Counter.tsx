// A small interactive widget: a button that counts its clicks.
import { useState } from 'react';

export function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label}: <output>{count}</output>
    </button>
  );
}
