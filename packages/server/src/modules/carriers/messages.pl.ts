/** Polish answers of the carriers module. */
export const CARRIERS_MSG = {
  methodNotFound: 'Nie znaleziono metody przewoźnika.',
} as const;
