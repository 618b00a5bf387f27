/** Registration screen (filled in by the registration page). */
export const registerMessages = {
  title: 'Rejestracja',
} as const;
