// A copy button on each code block of the guides and sections (Redoc's own code panels have one):
// it copies the block's text exactly as the guide holds it.
import { element } from "./dom.js";

/** The blocks that get one: every <pre> of the page's text but Redoc's code panels. */
const isProseBlock = (pre) => pre.closest(".api-content") && !pre.matches('[data-component-name="CodeBlock/CodeBlockContainer"]') && !pre.closest(".txc-panel");

function addButton(pre) {
  pre.dataset.txcCopy = "";
  const button = element("button", { class: "txc-copy", type: "button", "aria-label": "Copy this code" }, "Copy");
  button.addEventListener("click", async () => {
    const text = (pre.querySelector("code") ?? pre).textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
    setTimeout(() => (button.textContent = "Copy"), 1500);
  });
  pre.before(button);
}

/** Adds the buttons as Redoc renders the sections, and to the blocks already there. */
export function addCopyButtons() {
  const addAll = () => {
    for (const pre of document.querySelectorAll("pre:not([data-txc-copy])")) if (isProseBlock(pre)) addButton(pre);
  };
  addAll();
  new MutationObserver(addAll).observe(document.body, { childList: true, subtree: true });
}
