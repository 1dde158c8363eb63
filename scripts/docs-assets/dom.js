// The served page's panels build their elements with this, and show one panel at a time (they
// open at the same place).

/** An element with attributes and children. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * A panel's API key and secret fields, filled with the sandbox's demo key (ids `<prefix>-key` and
 * `<prefix>-secret`), and their labels: `credentials()` reads them when a request is signed.
 */
export function credentialFields(prefix, demo) {
  const key = element("input", { id: `${prefix}-key`, "aria-label": "API key", autocomplete: "off", spellcheck: "false" });
  const secret = element("input", { id: `${prefix}-secret`, "aria-label": "API secret", autocomplete: "off", spellcheck: "false", type: "password" });
  key.value = demo.key;
  secret.value = demo.secret;
  return {
    key, secret,
    labels: [
      element("label", {}, "API key (the sandbox's demo key)", key),
      element("label", {}, "API secret (the demo secret; used only to sign, never sent)", secret),
    ],
    credentials: () => ({ key: key.value, secret: secret.value }),
  };
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

/**
 * The JSON object the reader typed in a panel; else an Error in the panel's words: "<refusal>:
 * <notJson>: <the parser's reason>" or "<refusal>: <notObject>" (and nothing is sent).
 */
export function typedObject(text, { refusal, notJson, notObject }) {
  let value;
  try {
    value = JSON.parse(text || "{}");
  } catch (error) {
    throw new Error(`${refusal}: ${notJson}: ${error.message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error(`${refusal}: ${notObject}`);
  return value;
}
