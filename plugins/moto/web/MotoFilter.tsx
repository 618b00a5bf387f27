import { useMemo } from 'react';
import { Col, Form, Row } from '@zaplecze/plugin-sdk-web';
import { useMakes, useModels } from './api';

/**
 * The motorcycle filter of the items search (slot items.search.filters): make, model and year,
 * sent to GET /items as motoMakeId, motoModelId and motoYear.
 */
export default function MotoFilter({
  value,
  onChange,
}: {
  value: Readonly<Record<string, string>>;
  onChange: (value: Record<string, string>) => void;
}) {
  const makes = useMakes();
  const models = useModels();
  const make = value.motoMakeId ?? '';
  const ofMake = useMemo(() => (models.data ?? []).filter((m) => String(m.makeId) === make), [models.data, make]);
  const set = (patch: Record<string, string>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="mb-2" data-testid="moto-filter">
      <legend className="form-label fs-6 mb-2">Pasuje do motocykla</legend>
      {/* The search panel is narrow whatever the window: the make on its own row leaves the model room. */}
      <Row className="g-2">
        <Col xs={12}>
          <Form.Select
            aria-label="Marka motocykla"
            value={make}
            // No make: the year (disabled then) goes too, or the search would send a year alone (400).
            onChange={(e) =>
              set({ motoMakeId: e.target.value, motoModelId: '', ...(e.target.value ? {} : { motoYear: '' }) })
            }
            data-testid="moto-filter-make"
          >
            <option value="">Marka: dowolna</option>
            {(makes.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={8}>
          <Form.Select
            aria-label="Model motocykla"
            value={value.motoModelId ?? ''}
            disabled={!make}
            onChange={(e) => set({ motoModelId: e.target.value })}
            data-testid="moto-filter-model"
          >
            <option value="">Model: dowolny</option>
            {ofMake.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={4}>
          <Form.Control
            aria-label="Rocznik motocykla"
            placeholder="Rocznik"
            inputMode="numeric"
            maxLength={4}
            value={value.motoYear ?? ''}
            disabled={!make}
            onChange={(e) => set({ motoYear: e.target.value.replace(/\D/g, '') })}
            data-testid="moto-filter-year"
          />
        </Col>
      </Row>
    </fieldset>
  );
}
