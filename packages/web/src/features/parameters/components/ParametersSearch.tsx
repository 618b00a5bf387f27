import { MAIN_PARAMETERS_CAT_ID } from '@zaplecze/contract';
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { NodePicker } from '@web/features/catalog-trees/components/NodePicker';
import { useCategories } from '@web/data/trees.api';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';

import { normalizeCriteria, type ParameterCriteria } from '../urls';
import { treesText } from '@web/features/catalog-trees/texts';
import { parametersText } from '../texts';

export interface ParametersSearchProps {
  show: boolean;
  onHide(): void;
  /** The criteria in the URL now (the form opens with them). */
  criteria: ParameterCriteria;
  onSearch(criteria: ParameterCriteria): void;
}

/** The slide-out search of the parameter list (docs/rules/catalogue-and-orders-rules.md §2.9). */
export function ParametersSearch({ show, onHide, criteria, onSearch }: ParametersSearchProps) {
  const t = parametersText().search;
  return (
    <Offcanvas show={show} onHide={onHide} placement="end" data-testid="parameters-search">
      <Offcanvas.Header closeButton>
        <Offcanvas.Title>{t.title}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {/* Mounted per opening, so it starts from the criteria in the URL. */}
        {show && <SearchForm criteria={criteria} onSearch={onSearch} />}
      </Offcanvas.Body>
    </Offcanvas>
  );
}

function SearchForm({ criteria, onSearch }: Pick<ParametersSearchProps, 'criteria' | 'onSearch'>) {
  const t = parametersText().search;
  const categories = useCategories();
  const toast = useToast();
  useEffect(() => {
    if (categories.error) toast.error(treesText().categories.loadErrorTitle, errorMessage(categories.error));
  }, [categories.error, toast]);
  const [category, setCategory] = useState(criteria.catId === undefined ? '' : String(criteria.catId));
  const [strict, setStrict] = useState(criteria.isCatStrict);
  // Strictness needs a real category: with none or main parameters it is off and cleared (§5).
  const strictAllowed = category !== '' && category !== String(MAIN_PARAMETERS_CAT_ID);

  const chooseCategory = (value: string) => {
    setCategory(value);
    if (value === '' || value === String(MAIN_PARAMETERS_CAT_ID)) setStrict(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(normalizeCriteria({ catId: category === '' ? undefined : Number(category), isCatStrict: strict }));
  };

  return (
    <Form onSubmit={submit} data-testid="parameters-search-form">
      <Form.Group className="mb-3">
        <Form.Label htmlFor="parameters-search-category">{t.category}</Form.Label>
        <NodePicker
          kind="categories"
          id="parameters-search-category"
          value={category}
          onChange={chooseCategory}
          nodes={categories.data ?? []}
          leading={[
            { value: '', label: t.none },
            { value: String(MAIN_PARAMETERS_CAT_ID), label: t.main },
          ]}
          testId="parameters-search-category"
        />
      </Form.Group>
      <Form.Group className="mb-4" controlId="parameters-search-strict">
        <Form.Check
          type="checkbox"
          label={t.strict}
          checked={strict}
          disabled={!strictAllowed}
          onChange={(e) => setStrict(e.target.checked)}
          data-testid="parameters-search-strict"
        />
        <Form.Text muted>{t.strictHint}</Form.Text>
      </Form.Group>
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={() => chooseCategory('')} data-testid="parameters-search-clear">
          {t.clear}
        </Button>
        <Button type="submit" variant="primary" data-testid="parameters-search-run">
          <i className="bi bi-search me-1" aria-hidden="true" />
          {t.run}
        </Button>
      </div>
    </Form>
  );
}
