import axe from 'axe-core';

/**
 * The accessibility violations axe finds on the page now, at impact serious or critical. Colour contrast is left
 * to the browser runs (jsdom lays nothing out); `region` is left out because a story is a fragment, not a page.
 */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // jsdom has no canvas; axe then skips its icon-font checks instead of jsdom printing "not implemented".
  if (navigator.userAgent.includes('jsdom')) HTMLCanvasElement.prototype.getContext = () => null;
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
