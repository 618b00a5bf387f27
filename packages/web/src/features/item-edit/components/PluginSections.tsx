import type { Item } from '@zaplecze/contract';
import { useSlot } from '@web/extensions/slots';

/** Sections contributed by plugins (slot `item.edit.sections`), drawn once the item has loaded. */
export function PluginSections({ item }: { item: Item | undefined }) {
  const sections = useSlot('item.edit.sections');
  return (
    <>
      {sections.map((s) => (
        <s.component key={s.id} item={item} />
      ))}
    </>
  );
}
