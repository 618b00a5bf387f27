/** Being written: replaced by the real page in this issue. */
export default function UserEditPage() {
  return null;
}
