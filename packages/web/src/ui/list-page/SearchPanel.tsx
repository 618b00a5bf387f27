import { PER_PAGE_OPTIONS } from '@zaplecze/contract';
import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Row from 'react-bootstrap/Row';

export interface SearchPanelProps {
  show: boolean;
  onHide(): void;
  title: string;
  /** Prefix of test ids, e.g. 'items': items-search. */
  testId: string;
  /** The list's search form: mounted only while the panel is open, so it opens with the URL's criteria. */
  children: ReactNode;
}

/** The slide-out search of a big list (items, orders): as wide as a form, never wider than the screen. */
export function SearchPanel({ show, onHide, title, testId, children }: SearchPanelProps) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="end"
      className="list-search-panel"
      data-testid={`${testId}-search`}
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title>{title}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{show && children}</Offcanvas.Body>
    </Offcanvas>
  );
}

export interface SearchPanelFormProps {
  /** Prefix of test ids: items-search-form, items-search-clear, items-search-run. */
  testId: string;
  onSubmit(e: FormEvent): void;
  onClear(): void;
  texts: { clear: string; run: string };
  /** The list's own fields. */
  children: ReactNode;
}

/** The form of a search panel: the list's fields, then 'Wyczyść' and 'Szukaj'. */
export function SearchPanelForm({ testId, onSubmit, onClear, texts, children }: SearchPanelFormProps) {
  return (
    <Form onSubmit={onSubmit} data-testid={`${testId}-search-form`} noValidate>
      {children}
      <div className="list-search-actions d-flex gap-2 justify-content-end mt-3">
        <Button variant="outline-secondary" onClick={onClear} data-testid={`${testId}-search-clear`}>
          {texts.clear}
        </Button>
        <Button type="submit" variant="primary" data-testid={`${testId}-search-run`}>
          <i className="bi bi-search me-1" aria-hidden="true" />
          {texts.run}
        </Button>
      </div>
    </Form>
  );
}

/** One labelled field of a search form. */
export function SearchField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Form.Group className="mb-2">
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      {children}
    </Form.Group>
  );
}

export interface SortPageSizeFieldsProps<Sort extends string> {
  /** Prefix of ids and test ids: items-search-sort, items-search-perPage. */
  testId: string;
  sorts: readonly Sort[];
  sortLabels: Record<Sort, string>;
  sort: Sort;
  onSort(sort: Sort): void;
  /** The page size as the form holds it (text). */
  perPage: string;
  onPerPage(perPage: string): void;
  texts: { sort: string; perPage: string };
}

/** The last row of a search form: the sort and the page size (PER_PAGE_OPTIONS). */
export function SortPageSizeFields<Sort extends string>(p: SortPageSizeFieldsProps<Sort>) {
  const sortId = `${p.testId}-search-sort`;
  const perPageId = `${p.testId}-search-perPage`;
  return (
    <Row className="g-2">
      <Col>
        <SearchField id={sortId} label={p.texts.sort}>
          <Form.Select
            id={sortId}
            value={p.sort}
            onChange={(e) => p.onSort(e.target.value as Sort)}
            data-testid={sortId}
          >
            {p.sorts.map((s) => (
              <option key={s} value={s}>
                {p.sortLabels[s]}
              </option>
            ))}
          </Form.Select>
        </SearchField>
      </Col>
      <Col>
        <SearchField id={perPageId} label={p.texts.perPage}>
          <Form.Select
            id={perPageId}
            value={p.perPage}
            onChange={(e) => p.onPerPage(e.target.value)}
            data-testid={perPageId}
          >
            {PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </Form.Select>
        </SearchField>
      </Col>
    </Row>
  );
}
