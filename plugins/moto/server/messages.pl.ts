/** The moto plugin's Polish messages. */
export const MOTO_MSG = {
  makeNotFound: 'Nie znaleziono marki',
  modelNotFound: 'Nie znaleziono modelu',
  itemNotFound: 'Nie znaleziono towaru',
  makeTaken: (name: string) => `Marka „${name}” już jest w katalogu.`,
  modelTaken: (name: string) => `Model „${name}” tej marki już jest w katalogu.`,
  unknownMake: (id: number) => `Nie ma marki o identyfikatorze ${id}.`,
  unknownModels: (ids: number[]) => `Nie ma modelu motocykla o identyfikatorze ${ids.join(', ')}.`,
  makeHasModels: (n: number) => `Marka ma modele (${n}): usuń je najpierw.`,
  modelInUse: (name: string) => `Model „${name}” jest przypisany do towarów: usuń najpierw te dopasowania.`,
  itemsNotFound: (ids: number[]) =>
    `Nie znaleziono towarów o identyfikatorach: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? '…' : ''}.`,
  tooMany: (max: number) => `Za dużo dopasowań naraz (towary × dopasowania najwyżej ${max}).`,
  csvBad: 'Nie udało się odczytać pliku CSV (sprawdź cudzysłowy).',
  csvHeader: 'Pierwszy wiersz pliku musi być nagłówkiem: Marka;Model;Pojemność;Rok od;Rok do;Typ.',
  csvLine: (line: number, message: string) => `Wiersz ${line}: ${message}`,
  csvEmpty: 'Plik CSV nie zawiera żadnego modelu.',
} as const;
