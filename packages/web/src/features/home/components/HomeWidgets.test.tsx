import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HomeWidgets } from './HomeWidgets';
import { homeText } from '../texts';

function Broken(): never {
  throw new Error('plugin bug');
}

describe('HomeWidgets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the other widgets when one of them fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <HomeWidgets
        widgets={[
          { id: 'broken', component: Broken },
          { id: 'orders', width: 'full', component: () => <p>Zamówienia dziś: 3</p> },
        ]}
      />,
    );
    expect(screen.getByText('Zamówienia dziś: 3')).toBeTruthy();
    expect(screen.getByText(homeText().widgetError)).toBeTruthy();
    const orders = document.querySelector('[data-widget="orders"]');
    expect(orders?.className).toBe('col-12');
  });
});
