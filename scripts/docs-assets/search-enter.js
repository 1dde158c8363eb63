// Enter in the page's search box goes to the first result. Redoc's search dialog selects a result
// only once an arrow key is pressed, and Enter typed straight after the words did nothing.
const RESULT = '[data-component-name="Search/SearchItem"]';

export function enterGoesToFirstResult() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    const first = event.target.closest('[data-testid="search-dialog"]')?.querySelector(RESULT);
    if (!first) return;
    event.preventDefault();
    first.click();
  });
}
