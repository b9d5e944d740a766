// Closing behaviour shared by the widgets: Escape closes and returns focus to the toggle button;
// focus or a click moving outside the widget closes it.
import { useEffect, type RefObject } from 'react';

export function useDismiss(open: boolean, close: (refocus: boolean) => void, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onOutside = (event: Event) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open, close, root]);
}
