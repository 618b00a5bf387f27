import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useModals } from '@web/platform/modals/ModalProvider';
import { uiText } from './texts';

/**
 * THE guard of a form with unsaved changes (docs/decisions.md, Forms): while `dirty`, leaving the
 * page inside the app asks 'Masz niezapisane zmiany...' in the app's confirm dialog, and closing or
 * reloading the tab gets the browser's own question. A change of the query string alone (the same
 * page) is no leaving. Call `release()` right before a navigation the form itself makes after a
 * successful save.
 */
export function useLeaveGuard(dirty: boolean): { release(): void } {
  const modals = useModals();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // The blocker object changes with every render; the question is asked once per blocked attempt.
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    const t = uiText().leave;
    void modals.confirm({ title: t.title, message: t.message, yesLabel: t.leave, noLabel: t.stay }).then((leave) => {
      const b = blockerRef.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocked, modals]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    release: useCallback(() => {
      released.current = true;
    }, []),
  };
}

/** Whether two plain values (form states of JSON-like data) differ. */
export function changedFrom<T>(now: T, saved: T): boolean {
  return JSON.stringify(now) !== JSON.stringify(saved);
}
