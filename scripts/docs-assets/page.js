// The served page's script, bundled by scripts/docs.mjs into one inline script: the Try it panel
// and the workflow panel, from the data the build writes into the page (#txc-page-data), a route
// opened directly scrolled to, and a copy button on each code block of the text.
import { addTryIt } from "./try-it.js";
import { addWorkflowPanel } from "./run-workflow.js";
import { goToOpenedRoute } from "./deep-link.js";
import { addCopyButtons } from "./copy-code.js";

const data = JSON.parse(document.getElementById("txc-page-data").textContent);
addTryIt(data);
addWorkflowPanel(data);
goToOpenedRoute();
addCopyButtons();
