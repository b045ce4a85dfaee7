import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the section named by the address's #anchor once the document has rendered. */
export function useHashScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
