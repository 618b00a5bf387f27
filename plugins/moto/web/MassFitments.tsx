import { useState } from 'react';
import {
  api,
  Button,
  errorMessage,
  Form,
  pluralPl,
  SectionCard,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { BASE, type Fitment } from './api';
import { FitmentsEditor } from './FitmentsEditor';

const MODES = [
  { value: 'APPEND', label: 'Dodaj do obecnych dopasowań' },
  { value: 'OVERRIDE', label: 'Zastąp dopasowania' },
  { value: 'REMOVE', label: 'Usuń te modele (wszystkie roczniki)' },
] as const;

/**
 * 'Pasuje do motocykli' on the items mass edit page (slot items.massEdit.sections): the chosen
 * fitments added to, replacing or removed from every selected item, in one request
 * (`POST /mass_fitment`, one transaction), with its own button.
 */
export default function MassFitments({ ids }: { ids: readonly number[] }) {
  const toast = useToast();
  const client = useQueryClient();
  const [list, setList] = useState<Fitment[]>([]);
  const [mode, setMode] = useState<(typeof MODES)[number]['value']>('APPEND');
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      const r = (await api.post(`${BASE}/mass_fitment`, {
        json: {
          ids,
          mode,
          fitments: list.map((f) => ({ modelId: f.modelId, yearFrom: f.yearFrom, yearTo: f.yearTo })),
        },
      })) as { items: number; added: number; removed: number };
      toast.success('Zmieniono dopasowania', `Towary: ${r.items}, dodane: ${r.added}, usunięte: ${r.removed}.`);
      void client.invalidateQueries({ queryKey: ['plugin', 'moto', 'fitments'] });
    } catch (err) {
      toast.error('Nie zmieniono dopasowań', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard title="Pasuje do motocykli" icon="bicycle" className="mb-3" testId="moto-mass-section">
      <Form.Group className="mb-2">
        {MODES.map((m) => (
          <Form.Check
            key={m.value}
            inline
            type="radio"
            id={`moto-mass-${m.value}`}
            name="moto-mass-mode"
            label={m.label}
            checked={mode === m.value}
            onChange={() => setMode(m.value)}
          />
        ))}
      </Form.Group>
      <FitmentsEditor testId="moto-mass" value={list} onChange={setList} />
      <Button
        className="mt-2"
        variant="primary"
        size="sm"
        disabled={busy || (list.length === 0 && mode !== 'OVERRIDE')}
        onClick={() => void apply()}
        data-testid="moto-mass-apply"
      >
        Zastosuj do {ids.length} {pluralPl(ids.length, { one: 'towaru', few: 'towarów', many: 'towarów' })}
      </Button>
    </SectionCard>
  );
}
