/** Users screens (filled in by the users pages). */
export const usersMessages = {
  title: 'Użytkownicy',
} as const;
