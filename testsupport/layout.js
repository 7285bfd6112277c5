// Flutter's accessibility tree as a person sees it: every node, where it is on the screen
// (CSS pixels), whether a finger can use it, and whether it scrolls. tests/e2e/test_layout.py
() => {
  const CONTROLS = new Set(['button', 'checkbox', 'radio', 'switch', 'slider', 'link', 'tab',
                            'menuitem', 'textbox', 'combobox']);
  // a heading is drawn as an h1-h6 element, not an flt-semantics one
  const all = [...document.querySelectorAll(
    'flt-semantics, flt-semantics-host :is(h1, h2, h3, h4, h5, h6)')];
  const index = new Map(all.map((e, i) => [e, i]));
  const nodes = all.map(e => {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    const field = e.querySelector(':scope > input, :scope > textarea');
    const role = e.getAttribute('role') || (field ? 'textbox' : '');
    let depth = 0, parent = -1;
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (p.tagName !== 'FLT-SEMANTICS') continue;
      if (parent < 0) parent = index.get(p);
      depth++;
    }
    const label = e.getAttribute('aria-label') || (field && field.getAttribute('aria-label'))
      || (e.querySelector('flt-semantics') ? '' : e.textContent) || '';
    // Flutter marks a scroller's axis 'scroll'; CSS then computes the other axis as 'auto'
    const scrolls = v => v === 'scroll';
    return {
      depth, parent, role, label: label.trim().slice(0, 80), control: CONTROLS.has(role),
      disabled: e.getAttribute('aria-disabled') === 'true',
      left: r.left, right: r.right, top: r.top, bottom: r.bottom,
      scroll_x: scrolls(style.overflowX) ? e.scrollWidth - e.clientWidth : 0,
      scroll_y: scrolls(style.overflowY),
    };
  });
  return {nodes, page_width: document.documentElement.scrollWidth};
}
