import { BARCODE_MAX_CODES, TOAST } from '@zaplecze/contract';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import type { ValueError, ValuesResult } from '../reader-values';
import { barcodePrintsText } from '../texts';

/**
 * Applies an add or generate result: the new list, or a warning with the refusal of
 * docs/rules/platform-rules.md §5 (8 s, like the other validation warnings). `invalid` names the range.
 */
export function useAddFeedback() {
  const toast = useToast();
  return (result: ValuesResult, apply: (values: number[]) => void, invalid: string): boolean => {
    const t = barcodePrintsText();
    if (result.ok) {
      if (result.added === 0) toast.info(t.addErrorTitle, t.nothingNew, TOAST.vatCurrencyWarningSeconds);
      else apply(result.values);
      return true;
    }
    const messages: Record<ValueError, string> = {
      zero: t.zero,
      duplicate: t.duplicate,
      notPositive: t.notPositive,
      invalid,
      tooMany: format(t.tooMany, { max: BARCODE_MAX_CODES }),
    };
    toast.warning(t.addErrorTitle, messages[result.error], TOAST.vatCurrencyWarningSeconds);
    return false;
  };
}
