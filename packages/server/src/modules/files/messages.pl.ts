/** Polish answers of photo uploads and image reads. */
export const FILES_MSG = {
  noFile: 'Nie przesłano pliku ze zdjęciem.',
  badUpload: 'Nie udało się odczytać przesłanego pliku. Spróbuj ponownie.',
  notImage: 'Zdjęcie musi być plikiem JPG lub PNG (rozpoznanym po zawartości, nie po nazwie).',
  /** The detected kind of a refused file, e.g. 'application/pdf'. */
  wrongType: (mime: string) =>
    `Zdjęcie musi być plikiem JPG lub PNG, a przesłany plik jest typu ${mime} (rozpoznano po zawartości, nie po nazwie).`,
  tooManyPixels: 'Zdjęcie ma za dużą rozdzielczość.',
  unreadable: 'Nie udało się odczytać zdjęcia: plik jest uszkodzony lub nie jest poprawnym zdjęciem.',
  imageNotFound: 'Nie znaleziono zdjęcia.',
  /** A photo an item names is not an upload of the organisation, or belongs to another item. */
  photoUnavailable: (name: string) => `Zdjęcie ${name} nie istnieje lub należy do innego towaru. Prześlij je ponownie.`,
  /** An upload past the organisation's storage quota (ORG_STORAGE_QUOTA_MB). */
  quotaExceeded: (mb: number) =>
    `Przekroczono limit miejsca na pliki organizacji (${mb} MB). Usuń niepotrzebne zdjęcia towarów albo poproś dostawcę usługi o większy limit.`,
} as const;
