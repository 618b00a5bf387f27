/**
 * Validation messages carried by the contract's schemas. They are Polish because the server
 * answers them as-is; a second language maps these ids in the web catalogue.
 */
export const VALIDATION = {
  required: 'To pole jest wymagane.',
  companyNameRequired: 'Podaj nazwę firmy.',
  addressRequired: 'Podaj adres do faktury.',
  postcodeCityRequired: 'Podaj kod pocztowy i miejscowość.',
  countryRequired: 'Wybierz kraj.',
  countryInvalid: 'Nieznany kod kraju.',
  prefixLength: 'Prefiks organizacji musi mieć od 3 do 20 znaków.',
  prefixChars: 'Prefiks organizacji może zawierać tylko małe litery i cyfry.',
  userRequired: 'Podaj nazwę użytkownika.',
  userLength: 'Nazwa użytkownika może mieć najwyżej 40 znaków.',
  userChars: 'Nazwa użytkownika może zawierać tylko małe litery, cyfry, kropkę i myślnik.',
  passwordLength: 'Hasło musi mieć od 8 do 128 znaków.',
  passwordsDiffer: 'Hasła się nie zgadzają!',
  emailInvalid: 'Niepoprawny adres e-mail.',
  telRequired: 'Podaj numer telefonu.',
  telInvalid: 'Niepoprawny numer telefonu.',
  captchaRequired: 'Przepisz kod z obrazka.',
  regulationsRequired: 'Musisz zaakceptować regulamin i politykę prywatności.',
  tooLong: 'Wartość jest za długa.',
  loginRequired: 'Podaj login.',
  passRequired: 'Podaj hasło.',
  idInvalid: 'Niepoprawny identyfikator.',
  oldPassRequired: 'Podaj stare hasło.',
  permissionUnknown: 'Nieznane uprawnienie.',
} as const;
