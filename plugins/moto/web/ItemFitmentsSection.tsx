import { useEffect, useState } from 'react';
import type { Item } from '@zaplecze/contract';
import { Alert, SectionCard, Spinner } from '@zaplecze/plugin-sdk-web';
import { useFitments, type Fitment } from './api';
import { draftKey, fitmentDrafts } from './draft';
import { FitmentsEditor } from './FitmentsEditor';

/**
 * 'Pasuje do motocykli' on the item edit page (slot item.edit.sections): the item's fitments,
 * changed here and saved with the item (the entry's afterSave sends the changed list).
 */
export default function ItemFitmentsSection({ item }: { item: Item | undefined }) {
  const saved = useFitments(item?.id);
  const [list, setList] = useState<Fitment[] | undefined>(item ? undefined : []);
  const key = draftKey(item?.id);
  useEffect(() => {
    if (saved.data && list === undefined) setList(saved.data);
  }, [saved.data, list]);
  // A list left unsaved goes with the page.
  useEffect(() => () => void fitmentDrafts.drop(key), [key]);

  return (
    <SectionCard title="Pasuje do motocykli" icon="bicycle" className="mb-3" testId="moto-item-section">
      {saved.error ? (
        <Alert variant="danger">Nie udało się wczytać dopasowań.</Alert>
      ) : list === undefined ? (
        <Spinner size="sm" />
      ) : (
        <FitmentsEditor
          testId="moto-item"
          value={list}
          onChange={(next) => {
            setList(next);
            fitmentDrafts.set(key, next);
          }}
        />
      )}
    </SectionCard>
  );
}
