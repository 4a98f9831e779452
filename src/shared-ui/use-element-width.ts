import { useEffect, useState, type RefObject } from 'react';

/** The element's content width in whole px, kept up to date as it resizes (0 before it mounts). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [widthPx, setWidthPx] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (): void => setWidthPx(Math.floor(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return widthPx;
}
