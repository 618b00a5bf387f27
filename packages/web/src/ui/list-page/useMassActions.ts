import { TOAST } from '@zaplecze/contract';
import { errorMessage } from '@web/platform/api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, pluralPl } from '@web/i18n';
import type { PluralForms } from '@web/i18n/plural';
import { massFailure, type MassResultOf } from '../batches';
import { ReportDialog } from '../ReportDialog';
import type { MultiSelect } from '../useMultiSelect';

export interface MassActionsTexts {
  massEditEmptyTitle: string;
  massEditEmpty: string;
  nothingTitle: string;
  nothing: string;
  deleteTitle: string;
  deleteConfirm: PluralForms;
  deleteErrorTitle: string;
  reportTitle: string;
}

export interface MassActionsOptions<Result extends MassResultOf<unknown, unknown>> {
  select: MultiSelect;
  texts: MassActionsTexts;
  /** Opens the mass edit of these ids (stores the selection, navigates). */
  massEdit(ids: number[]): void;
  /** The mass delete in batches (a failed batch throws massFailure with what was done). */
  massDelete(ids: number[]): Promise<Result>;
  /** The bulk report of what the mass delete did. */
  report(result: Result): { text: string; fileName: string };
}

/**
 * The selection's mass edit and mass delete of a big list: nothing selected is a warning; the
 * delete asks first, ends the multi-select and shows the bulk report (also of the batches done
 * before one failed).
 */
export function useMassActions<Result extends MassResultOf<unknown, unknown>>(o: MassActionsOptions<Result>) {
  const toast = useToast();
  const modals = useModals();
  const { select, texts: t } = o;

  const onMassEdit = () => {
    if (select.selectedIds.length === 0) {
      toast.warning(t.massEditEmptyTitle, t.massEditEmpty, 6);
      return;
    }
    o.massEdit(select.selectedIds);
  };

  const onMassDelete = async () => {
    const ids = select.selectedIds;
    if (ids.length === 0) {
      toast.warning(t.nothingTitle, t.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    const yes = await modals.confirm({
      title: t.deleteTitle,
      message: format(pluralPl(ids.length, t.deleteConfirm), { n: ids.length }),
    });
    if (!yes) return;
    let result: Result | undefined;
    try {
      result = await o.massDelete(ids);
    } catch (err) {
      const failed = massFailure<Result>(err);
      toast.error(t.deleteErrorTitle, errorMessage(failed.cause), TOAST.downloadErrorSeconds);
      result = failed.done;
    }
    select.end();
    if (result) await modals.open(ReportDialog, o.report(result), t.reportTitle);
  };

  return { onMassEdit, onMassDelete: () => void onMassDelete() };
}
