import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner, Table } from '@zaplecze/plugin-sdk-web';
import { YEAR_MAX, YEAR_MIN } from '../schemas';
import { modelYears, useMakes, useModels, type Fitment } from './api';

/**
 * A list of fitments (make, model, years from-to) with a row to add one and a button to remove
 * each: the item edit section and the mass edit section edit their lists with it.
 */
export function FitmentsEditor({
  value,
  onChange,
  testId,
}: {
  value: readonly Fitment[];
  onChange: (next: Fitment[]) => void;
  testId: string;
}) {
  const makes = useMakes();
  const models = useModels();
  const [makeId, setMakeId] = useState('');
  const [modelId, setModelId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  const ofMake = useMemo(() => (models.data ?? []).filter((m) => String(m.makeId) === makeId), [models.data, makeId]);

  if (makes.isPending || models.isPending) return <Spinner size="sm" />;
  if (makes.error || models.error) return <Alert variant="danger">Nie udało się wczytać katalogu motocykli.</Alert>;

  const pickModel = (id: string) => {
    setModelId(id);
    const m = ofMake.find((x) => String(x.id) === id);
    if (m) {
      const years = modelYears(m);
      setFrom(String(years.yearFrom));
      setTo(String(years.yearTo));
    }
  };
  const add = () => {
    const m = ofMake.find((x) => String(x.id) === modelId);
    const yearFrom = Number(from);
    const yearTo = Number(to);
    if (!m) return setError('Wybierz markę i model.');
    if (![yearFrom, yearTo].every((y) => Number.isInteger(y) && y >= YEAR_MIN && y <= YEAR_MAX))
      return setError(`Rok musi być liczbą od ${YEAR_MIN} do ${YEAR_MAX}.`);
    if (yearTo < yearFrom) return setError('Rok „do” nie może być wcześniejszy niż rok „od”.');
    setError('');
    if (value.some((f) => f.modelId === m.id && f.yearFrom === yearFrom && f.yearTo === yearTo)) return;
    onChange([
      ...value,
      {
        modelId: m.id,
        makeId: m.makeId,
        makeName: m.makeName,
        modelName: m.name,
        capacity: m.capacity,
        yearFrom,
        yearTo,
      },
    ]);
  };

  return (
    <div data-testid={testId}>
      {value.length === 0 ? (
        <p className="text-secondary small" data-testid={`${testId}-empty`}>
          Brak dopasowań.
        </p>
      ) : (
        <Table size="sm" className="align-middle" data-testid={`${testId}-list`}>
          <thead>
            <tr>
              <th>Marka</th>
              <th>Model</th>
              <th className="text-end">Pojemność</th>
              <th>Roczniki</th>
              <th aria-label="Usuń" />
            </tr>
          </thead>
          <tbody>
            {value.map((f, i) => (
              <tr key={`${f.modelId}-${f.yearFrom}-${f.yearTo}`}>
                <td>{f.makeName}</td>
                <td>{f.modelName}</td>
                <td className="text-end">{f.capacity} cm³</td>
                <td>
                  {f.yearFrom}–{f.yearTo}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    title="Usuń dopasowanie"
                    onClick={() => onChange(value.filter((_, k) => k !== i))}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Row className="g-2 align-items-end">
        <Col sm={3}>
          <Form.Label htmlFor={`${testId}-make`}>Marka</Form.Label>
          <Form.Select
            id={`${testId}-make`}
            size="sm"
            value={makeId}
            onChange={(e) => {
              setMakeId(e.target.value);
              setModelId('');
            }}
          >
            <option value="">— wybierz —</option>
            {(makes.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col sm={4}>
          <Form.Label htmlFor={`${testId}-model`}>Model</Form.Label>
          <Form.Select
            id={`${testId}-model`}
            size="sm"
            value={modelId}
            disabled={!makeId}
            onChange={(e) => pickModel(e.target.value)}
          >
            <option value="">— wybierz —</option>
            {ofMake.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.capacity} cm³)
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} sm={2}>
          <Form.Label htmlFor={`${testId}-from`}>Rok od</Form.Label>
          <Form.Control
            id={`${testId}-from`}
            size="sm"
            inputMode="numeric"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Col>
        <Col xs={6} sm={2}>
          <Form.Label htmlFor={`${testId}-to`}>Rok do</Form.Label>
          <Form.Control
            id={`${testId}-to`}
            size="sm"
            inputMode="numeric"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </Col>
        <Col sm={1}>
          <Button size="sm" variant="outline-primary" className="w-100" onClick={add} data-testid={`${testId}-add`}>
            Dodaj
          </Button>
        </Col>
      </Row>
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
