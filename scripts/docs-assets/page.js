// The served page's script, bundled by scripts/docs.mjs into one inline script: the Try it panel
// and the workflow panel, from the data the build writes into the page (#txc-page-data); a copy
// button on each code block of the text, and its highlighting; Enter in the search box going to
// the first result. (A route opened as a path is route-from-path.js's, which runs before Redoc.)
import { addTryIt } from "./try-it.js";
import { addWorkflowPanel } from "./run-workflow.js";
import { addCopyButtons } from "./copy-code.js";
import { highlightCode } from "./highlight-code.js";
import { enterGoesToFirstResult } from "./search-enter.js";

const data = JSON.parse(document.getElementById("txc-page-data").textContent);
addTryIt(data);
addWorkflowPanel(data);
addCopyButtons();
highlightCode();
enterGoesToFirstResult();
