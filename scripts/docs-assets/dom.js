// The served page's panels build their elements with this, and show one panel at a time (they
// open at the same place).

/** An element with attributes and children. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Shows `panel` (or hides it, when `shown` is false), hiding the page's other panels. */
export function showPanel(panel, shown = true) {
  if (shown) for (const other of document.querySelectorAll(".txc-panel")) if (other !== panel) other.hidden = true;
  panel.hidden = !shown;
}

/** JSON as the panels show it: indented; text that is not JSON as it is. */
export const shownJson = (text) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};
