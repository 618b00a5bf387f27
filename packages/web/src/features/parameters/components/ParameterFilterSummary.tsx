import { MAIN_PARAMETERS_CAT_ID } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import { nodeLabel } from '@web/features/catalog-trees/tree-model';
import { useCategories } from '@web/data/trees.api';
import { format } from '@web/i18n';
import type { ParameterCriteria } from '../urls';
import { parametersText } from '../texts';

export interface ParameterFilterSummaryProps {
  criteria: ParameterCriteria;
  onClear(): void;
}

/** What the list is filtered by, above the table, with a button to show every parameter again. */
export function ParameterFilterSummary({ criteria, onClear }: ParameterFilterSummaryProps) {
  const t = parametersText().list;
  const categories = useCategories();
  // 'Parametry główne' (catId -1) has no category to name.
  const main = criteria.catId === MAIN_PARAMETERS_CAT_ID;
  const category = categories.data?.find((c) => c.id === criteria.catId);
  const label = category ? nodeLabel(category) : `#${criteria.catId ?? ''}`;
  return (
    <div
      className="d-flex align-items-center gap-2 mb-3 px-3 py-2 bg-body border rounded small"
      data-testid="parameters-filter"
    >
      <i className="bi bi-funnel-fill text-secondary" aria-hidden="true" />
      <span className="flex-grow-1" style={{ minWidth: 0 }}>
        {main ? (
          t.filterMain
        ) : (
          <>
            {format(t.filterCategory, { category: label })}
            <span className="text-muted">, {criteria.isCatStrict ? t.filterStrict : t.filterWithParents}</span>
          </>
        )}
      </span>
      <Button
        size="sm"
        variant="link"
        className="p-0 text-nowrap"
        onClick={onClear}
        data-testid="parameters-filter-clear"
      >
        {t.filterClear}
      </Button>
    </div>
  );
}
