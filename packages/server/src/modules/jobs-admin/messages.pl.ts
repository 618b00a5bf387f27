/** Polish messages of the jobs list (docs/plugins.md, Web part: the 'Dziennik' tab). */
export const JOBS_MSG = {
  notFound: 'Nie znaleziono zadania.',
  notDead: 'Ponowić można tylko zadanie zakończone niepowodzeniem, dla którego nie czeka już inne takie samo zadanie.',
} as const;
