// The try-it panel of the page the sandbox serves: pick an operation, edit its body, and send it
// signed from the page (WebCrypto HMAC-SHA512) to the origin that served the page, nowhere else.
import { credentialFields, element, showPanel, shownJson, typedObject } from "./dom.js";
import { requestText, sendFromPage, signedRequest } from "./signing.js";

/** The button, the panel's controls and the panel holding them. */
function panelElements(operations, bodyFields, demo) {
  const open = element("button", { id: "txc-try-it-open", type: "button", "aria-controls": "txc-try-it" }, "Try it");
  const choice = element("select", { id: "txc-try-it-operation", "aria-label": "Operation" },
    ...operations.map((operation) => element("option", { value: operation.operationId }, `${operation.method} ${operation.path} (${operation.operationId})`)));
  const { key, secret, labels: credentialLabels, credentials } = credentialFields("txc-try-it", demo);
  const body = element("textarea", { id: "txc-try-it-body", "aria-label": "Request body", rows: "7", spellcheck: "false" });
  const send = element("button", { id: "txc-try-it-send", class: "txc-send", type: "button" }, "Send signed request");
  const sent = element("pre", { id: "txc-try-it-request", "aria-label": "The request as sent" });
  const answer = element("pre", { id: "txc-try-it-answer", "aria-label": "The answer", "aria-live": "polite" });
  const close = element("button", { id: "txc-try-it-close", class: "txc-close", type: "button", "aria-label": "Close" }, "×");
  // A form, as browsers expect around a password field; it is never submitted.
  const form = element("form", { id: "txc-try-it-form" },
    element("label", {}, "Operation", choice),
    ...credentialLabels,
    element("label", {}, `Body fields (${bodyFields.path} and ${bodyFields.nonce} are added when signing)`, body),
    send);
  form.addEventListener("submit", (event) => event.preventDefault());
  const panel = element("aside", { id: "txc-try-it", class: "txc-panel", hidden: "", "aria-label": "Try it" },
    element("header", {}, element("strong", {}, "Try it on this sandbox"), close),
    form,
    element("p", {}, "Request as sent"), sent,
    element("p", {}, "Answer"), answer);
  return { open, choice, key, secret, credentials, body, send, sent, answer, close, panel };
}

/**
 * The operation the reader is looking at: the last operation section whose top is above the upper
 * part of the window (Redoc gives each the id "<tag>/<operationId in lower case>"), else the one
 * the address names (#/<tag>/<operationid>), else none.
 */
function operationInView(operations) {
  const byLowerId = new Map(operations.map((operation) => [operation.operationId.toLowerCase(), operation.operationId]));
  let best;
  for (const section of document.querySelectorAll("[id]")) {
    const [tag, id, ...rest] = section.id.split("/");
    if (!tag || rest.length || !byLowerId.has(id)) continue;
    const top = section.getBoundingClientRect().top;
    if (top <= window.innerHeight * 0.4 && (!best || top > best.top)) best = { top, operationId: byLowerId.get(id) };
  }
  return best?.operationId ?? byLowerId.get(/^#\/[^/#]+\/([^/#?]+)/.exec(location.hash)?.[1] ?? "");
}

/** Adds the Try it button and its panel; `data` is the page's (#txc-page-data). */
export function addTryIt({ operations, signing, demo }) {
  const { open, choice, key, secret, credentials, body, send, sent, answer, close, panel } = panelElements(operations, signing.bodyFields, demo);
  const selected = () => operations.find((operation) => operation.operationId === choice.value);
  const clearExchange = () => {
    sent.textContent = answer.textContent = "";
    answer.removeAttribute("data-status");
  };
  const showExample = () => {
    const operation = selected();
    // What was sent and answered belongs to the operation before: not shown under this one.
    clearExchange();
    body.value = JSON.stringify(operation.example, null, 2);
    body.disabled = !operation.signed;
    key.disabled = secret.disabled = !operation.signed;
  };
  choice.addEventListener("change", showExample);
  open.addEventListener("click", () => {
    const inView = panel.hidden ? operationInView(operations) : undefined;
    if (inView && inView !== choice.value) {
      choice.value = inView;
      showExample();
    }
    showPanel(panel, panel.hidden);
  });
  close.addEventListener("click", () => showPanel(panel, false));

  send.addEventListener("click", async () => {
    const operation = selected();
    clearExchange();
    try {
      const request = await signedRequest(operation, operation.signed ? typedObject(body.value, { refusal: "Not sent", notJson: "the body is not JSON", notObject: "the body must be a JSON object of fields" }) : {}, credentials(), signing);
      sent.textContent = requestText(operation, request);
      const response = await sendFromPage(operation, request);
      answer.dataset.status = String(response.status);
      answer.textContent = `${response.status} ${response.statusText}\n\n${shownJson(response.text)}`;
    } catch (error) {
      answer.dataset.status = "error";
      answer.textContent = error.message;
    }
  });

  showExample();
  document.body.append(open, panel);
}
