/** Being written: replaced by the real page in this issue. */
export default function ProfilePage() {
  return null;
}
