/**
 * Word lists of the demo catalogue (`npm run cli -- demo:seed`): Polish reference data and the
 * templates item names are built from. Plain data; the seed (demo-seed.ts) draws from it with a
 * seeded random, so the same arguments always give the same catalogue.
 */

/** Statuses with their colour and how often items have them (a few dominate, as in a real shop). */
export const STATUSES = [
  { name: 'Aktywny', color: '2e9e44', weight: 62 },
  { name: 'Nieaktywny', color: 'a0a0a0', weight: 14 },
  { name: 'Archiwum', color: '5a5a5a', weight: 11 },
  { name: 'Wyprzedaż', color: 'e23b3b', weight: 7 },
  { name: 'Nowość', color: '2b7bd6', weight: 4 },
  { name: 'Na zamówienie', color: 'e0a020', weight: 2 },
] as const;

export const GROUPS = [
  'Bestsellery',
  'Produkty własne',
  'Import z Chin',
  'Hurtownia Kraków',
  'Hurtownia Poznań',
  'Outlet',
  'Sezon letni',
  'Sezon zimowy',
  'Święta',
  'Promocje tygodnia',
  'Końcówki serii',
  'Zestawy',
  'Marketplace',
  'Dropshipping',
  'Rękodzieło',
  'Eko',
  'Premium',
  'Do wycofania',
  'Zwroty',
  'Uszkodzone opakowania',
];

export const DELIVERY_PRICE_LISTS = [
  'Kurier standard',
  'Paczkomat',
  'Kurier gabaryt',
  'List polecony',
  'Darmowa dostawa',
  'Odbiór osobisty',
];

export const DELIVERY_TIMES = ['24 godziny', '48 godzin', '3-5 dni roboczych', '7 dni', '14 dni', 'Na zamówienie'];

export const ADDITIONAL_DESCS = [
  ['Gwarancja', 'Gwarancja producenta: 24 miesiące od daty zakupu.'],
  ['Zwroty', 'Masz 30 dni na zwrot towaru bez podania przyczyny.'],
  ['Wysyłka', 'Zamówienia złożone do godziny 14:00 wysyłamy tego samego dnia.'],
  ['Faktura', 'Do każdego zamówienia wystawiamy fakturę VAT.'],
  ['Ekologia', 'Opakowanie nadaje się w całości do recyklingu.'],
  ['Pielęgnacja', 'Myć ręcznie w letniej wodzie, nie używać środków ściernych.'],
] as const;

/**
 * The category tree: top category -> second level -> third level (10 x 6 x 4 + 66 = 310 nodes).
 * Item templates point at a second-level path; an item lands on one of its leaves.
 */
export const CATEGORIES: Record<string, Record<string, readonly string[]>> = {
  Elektronika: {
    Telefony: ['Etui', 'Ładowarki', 'Szkła ochronne', 'Uchwyty'],
    Komputery: ['Myszy', 'Klawiatury', 'Podkładki', 'Huby USB'],
    Audio: ['Słuchawki', 'Głośniki', 'Kable audio', 'Mikrofony'],
    Kable: ['USB-C', 'Lightning', 'HDMI', 'Przedłużacze'],
    Zasilanie: ['Powerbanki', 'Baterie', 'Akumulatorki', 'Zasilacze'],
    Oświetlenie: ['Żarówki LED', 'Taśmy LED', 'Latarki', 'Lampki'],
  },
  Kuchnia: {
    Naczynia: ['Kubki', 'Talerze', 'Miski', 'Szklanki'],
    Garnki: ['Garnki', 'Patelnie', 'Rondle', 'Pokrywki'],
    Sztućce: ['Łyżki', 'Widelce', 'Noże', 'Zestawy'],
    Przechowywanie: ['Pojemniki', 'Słoiki', 'Woreczki', 'Chlebaki'],
    Akcesoria: ['Deski', 'Tarki', 'Otwieracze', 'Miarki'],
    Tekstylia: ['Ścierki', 'Fartuchy', 'Rękawice', 'Obrusy'],
  },
  Dom: {
    Dekoracje: ['Świece', 'Wazony', 'Ramki', 'Poduszki'],
    Łazienka: ['Ręczniki', 'Dywaniki', 'Dozowniki', 'Kosze'],
    Sprzątanie: ['Mopy', 'Ściereczki', 'Szczotki', 'Wiadra'],
    Sypialnia: ['Pościel', 'Koce', 'Prześcieradła', 'Narzuty'],
    Organizacja: ['Pudełka', 'Wieszaki', 'Haczyki', 'Kosze'],
    Tekstylia: ['Zasłony', 'Firany', 'Dywany', 'Bieżniki'],
  },
  Ogród: {
    Narzędzia: ['Sekatory', 'Łopaty', 'Grabie', 'Motyki'],
    Nawadnianie: ['Węże', 'Zraszacze', 'Konewki', 'Złączki'],
    Doniczki: ['Ceramiczne', 'Plastikowe', 'Wiszące', 'Osłonki'],
    Nasiona: ['Warzywa', 'Kwiaty', 'Zioła', 'Trawy'],
    Meble: ['Krzesła', 'Stoły', 'Leżaki', 'Parasole'],
    Grill: ['Ruszty', 'Szczypce', 'Węgiel', 'Podpałki'],
  },
  Moda: {
    Koszulki: ['Męskie', 'Damskie', 'Dziecięce', 'Sportowe'],
    Skarpety: ['Męskie', 'Damskie', 'Dziecięce', 'Termoaktywne'],
    Czapki: ['Zimowe', 'Z daszkiem', 'Kapelusze', 'Opaski'],
    Torby: ['Plecaki', 'Torebki', 'Nerki', 'Worki'],
    Dodatki: ['Paski', 'Szaliki', 'Rękawiczki', 'Portfele'],
    Bielizna: ['Bokserki', 'Biustonosze', 'Piżamy', 'Podkoszulki'],
  },
  Sport: {
    Fitness: ['Hantle', 'Maty', 'Gumy oporowe', 'Skakanki'],
    Rowery: ['Lampki', 'Bidony', 'Zapięcia', 'Dętki'],
    Bieganie: ['Opaski', 'Pasy', 'Kamizelki', 'Czołówki'],
    Turystyka: ['Kubki termiczne', 'Czołówki', 'Karimaty', 'Śpiwory'],
    Pływanie: ['Okulary', 'Czepki', 'Ręczniki', 'Klapki'],
    Gry: ['Piłki', 'Rakietki', 'Lotki', 'Siatki'],
  },
  Zabawki: {
    Klocki: ['Konstrukcyjne', 'Drewniane', 'Magnetyczne', 'Duże'],
    Pluszaki: ['Misie', 'Króliki', 'Psy', 'Koty'],
    Gry: ['Planszowe', 'Karciane', 'Puzzle', 'Logiczne'],
    Kreatywne: ['Kredki', 'Farby', 'Plastelina', 'Naklejki'],
    Pojazdy: ['Autka', 'Pociągi', 'Samoloty', 'Zdalnie sterowane'],
    Niemowlęta: ['Grzechotki', 'Gryzaki', 'Karuzele', 'Maty'],
  },
  Biuro: {
    Papier: ['Zeszyty', 'Notesy', 'Ryzy', 'Karteczki'],
    Pisanie: ['Długopisy', 'Ołówki', 'Markery', 'Cienkopisy'],
    Segregacja: ['Segregatory', 'Teczki', 'Koszulki', 'Przekładki'],
    Biurko: ['Organizery', 'Lampki', 'Podkładki', 'Stojaki'],
    Pakowanie: ['Koperty', 'Taśmy', 'Kartony', 'Folie'],
    Etykiety: ['Samoprzylepne', 'Termiczne', 'Adresowe', 'Cenówki'],
  },
  Zwierzęta: {
    Psy: ['Smycze', 'Obroże', 'Miski', 'Zabawki'],
    Koty: ['Drapaki', 'Kuwety', 'Miski', 'Zabawki'],
    Ptaki: ['Klatki', 'Karmniki', 'Poidła', 'Huśtawki'],
    Akwarystyka: ['Filtry', 'Grzałki', 'Ozdoby', 'Pokarmy'],
    Gryzonie: ['Klatki', 'Kołowrotki', 'Domki', 'Ściółki'],
    Pielęgnacja: ['Szczotki', 'Szampony', 'Obcinaczki', 'Ręczniki'],
  },
  Motoryzacja: {
    Akcesoria: ['Uchwyty', 'Ładowarki', 'Organizery', 'Zapachy'],
    Chemia: ['Płyny', 'Woski', 'Szampony', 'Odmrażacze'],
    Narzędzia: ['Klucze', 'Podnośniki', 'Kompresory', 'Kable rozruchowe'],
    Oświetlenie: ['Żarówki', 'Lampy', 'Diody', 'Bezpieczniki'],
    Bezpieczeństwo: ['Apteczki', 'Trójkąty', 'Kamizelki', 'Gaśnice'],
    Wnętrze: ['Dywaniki', 'Pokrowce', 'Maty', 'Osłony'],
  },
};

/** Colours in the three genders of Polish adjectives (the name's noun decides). */
export const COLOURS = [
  'biały',
  'czarny',
  'czerwony',
  'niebieski',
  'zielony',
  'szary',
  'różowy',
  'żółty',
  'granatowy',
  'beżowy',
  'srebrny',
  'złoty',
  'fioletowy',
  'pomarańczowy',
];

export type Gender = 'm' | 'f' | 'n';

/** 'biały' -> 'biała' / 'białe'; 'niebieski' -> 'niebieska' / 'niebieskie'. */
export function inflect(adjective: string, gender: Gender): string {
  if (gender === 'm') return adjective;
  if (adjective.endsWith('i')) return adjective.slice(0, -1) + (gender === 'f' ? 'a' : 'ie');
  return adjective.slice(0, -1) + (gender === 'f' ? 'a' : 'e');
}

export const PHONES = [
  'iPhone 13',
  'iPhone 14 Pro',
  'iPhone 15',
  'Samsung Galaxy S23',
  'Samsung Galaxy A54',
  'Xiaomi Redmi Note 12',
  'Motorola G54',
  'Google Pixel 8',
];

/**
 * Item templates: `{c}` is a colour agreeing with `gender`, `{v}` one of `variants`, `{p}` a phone.
 * `code` starts the item's code; `category` is a second-level path of CATEGORIES.
 */
export interface Template {
  code: string;
  name: string;
  gender: Gender;
  variants: readonly string[];
  category: string;
  /** Typical price in grosze. */
  price: number;
}

export const TEMPLATES: readonly Template[] = [
  {
    code: 'KUB',
    name: 'Kubek ceramiczny {c} {v}',
    gender: 'm',
    variants: ['250 ml', '300 ml', '400 ml', '500 ml'],
    category: 'Kuchnia/Naczynia',
    price: 2499,
  },
  {
    code: 'ETU',
    name: 'Etui silikonowe do {p} {c}',
    gender: 'n',
    variants: [''],
    category: 'Elektronika/Telefony',
    price: 2999,
  },
  {
    code: 'SZK',
    name: 'Szkło hartowane do {p}',
    gender: 'n',
    variants: [''],
    category: 'Elektronika/Telefony',
    price: 1999,
  },
  {
    code: 'KAB',
    name: 'Kabel USB-C {v} {c}',
    gender: 'm',
    variants: ['1 m', '2 m', '3 m', '0,5 m'],
    category: 'Elektronika/Kable',
    price: 1999,
  },
  {
    code: 'LAD',
    name: 'Ładowarka sieciowa {v}',
    gender: 'f',
    variants: ['20 W', '33 W', '65 W', '100 W GaN'],
    category: 'Elektronika/Zasilanie',
    price: 7999,
  },
  {
    code: 'PWB',
    name: 'Powerbank {v} {c}',
    gender: 'm',
    variants: ['5000 mAh', '10000 mAh', '20000 mAh'],
    category: 'Elektronika/Zasilanie',
    price: 9999,
  },
  {
    code: 'SLU',
    name: 'Słuchawki bezprzewodowe {c} {v}',
    gender: 'n',
    variants: ['douszne', 'nauszne', 'sportowe'],
    category: 'Elektronika/Audio',
    price: 14999,
  },
  {
    code: 'MYS',
    name: 'Mysz optyczna {c} {v}',
    gender: 'f',
    variants: ['bezprzewodowa', 'USB', 'pionowa'],
    category: 'Elektronika/Komputery',
    price: 4999,
  },
  {
    code: 'ZAR',
    name: 'Żarówka LED {v} E27',
    gender: 'f',
    variants: ['7 W', '9 W', '12 W', '15 W'],
    category: 'Elektronika/Oświetlenie',
    price: 1299,
  },
  {
    code: 'GAR',
    name: 'Garnek stalowy {v}',
    gender: 'm',
    variants: ['2 l', '3,5 l', '5 l', '8 l'],
    category: 'Kuchnia/Garnki',
    price: 8999,
  },
  {
    code: 'PAT',
    name: 'Patelnia granitowa {v}',
    gender: 'f',
    variants: ['20 cm', '24 cm', '28 cm'],
    category: 'Kuchnia/Garnki',
    price: 11999,
  },
  {
    code: 'POJ',
    name: 'Pojemnik na żywność {v}',
    gender: 'm',
    variants: ['0,5 l', '1 l', '2 l', 'zestaw 3 szt.'],
    category: 'Kuchnia/Przechowywanie',
    price: 1999,
  },
  {
    code: 'SCI',
    name: 'Ścierka kuchenna bawełniana {c}',
    gender: 'f',
    variants: [''],
    category: 'Kuchnia/Tekstylia',
    price: 899,
  },
  {
    code: 'SWI',
    name: 'Świeca zapachowa {v}',
    gender: 'f',
    variants: ['wanilia', 'lawenda', 'cynamon', 'drzewo sandałowe'],
    category: 'Dom/Dekoracje',
    price: 3499,
  },
  {
    code: 'REC',
    name: 'Ręcznik frotte {c} {v}',
    gender: 'm',
    variants: ['50x90', '70x140', '100x150'],
    category: 'Dom/Łazienka',
    price: 3999,
  },
  {
    code: 'POS',
    name: 'Pościel bawełniana {c} {v}',
    gender: 'f',
    variants: ['140x200', '160x200', '200x220'],
    category: 'Dom/Sypialnia',
    price: 12999,
  },
  {
    code: 'PUD',
    name: 'Pudełko do przechowywania {c} {v}',
    gender: 'n',
    variants: ['S', 'M', 'L', 'XL'],
    category: 'Dom/Organizacja',
    price: 2499,
  },
  {
    code: 'DON',
    name: 'Doniczka ceramiczna {c} {v}',
    gender: 'f',
    variants: ['12 cm', '16 cm', '20 cm', '25 cm'],
    category: 'Ogród/Doniczki',
    price: 2999,
  },
  {
    code: 'WAZ',
    name: 'Wąż ogrodowy {v}',
    gender: 'm',
    variants: ['1/2" 20 m', '1/2" 30 m', '3/4" 25 m'],
    category: 'Ogród/Nawadnianie',
    price: 6999,
  },
  {
    code: 'NAS',
    name: 'Nasiona {v}',
    gender: 'n',
    variants: ['pomidor malinowy', 'ogórek gruntowy', 'bazylia', 'słonecznik', 'rzodkiewka'],
    category: 'Ogród/Nasiona',
    price: 399,
  },
  {
    code: 'KOS',
    name: 'Koszulka bawełniana {c} {v}',
    gender: 'f',
    variants: ['S', 'M', 'L', 'XL', 'XXL'],
    category: 'Moda/Koszulki',
    price: 3999,
  },
  {
    code: 'SKA',
    name: 'Skarpety frotte {c} {v}',
    gender: 'n',
    variants: ['35-38', '39-42', '43-46'],
    category: 'Moda/Skarpety',
    price: 1499,
  },
  { code: 'CZA', name: 'Czapka zimowa {c}', gender: 'f', variants: [''], category: 'Moda/Czapki', price: 4999 },
  {
    code: 'PLE',
    name: 'Plecak miejski {c} {v}',
    gender: 'm',
    variants: ['15 l', '20 l', '25 l'],
    category: 'Moda/Torby',
    price: 12999,
  },
  {
    code: 'HAN',
    name: 'Hantle winylowe {v}',
    gender: 'n',
    variants: ['2x1 kg', '2x2 kg', '2x3 kg', '2x5 kg'],
    category: 'Sport/Fitness',
    price: 5999,
  },
  {
    code: 'MAT',
    name: 'Mata do jogi {c} {v}',
    gender: 'f',
    variants: ['4 mm', '6 mm', '10 mm'],
    category: 'Sport/Fitness',
    price: 6999,
  },
  {
    code: 'BID',
    name: 'Bidon rowerowy {c} {v}',
    gender: 'm',
    variants: ['500 ml', '750 ml'],
    category: 'Sport/Rowery',
    price: 2499,
  },
  {
    code: 'KLO',
    name: 'Klocki konstrukcyjne {v}',
    gender: 'n',
    variants: ['100 el.', '250 el.', '500 el.', '1000 el.'],
    category: 'Zabawki/Klocki',
    price: 8999,
  },
  {
    code: 'MIS',
    name: 'Miś pluszowy {c} {v}',
    gender: 'm',
    variants: ['25 cm', '40 cm', '60 cm'],
    category: 'Zabawki/Pluszaki',
    price: 4999,
  },
  {
    code: 'PUZ',
    name: 'Puzzle {v}',
    gender: 'n',
    variants: ['500 el.', '1000 el.', '1500 el.', '2000 el.'],
    category: 'Zabawki/Gry',
    price: 3999,
  },
  {
    code: 'ZES',
    name: 'Zeszyt {v} w kratkę',
    gender: 'm',
    variants: ['A5 32 k.', 'A5 60 k.', 'A4 96 k.'],
    category: 'Biuro/Papier',
    price: 499,
  },
  {
    code: 'DLU',
    name: 'Długopis żelowy {c} {v}',
    gender: 'm',
    variants: ['0,5 mm', '0,7 mm'],
    category: 'Biuro/Pisanie',
    price: 399,
  },
  {
    code: 'SEG',
    name: 'Segregator {c} {v}',
    gender: 'm',
    variants: ['A4 50 mm', 'A4 75 mm'],
    category: 'Biuro/Segregacja',
    price: 1299,
  },
  {
    code: 'KAR',
    name: 'Karton klapowy {v}',
    gender: 'm',
    variants: ['20x15x10', '30x20x15', '40x30x20', '60x40x40'],
    category: 'Biuro/Pakowanie',
    price: 299,
  },
  {
    code: 'SMY',
    name: 'Smycz dla psa {c} {v}',
    gender: 'f',
    variants: ['1,2 m', '2 m', '5 m automatyczna'],
    category: 'Zwierzęta/Psy',
    price: 3499,
  },
  {
    code: 'DRA',
    name: 'Drapak dla kota {v}',
    gender: 'm',
    variants: ['50 cm', '80 cm', '120 cm'],
    category: 'Zwierzęta/Koty',
    price: 9999,
  },
  {
    code: 'UCH',
    name: 'Uchwyt samochodowy na telefon {c}',
    gender: 'm',
    variants: [''],
    category: 'Motoryzacja/Akcesoria',
    price: 3999,
  },
  {
    code: 'PLY',
    name: 'Płyn do spryskiwaczy {v}',
    gender: 'm',
    variants: ['zimowy 5 l', 'letni 5 l', 'zimowy 2 l'],
    category: 'Motoryzacja/Chemia',
    price: 2499,
  },
];

/** Brand-like words for the occasional item that needs one. */
export const BRANDS = ['Domino', 'Polmark', 'Krakus', 'Wisła', 'Bałtyk', 'Sokół', 'Tatra', 'Mazur', 'Orzeł', 'Lech'];
