import { useSyncExternalStore } from 'react';

/** The width under which the view takes its phone layout (the CSS modules' 640 px breakpoint). */
export const phoneQuery = '(max-width: 640px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(phoneQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True on a phone-sized screen, following rotations and resizes. */
export const usePhone = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(phoneQuery).matches,
    () => false,
  );
