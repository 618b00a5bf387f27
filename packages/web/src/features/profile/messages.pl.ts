/** Profile screen (filled in by the profile page). */
export const profileMessages = {
  title: 'Profil',
} as const;
