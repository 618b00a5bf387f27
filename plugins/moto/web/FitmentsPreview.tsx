import type { ItemRow } from '@zaplecze/contract';
import { SectionCard, Spinner } from '@zaplecze/plugin-sdk-web';
import { useFitments } from './api';

/** 'Pasuje do motocykli' in the item preview (slot item.preview.sections): read-only. */
export default function FitmentsPreview({ item }: { item: ItemRow }) {
  const fitments = useFitments(item.id);
  return (
    <SectionCard title="Pasuje do motocykli" icon="bicycle" testId="moto-preview">
      {fitments.isPending ? (
        <Spinner size="sm" />
      ) : fitments.error ? (
        <span className="text-danger">Nie udało się wczytać dopasowań.</span>
      ) : fitments.data.length === 0 ? (
        <span className="text-secondary">Brak dopasowań.</span>
      ) : (
        <ul className="mb-0 ps-3">
          {fitments.data.map((f) => (
            <li key={`${f.modelId}-${f.yearFrom}-${f.yearTo}`}>
              {f.makeName} {f.modelName} ({f.capacity} cm³), {f.yearFrom}–{f.yearTo}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
