import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** The signed-in layout: top bar with menu toggle and user dropdown, left menu, footer, toasts. */
export class Shell {
  constructor(readonly page: Page) {}

  get topBar(): Locator {
    return this.page.getByRole('banner');
  }
  get menu(): Locator {
    return this.page.getByRole('navigation', { name: 'Menu', includeHidden: true });
  }
  get menuToggle(): Locator {
    return this.page.getByRole('button', { name: t.shell.toggleMenu });
  }
  get userMenuButton(): Locator {
    return this.page.getByRole('button', { name: t.shell.userMenu });
  }
  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }
  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** A left-menu entry by its label. */
  menuEntry(label: string): Locator {
    return this.menu.getByRole('link', { name: label, exact: true });
  }
  /** Whether a menu entry is drawn highlighted (Bootstrap's `active` look, set from the route's activeId). */
  async isHighlighted(label: string): Promise<boolean> {
    return this.menuEntry(label).evaluate((el) => el.classList.contains('active'));
  }
  /** A collapsible menu group's heading button. */
  menuGroup(title: string): Locator {
    return this.menu.getByRole('button', { name: title, exact: true });
  }

  /** Opens the user dropdown and returns one of its entries (links, or the logout button). */
  async userMenuItem(name: string): Promise<Locator> {
    if ((await this.userMenuButton.getAttribute('aria-expanded')) !== 'true') await this.userMenuButton.click();
    const item = this.topBar
      .getByRole('link', { name, exact: true })
      .or(this.topBar.getByRole('button', { name, exact: true }));
    await item.waitFor();
    return item;
  }

  async logout(): Promise<void> {
    await (await this.userMenuItem(t.shell.logout)).click();
  }

  /** A toast (bottom right) by its title. */
  toast(title: string): Locator {
    return this.page.getByRole('alert').or(this.page.getByRole('status')).filter({ hasText: title });
  }

  /** Closed: slid out to the left and hidden, so its links leave the tab order and screen readers. */
  menuClosed(): Promise<boolean> {
    return this.menu.evaluate(
      (el) => getComputedStyle(el).visibility === 'hidden' && el.getBoundingClientRect().right <= 0,
    );
  }

  /** Where the open left menu is on screen. */
  async menuBox(): Promise<{ x: number; width: number }> {
    const box = await this.menu.boundingBox();
    if (!box) throw new Error('left menu is not rendered');
    return { x: box.x, width: box.width };
  }
}
