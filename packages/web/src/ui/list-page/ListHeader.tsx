import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { QuickSearch, type QuickSearchProps } from './QuickSearch';

export interface ListHeaderTexts {
  search: string;
  selectStart: string;
  selectEnd: string;
}

export interface ListHeaderProps {
  title: string;
  /** Prefix of test ids, e.g. 'items': items-search-open, items-select-start... */
  testId: string;
  texts: ListHeaderTexts;
  /** How many filters the search holds (a badge on 'Wyszukaj'). */
  filters: number;
  onOpenSearch(): void;
  selecting: boolean;
  /** Absent: the user can do nothing with a selection, so the list offers none. */
  onSelectStart: (() => void) | undefined;
  onSelectEnd(): void;
  quickSearch: Omit<QuickSearchProps, 'testId'>;
  /** The list's own buttons (add, generate): hidden while selecting, the selection panel has the floor then. */
  actions?: ReactNode;
}

/**
 * The head of a big list (items, orders; the plugins' logs later): the title with the list's own
 * buttons, then the quick search, 'Wyszukaj' (the slide-out search, with the number of its
 * filters) and the multi-select switch. Wraps on a phone, so nothing leaves the screen.
 */
export function ListHeader(p: ListHeaderProps) {
  const { testId, texts } = p;
  return (
    <div className="mb-3" data-testid={`${testId}-header`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">{p.title}</h1>
        {!p.selecting && p.actions}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <QuickSearch {...p.quickSearch} testId={testId} />
        <Button variant="outline-secondary" onClick={p.onOpenSearch} data-testid={`${testId}-search-open`}>
          <i className="bi bi-funnel me-1" aria-hidden="true" />
          {texts.search}
          {p.filters > 0 && (
            <Badge bg="primary" pill className="ms-1" data-testid={`${testId}-filter-count`}>
              {p.filters}
            </Badge>
          )}
        </Button>
        {p.selecting ? (
          <Button variant="outline-secondary" onClick={p.onSelectEnd} data-testid={`${testId}-select-end`}>
            <i className="bi bi-x-square me-1" aria-hidden="true" />
            {texts.selectEnd}
          </Button>
        ) : (
          p.onSelectStart && (
            <Button variant="outline-secondary" onClick={p.onSelectStart} data-testid={`${testId}-select-start`}>
              <i className="bi bi-check2-square me-1" aria-hidden="true" />
              {texts.selectStart}
            </Button>
          )
        )}
      </div>
    </div>
  );
}
