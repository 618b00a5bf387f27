/** Empty space standing for the rows not drawn, so the scroll bar matches the whole table. */
export function PadRow({ height, colSpan }: { height: number; colSpan: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" style={{ height }} data-testid="virtual-pad">
      <td colSpan={colSpan} className="p-0 border-0" />
    </tr>
  );
}
