/**
 * A base URL as the client and the command line take it: http or https, a path prefix allowed,
 * no credentials, query or fragment (they would be sent, leaked into errors, or dropped). Returns
 * the URL without its trailing slashes, or why it is refused; the refusal never repeats the value,
 * which may hold a password.
 */
export function checkBaseUrl(value: unknown): { url: string } | { problem: string } {
  if (typeof value !== "string" || value.trim() === "") return { problem: "is required: the API's base address, such as http://127.0.0.1:8080 (no host is guessed)" };
  if (value !== value.trim()) return { problem: "starts or ends with a space or a line break: remove it" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = undefined as never;
  }
  if (!url || !/^[a-z][a-z\d+.-]*:\/\//i.test(value)) {
    const withScheme = /^[\w.-]+(:\d+)?(\/|$)/.test(value) && !value.includes("@") ? `: did you mean http://${value}?` : "";
    return { problem: `needs a scheme, http:// or https://, such as http://127.0.0.1:8080${withScheme}` };
  }
  if (!/^https?:$/.test(url.protocol)) return { problem: `must be http:// or https://, not ${url.protocol}//` };
  if (url.username || url.password) return { problem: "must not hold credentials (user:password@): the API key and secret are given apart" };
  if (url.search || url.hash) return { problem: "must not hold a query or a fragment: requests go to its path" };
  return { url: `${url.origin}${url.pathname}`.replace(/\/+$/, "") };
}
