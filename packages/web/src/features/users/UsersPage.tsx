/** Being written: replaced by the real page in this issue. */
export default function UsersPage() {
  return null;
}
