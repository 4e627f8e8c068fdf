import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that turns itself off `ms` after each `show()` (SPEC §9 notices). */
export function useTimedFlag(ms: number): { visible: boolean; show: () => void; hide: () => void } {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(false);
  }, []);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { visible, show, hide };
}
