// The try-it panel of the page the sandbox serves: pick an operation, edit its body, and send it
// signed from the page (WebCrypto HMAC-SHA512) to the origin that served the page, nowhere else.
// The secret goes into the signature only. Plain script, no dependency: it runs under the page's
// Content-Security-Policy, which allows connections to the page's own origin alone.
(() => {
  const { operations, signing: { headers: names, bodyFields }, demo } = JSON.parse(document.getElementById("txc-try-it-data").textContent);
  const element = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };

  const open = element("button", { id: "txc-try-it-open", type: "button", "aria-controls": "txc-try-it" }, "Try it");
  const choice = element("select", { id: "txc-try-it-operation", "aria-label": "Operation" },
    ...operations.map((operation) => element("option", { value: operation.operationId }, `${operation.method} ${operation.path} (${operation.operationId})`)));
  const key = element("input", { id: "txc-try-it-key", "aria-label": "API key", autocomplete: "off", spellcheck: "false" });
  const secret = element("input", { id: "txc-try-it-secret", "aria-label": "API secret", autocomplete: "off", spellcheck: "false", type: "password" });
  const body = element("textarea", { id: "txc-try-it-body", "aria-label": "Request body", rows: "7", spellcheck: "false" });
  const send = element("button", { id: "txc-try-it-send", type: "button" }, "Send signed request");
  const sent = element("pre", { id: "txc-try-it-request", "aria-label": "The request as sent" });
  const answer = element("pre", { id: "txc-try-it-answer", "aria-label": "The answer", "aria-live": "polite" });
  const close = element("button", { id: "txc-try-it-close", type: "button", "aria-label": "Close" }, "×");
  // A form, as browsers expect around a password field; it is never submitted.
  const form = element("form", { id: "txc-try-it-form" },
    element("label", {}, "Operation", choice),
    element("label", {}, "API key (the sandbox's demo key)", key),
    element("label", {}, "API secret (the demo secret; used only to sign, never sent)", secret),
    element("label", {}, `Body fields (${bodyFields.path} and ${bodyFields.nonce} are added when signing)`, body),
    send);
  form.addEventListener("submit", (event) => event.preventDefault());
  const panel = element("aside", { id: "txc-try-it", hidden: "", "aria-label": "Try it" },
    element("header", {}, element("strong", {}, "Try it on this sandbox"), close),
    form,
    element("p", {}, "Request as sent"), sent,
    element("p", {}, "Answer"), answer);
  key.value = demo.key;
  secret.value = demo.secret;

  const selected = () => operations.find((operation) => operation.operationId === choice.value);
  const showExample = () => {
    const operation = selected();
    // What was sent and answered belongs to the operation before: not shown under this one.
    sent.textContent = answer.textContent = "";
    answer.removeAttribute("data-status");
    body.value = JSON.stringify(operation.example, null, 2);
    body.disabled = !operation.signed;
    key.disabled = secret.disabled = !operation.signed;
  };
  choice.addEventListener("change", showExample);

  // The operation the reader is looking at: the last operation section whose top is above the
  // upper part of the window (Redoc gives each the id "<tag>/<operationId in lower case>"), else
  // the one the address names (#/<tag>/<operationid>), else none.
  const byLowerId = new Map(operations.map((operation) => [operation.operationId.toLowerCase(), operation.operationId]));
  const operationInView = () => {
    let best;
    for (const section of document.querySelectorAll("[id]")) {
      const [tag, id, ...rest] = section.id.split("/");
      if (!tag || rest.length || !byLowerId.has(id)) continue;
      const top = section.getBoundingClientRect().top;
      if (top <= window.innerHeight * 0.4 && (!best || top > best.top)) best = { top, operationId: byLowerId.get(id) };
    }
    return best?.operationId ?? byLowerId.get(/^#\/[^/#]+\/([^/#?]+)/.exec(location.hash)?.[1] ?? "");
  };
  open.addEventListener("click", () => {
    const inView = panel.hidden ? operationInView() : undefined;
    if (inView && inView !== choice.value) {
      choice.value = inView;
      showExample();
    }
    panel.hidden = !panel.hidden;
  });
  close.addEventListener("click", () => { panel.hidden = true; });

  // Nonces strictly increasing across sends, as the sandbox requires per key.
  let lastNonce = 0;
  const nextNonce = () => (lastNonce = Math.max(Date.now(), lastNonce + 1));
  const base64 = (text) => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));
  async function hmacSha512Hex(secretText, message) {
    const cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(secretText), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
    const signature = await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(message));
    return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  async function signedRequest(operation) {
    let fields;
    try {
      fields = JSON.parse(body.value || "{}");
    } catch (error) {
      throw new Error(`Not sent: the body is not JSON: ${error.message}`);
    }
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw new Error("Not sent: the body must be a JSON object of fields");
    const text = JSON.stringify({ [bodyFields.path]: operation.path, [bodyFields.nonce]: String(nextNonce()), ...fields });
    const payload = base64(text);
    const headers = {
      "Content-Type": "application/json",
      [names.apiKey]: key.value,
      [names.payload]: payload,
      [names.signature]: await hmacSha512Hex(secret.value, payload),
    };
    return { headers, body: text };
  }

  send.addEventListener("click", async () => {
    const operation = selected();
    sent.textContent = answer.textContent = "";
    answer.removeAttribute("data-status");
    try {
      if (operation.signed && !globalThis.crypto?.subtle) {
        throw new Error(`Not sent: signing in the page needs WebCrypto, which browsers give only to secure pages: open this page at http://127.0.0.1:${location.port || 80}/ or http://localhost:${location.port || 80}/`);
      }
      const request = operation.signed ? await signedRequest(operation) : { headers: {}, body: undefined };
      sent.textContent = [`${operation.method} ${operation.path}`, ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`), "", request.body ?? ""].join("\n");
      // A path, never a URL: the request goes to the origin that served this page.
      const response = await fetch(operation.path, { method: operation.method, headers: request.headers, body: request.body, redirect: "error", credentials: "omit", cache: "no-store" })
        .catch((error) => Promise.reject(new Error(`the request failed on its way (is the sandbox still running?): ${error.message}`)));
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      answer.dataset.status = String(response.status);
      answer.textContent = `${response.status} ${response.statusText}\n\n${shown}`;
    } catch (error) {
      answer.dataset.status = "error";
      answer.textContent = error.message;
    }
  });

  showExample();
  document.body.append(open, panel);
})();
