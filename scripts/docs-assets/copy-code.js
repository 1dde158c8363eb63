// A copy button for the code blocks of the page's text (Redoc's own code panels have one): it copies
// the block as shown. One button, kept outside Redoc's tree (inserting nodes into what React
// renders breaks its routing), placed over the top right of the block the pointer or the keyboard
// is on; each block is made focusable so that the keyboard reaches it.
import { element } from "./dom.js";

/** The blocks that get it: every <pre> of the page's text but Redoc's code panels. */
const isProseBlock = (node) => node instanceof Element && node.matches("pre") && node.closest(".api-content") && !node.matches('[data-component-name="CodeBlock/CodeBlockContainer"]');

export function addCopyButtons() {
  const button = element("button", { id: "txc-copy", class: "txc-copy", type: "button", "aria-label": "Copy this code", hidden: "" }, "Copy");
  let block;
  const place = (pre) => {
    block = pre;
    const box = pre.getBoundingClientRect();
    button.style.top = `${box.top + window.scrollY + 4}px`;
    button.style.left = `${box.right + window.scrollX - 72}px`;
    button.textContent = "Copy";
    button.hidden = false;
  };
  const proseBlockOf = (target) => (target instanceof Element ? target.closest("pre") : null);
  document.addEventListener("pointerover", (event) => {
    const pre = proseBlockOf(event.target);
    if (pre && isProseBlock(pre)) place(pre);
  });
  document.addEventListener("focusin", (event) => {
    if (isProseBlock(event.target)) place(event.target);
  });
  // Focusable, so that Tab reaches each block and its button: an attribute, which React leaves alone.
  const focusable = () => {
    for (const pre of document.querySelectorAll("pre:not([tabindex])")) if (isProseBlock(pre)) pre.setAttribute("tabindex", "0");
  };
  focusable();
  new MutationObserver(focusable).observe(document.body, { childList: true, subtree: true });
  button.addEventListener("click", async () => {
    if (!block) return;
    try {
      await navigator.clipboard.writeText((block.querySelector("code") ?? block).textContent);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
  });
  document.body.append(button);
}
