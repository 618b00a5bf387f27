import { hasPermissionForScreen, type Option } from '@zaplecze/contract';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { useState } from 'react';
import { changedFrom, useLeaveGuard } from '@web/ui/useLeaveGuard';
import { useSaveOptions } from '@web/data/options.api';

/** Whether the signed-in user may change the organisation's settings (else the screens are read-only). */
export function useCanEditSettings(): boolean {
  const { user } = useAuth();
  return hasPermissionForScreen(user?.permissions ?? '', 'main.settings.edit');
}

/** The signed-in user's login, which keys the local (per user and device) settings. */
export function useLocalLogin(): string {
  return useAuth().user?.login ?? '';
}

/**
 * Saves options in one PUT with the toasts of docs/rules/platform-rules.md §8: success 'Zapisano' (with an optional
 * body), failure `errorTitle` (default 'Błąd zapisu!') with the server's message. Answers whether
 * it saved; on failure the screen keeps what was typed.
 */
export function useOptionsSaver(errorTitle?: string) {
  const save = useSaveOptions();
  const toast = useToast();
  const run = async (options: Option[], successBody?: string): Promise<boolean> => {
    try {
      await save.mutateAsync(options);
      toast.success(m().toasts.saved, successBody);
      return true;
    } catch (err) {
      toast.error(errorTitle ?? m().toasts.saveErrorTitle, errorMessage(err));
      return false;
    }
  };
  return { run, saving: save.isPending };
}

/**
 * Guards a settings editor's state (ui/useLeaveGuard): leaving with changes not yet saved asks
 * first. Answers the function to call with the state a save has just written.
 */
export function useUnsavedGuard<T>(state: T): (saved: T) => void {
  const [saved, setSaved] = useState(state);
  useLeaveGuard(changedFrom(state, saved));
  return setSaved;
}
