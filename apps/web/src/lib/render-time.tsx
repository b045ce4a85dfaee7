import { createContext, useContext, useState, useSyncExternalStore } from 'react';

/**
 * When the BFF rendered the page (epoch ms), for what depends on the clock (the calendar's month
 * and today, the footer's year): the server and the hydrating browser must render the same markup,
 * so both use the render time; right after hydration the browser's own clock takes over.
 * Null when the page was not server-rendered.
 */
export const RenderTimeContext = createContext<number | null>(null);

const noSubscription = () => () => {};

/**
 * The time in ms: the render time while rendering on the server or hydrating, else when the
 * component mounted.
 */
export function useNow(): number {
  const renderedAt = useContext(RenderTimeContext);
  const [mountedAt] = useState(() => Date.now());
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return hydrating && renderedAt !== null ? renderedAt : mountedAt;
}
