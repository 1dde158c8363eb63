// Highlighting for the code blocks of the page's text (Redoc renders a fenced block as a plain
// <pre data-language>): highlight.js, each block's words wrapped in spans, its text unchanged (the
// copy button copies the text). A block is changed only once React has taken it over (a hydrated
// or client-rendered node carries React's fiber key): changing a server-rendered node before
// React hydrates it would make React throw the page's render away. Blocks appear as routes open,
// so new ones are looked for on every change of the page, and on a timer while some wait for React.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import typescript from "highlight.js/lib/languages/typescript";

/** The guides' fence languages, by the name highlight.js knows them under ("text" is left plain). */
const LANGUAGES = { ts: "typescript", typescript: "typescript", js: "javascript", javascript: "javascript", sh: "bash", bash: "bash", shell: "bash", json: "json" };
hljs.registerLanguage("typescript", typescript);
hljs.registerLanguage("javascript", javascript);
hljs.registerLanguage("bash", bash);
hljs.registerLanguage("json", json);

const RETRY_MS = 500;
/** A block React has not taken over by then never will be (its render failed): it is highlighted as it is. */
const WAIT_FOR_REACT_MS = 30_000;
const isReacts = (node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"));

export function highlightCode() {
  const started = Date.now();
  let timer;
  const highlight = () => {
    timer = undefined;
    let waiting = false;
    for (const pre of document.querySelectorAll(".api-content pre[data-language]:not([data-highlighted])")) {
      const language = LANGUAGES[pre.dataset.language];
      // Plain text, or a block whose element holds more than its text: left as it is.
      if (!language || pre.children.length > 0) {
        pre.setAttribute("data-highlighted", "no");
        continue;
      }
      if (!isReacts(pre) && Date.now() - started < WAIT_FOR_REACT_MS) {
        waiting = true;
        continue;
      }
      pre.innerHTML = hljs.highlight(pre.textContent, { language, ignoreIllegals: true }).value;
      pre.setAttribute("data-highlighted", language);
    }
    if (waiting) timer ??= setTimeout(highlight, RETRY_MS);
  };
  const soon = () => (timer ??= setTimeout(highlight, 0));
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
  soon();
}
