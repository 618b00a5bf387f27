import { SUMMARY_YEAR_MAX, SUMMARY_YEAR_MIN, type IncomeSource, type OrderStatus } from '@zaplecze/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { format, pluralPl } from '@web/i18n';
import { ColorBadge } from '@web/ui/ColorBadge';
import { monthOptions } from '@web/ui/month';
import type { SummaryRequest } from '../orders-summary.api';
import { parseSummaryYear } from '../summary-request';
import { ordersSummaryText } from '../texts';

export interface SummaryFiltersProps {
  initial: SummaryRequest;
  statuses: readonly OrderStatus[];
  incomeSources: readonly IncomeSource[];
  onShow(request: SummaryRequest): void;
}

/**
 * Month, year, income source (empty = all) and a multi-selection of statuses (none = all), then
 * 'Pokaż' (docs/rules/catalogue-and-orders-rules.md §2.18). Nothing is asked before 'Pokaż' (or Enter).
 */
export function SummaryFilters({ initial, statuses, incomeSources, onShow }: SummaryFiltersProps) {
  const t = ordersSummaryText();
  const s = t.search;
  const [month, setMonth] = useState(initial.month);
  const [year, setYear] = useState(String(initial.year));
  const [source, setSource] = useState(initial.incomeSourceId ? String(initial.incomeSourceId) : '');
  const [chosen, setChosen] = useState<number[]>([...initial.statuses]);
  const parsedYear = parseSummaryYear(year);
  const toggle = (id: number) =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id].sort((a, b) => a - b)));
  const chosenLabel =
    chosen.length === 0 ? s.allStatuses : format(pluralPl(chosen.length, s.statusesChosen), { n: chosen.length });
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 mb-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (parsedYear === undefined) return;
        onShow({
          year: parsedYear,
          month,
          incomeSourceId: source === '' ? undefined : Number(source),
          statuses: chosen,
        });
      }}
      data-testid="summary-search"
    >
      <Form.Group controlId="summary-month">
        <Form.Label className="small mb-1">{s.month}</Form.Label>
        <Form.Select
          size="sm"
          value={month}
          onChange={(e) => setMonth(Number(e.target.value))}
          data-testid="summary-month"
        >
          {monthOptions(t.months).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="summary-year" className="position-relative">
        <Form.Label className="small mb-1">{s.year}</Form.Label>
        <Form.Control
          size="sm"
          type="number"
          min={SUMMARY_YEAR_MIN}
          max={SUMMARY_YEAR_MAX}
          step={1}
          style={{ width: '7rem' }}
          value={year}
          isInvalid={parsedYear === undefined}
          onChange={(e) => setYear(e.target.value)}
          data-testid="summary-year"
        />
        <Form.Control.Feedback type="invalid" tooltip>
          {s.yearInvalid}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="summary-source">
        <Form.Label className="small mb-1">{s.incomeSource}</Form.Label>
        <Form.Select size="sm" value={source} onChange={(e) => setSource(e.target.value)} data-testid="summary-source">
          <option value="">{s.anySource}</option>
          {incomeSources.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group>
        <Form.Label className="small mb-1 d-block">{s.statuses}</Form.Label>
        <Dropdown autoClose="outside">
          <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid="summary-statuses">
            {chosenLabel}
          </Dropdown.Toggle>
          <Dropdown.Menu className="p-2" style={{ minWidth: '16rem', maxHeight: '20rem', overflowY: 'auto' }}>
            {statuses.map((st) => (
              <Form.Check
                key={st.id}
                id={`summary-status-${st.id}`}
                type="checkbox"
                className="mb-1"
                checked={chosen.includes(st.id)}
                onChange={() => toggle(st.id)}
                label={<ColorBadge color={st.color}>{st.name}</ColorBadge>}
                data-testid={`summary-status-${st.id}`}
              />
            ))}
            <Button
              size="sm"
              variant="link"
              className="px-0"
              disabled={chosen.length === 0}
              onClick={() => setChosen([])}
              data-testid="summary-statuses-clear"
            >
              {s.clearStatuses}
            </Button>
          </Dropdown.Menu>
        </Dropdown>
      </Form.Group>
      <Button type="submit" size="sm" disabled={parsedYear === undefined} data-testid="summary-show">
        <i className="bi bi-bar-chart me-1" aria-hidden="true" />
        {s.show}
      </Button>
    </Form>
  );
}
