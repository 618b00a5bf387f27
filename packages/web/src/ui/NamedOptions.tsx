/** The `<option>`s of a list of named rows (statuses, groups, price lists...), valued by id. */
export function NamedOptions({ rows }: { rows: readonly { id: number; name: string }[] }) {
  return (
    <>
      {rows.map((r) => (
        <option key={r.id} value={String(r.id)}>
          {r.name}
        </option>
      ))}
    </>
  );
}
