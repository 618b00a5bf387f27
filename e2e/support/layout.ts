import type { Locator } from 'playwright-core';

/**
 * Whether a select shows its chosen option whole: the option's text, in the select's font, is no
 * wider than the room between its paddings (Bootstrap's right padding holds the arrow). A select
 * does not scroll, so scrollWidth cannot tell a cut text.
 */
export function selectTextFits(select: Locator): Promise<boolean> {
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no 2D canvas to measure the text with');
    ctx.font = style.font;
    const text = s.options[s.selectedIndex]?.text ?? '';
    return (
      ctx.measureText(text).width <= s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    );
  });
}
