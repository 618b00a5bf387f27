/** Home screen (filled in by the home page). */
export const homeMessages = {
  title: 'Strona główna',
} as const;
