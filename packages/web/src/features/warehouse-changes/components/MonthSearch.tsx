import { WAREHOUSE_YEAR_MAX, WAREHOUSE_YEAR_MIN } from '@zaplecze/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { format } from '@web/i18n';
import { monthOptions, parseYear } from '../month';
import { warehouseChangesText } from '../texts';

interface Props {
  year: number;
  month: number;
  onShow(m: { year: number; month: number }): void;
}

/** Month dropdown, year field and 'Pokaż': the month is shown only on 'Pokaż' (or Enter). */
export function MonthSearch({ year, month, onShow }: Props) {
  const t = warehouseChangesText();
  // The shown month is the key of the parent's instance, so the fields follow a URL change.
  const [draftMonth, setDraftMonth] = useState(month);
  const [draftYear, setDraftYear] = useState(String(year));
  const parsedYear = parseYear(draftYear);
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (parsedYear !== undefined) onShow({ year: parsedYear, month: draftMonth });
      }}
      data-testid="warehouse-search"
    >
      <Form.Group controlId="warehouse-month">
        <Form.Label className="small mb-1">{t.search.month}</Form.Label>
        <Form.Select
          size="sm"
          value={draftMonth}
          onChange={(e) => setDraftMonth(Number(e.target.value))}
          data-testid="warehouse-month"
        >
          {monthOptions(t.months).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="warehouse-year">
        <Form.Label className="small mb-1">{t.search.year}</Form.Label>
        <Form.Control
          size="sm"
          type="number"
          min={WAREHOUSE_YEAR_MIN}
          max={WAREHOUSE_YEAR_MAX}
          step={1}
          style={{ width: '7rem' }}
          value={draftYear}
          isInvalid={parsedYear === undefined}
          onChange={(e) => setDraftYear(e.target.value)}
          data-testid="warehouse-year"
        />
        <Form.Control.Feedback type="invalid" tooltip>
          {format(t.search.yearInvalid, { min: WAREHOUSE_YEAR_MIN, max: WAREHOUSE_YEAR_MAX })}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" size="sm" disabled={parsedYear === undefined} data-testid="warehouse-show">
        <i className="bi bi-search me-1" aria-hidden="true" />
        {t.search.show}
      </Button>
    </Form>
  );
}
