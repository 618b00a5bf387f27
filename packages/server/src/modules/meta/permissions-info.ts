import type { PermissionKey, PermissionsInfo } from '@zaplecze/contract';

/** Polish names and descriptions of permissions, grouped in sections (GET /data/permissions_info). */
const SECTIONS = [
  { key: 'main', name: 'Ogólne', desc: 'Administracja i strona główna' },
  { key: 'items', name: 'Towary', desc: 'Katalog towarów i magazyn' },
  { key: 'orders', name: 'Zamówienia', desc: 'Zamówienia i podsumowania' },
  { key: 'settings', name: 'Ustawienia', desc: 'Ustawienia, użytkownicy i pluginy' },
];

const PERMISSION_INFO: Record<PermissionKey, { name: string; desc: string; section: string }> = {
  'main.admin': { name: 'Administrator', desc: 'Pełny dostęp do wszystkich funkcji organizacji.', section: 'main' },
  'main.misc.homepage.show': {
    name: 'Widżety strony głównej',
    desc: 'Podgląd podsumowań i widżetów na stronie głównej.',
    section: 'main',
  },
  'main.items.show': {
    name: 'Podgląd towarów',
    desc: 'Przeglądanie katalogu towarów i ich podsumowania.',
    section: 'items',
  },
  'main.items.edit': { name: 'Edycja towarów', desc: 'Dodawanie, zmiana i usuwanie towarów.', section: 'items' },
  'main.warehouse.edit': {
    name: 'Zmiany stanów magazynowych',
    desc: 'Zatwierdzanie i usuwanie zmian stanów magazynowych.',
    section: 'items',
  },
  'main.order.show': { name: 'Podgląd zamówień', desc: 'Przeglądanie zamówień i ich podsumowania.', section: 'orders' },
  'main.order.edit': {
    name: 'Edycja zamówień',
    desc: 'Dodawanie, zmiana, podział i usuwanie zamówień.',
    section: 'orders',
  },
  'main.order.summary.show': {
    name: 'Podsumowanie przychodów',
    desc: 'Podgląd przychodów na stronie głównej i w podsumowaniach.',
    section: 'orders',
  },
  'main.settings.edit': { name: 'Edycja ustawień', desc: 'Zmiana ustawień i list słownikowych.', section: 'settings' },
  'main.users.edit': {
    name: 'Zarządzanie użytkownikami',
    desc: 'Dodawanie, zmiana i usuwanie użytkowników oraz ich uprawnień.',
    section: 'settings',
  },
  'main.plugins.manage': {
    name: 'Zarządzanie pluginami',
    desc: 'Instalowanie i odinstalowywanie pluginów.',
    section: 'settings',
  },
};

export function permissionsInfo(): PermissionsInfo {
  return {
    sections: SECTIONS,
    permissions: (Object.keys(PERMISSION_INFO) as PermissionKey[]).map((key) => ({ key, ...PERMISSION_INFO[key] })),
  };
}
