import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Registration screen (docs/rules/platform-rules.md §2 Registration, §8). */
export const registerMessages = {
  title: titles.register,
  heading: 'Zarejestruj firmę',
  lead: 'Załóż konto firmy i administratora. Pozostałych użytkowników dodasz po zalogowaniu.',
  required: 'Pola oznaczone * są wymagane.',

  companySection: 'Dane firmy',
  companyName: 'Nazwa firmy',
  taxId: 'NIP',
  taxIdHint: 'opcjonalnie',
  address: 'Adres do faktury',
  addressPlaceholder: 'np. ul. Długa 12/4',
  postcodeCity: 'Kod pocztowy i miejscowość do faktury',
  postcodeCityPlaceholder: 'np. 00-001 Warszawa',
  country: 'Kraj',
  countryChoose: 'Wybierz kraj...',
  countriesLoading: 'Ładowanie listy krajów...',

  loginSection: 'Dane logowania',
  orgPrefix: 'Prefiks organizacji',
  orgPrefixHelp: 'Od 3 do 20 znaków: małe litery i cyfry. Jest początkiem loginu każdego użytkownika firmy.',
  adminUser: 'Nazwa użytkownika administratora',
  adminUserHelp: 'Małe litery, cyfry, kropka i myślnik.',
  loginPreview: 'Login administratora:',
  loginPreviewPrefix: 'prefiks',
  loginPreviewUser: 'użytkownik',
  adminPass: 'Hasło',
  adminPassHelp: 'Od 8 do 128 znaków.',
  adminPassRepeat: 'Powtórz hasło',
  adminEmail: 'E-mail',
  adminEmailPlaceholder: 'np. biuro@firma.pl',
  adminTel: 'Telefon',
  adminTelPlaceholder: 'np. +48 600 000 000',

  captchaSection: 'Weryfikacja',
  captcha: 'Kod z obrazka',

  acceptTemplate: 'Akceptuję {terms} oraz {privacy}.',
  termsLink: 'regulamin',
  privacyLink: 'politykę prywatności',
  /** Where the terms and the privacy policy are published (open in a new tab). */
  termsUrl: 'https://zaplecze.pl/regulamin',
  privacyUrl: 'https://zaplecze.pl/polityka-prywatnosci',
  newTab: '(otwiera się w nowej karcie)',

  submit: 'Zarejestruj',
  workingTitle: 'Trwa rejestracja firmy...',
  workingBody: 'Tworzymy organizację i konto administratora. Nie zamykaj tej strony.',
  errorTitle: 'Rejestracja nie powiodła się',
  haveAccount: 'Masz już konto?',
  loginLink: 'Zaloguj się',

  countriesError: 'Błąd pobierania listy krajów',
  captchaError: 'Błąd pobierania obrazu kodu captcha!',

  successHeading: 'Firma zarejestrowana!',
  successBody: 'Konto administratora jest gotowe. Zaloguj się tym loginem i hasłem podanym w formularzu:',
  successHint: 'Zapisz login: będzie potrzebny przy każdym logowaniu.',
  copy: 'Kopiuj',
  copied: 'Skopiowano',
  goToLogin: 'Przejdź do logowania',

  disabledHeading: 'Rejestracja wyłączona!',
  backToLogin: 'Wróć do logowania',
} as const;
