// Closing behaviour shared by the widgets: Escape inside the widget closes it and returns focus to
// its toggle button; focus or a pointer press moving outside the widget closes it.
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

/** Returns the keydown handler to put on the widget's root element. */
export function useDismiss(open: boolean, close: (refocus: boolean) => void, root: RefObject<HTMLElement | null>): (event: KeyboardEvent) => void {
  // Listening from the moment the widget opens (a layout effect, run as the open state is rendered),
  // not after the next paint: a keyboard user who tabs straight past it must still close it.
  useLayoutEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    document.addEventListener('focusin', onOutside);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open, close, root]);
  // A handler on the element itself, not a document listener added after rendering, so an Escape
  // pressed right after opening is never missed.
  return (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };
}
