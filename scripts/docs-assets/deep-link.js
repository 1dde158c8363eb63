// A route of the page opened directly (a sidebar or heading link in a new tab, reloaded, pasted):
// the sandbox answers the page at that path, and the page scrolls to the route's element, as a
// click in the sidebar would. Redoc lays the page out (and may scroll back to the top) after the
// element first exists, so the scroll is made again until the element has stayed in place for a
// while. A route the page does not have stays at the top.

const WAIT_MS = 20_000;
const FRAMES_IN_PLACE = 30;

export function goToOpenedRoute() {
  const id = decodeURIComponent(location.pathname.replace(/^\/+/, ""));
  if (!id || location.hash) return;
  const started = Date.now();
  let inPlace = 0;
  const look = () => {
    const element = document.getElementById(id);
    const top = element?.getBoundingClientRect().top;
    if (top !== undefined && Math.abs(top) <= 4) inPlace++;
    else {
      inPlace = 0;
      element?.scrollIntoView();
    }
    if (inPlace < FRAMES_IN_PLACE && Date.now() - started < WAIT_MS) requestAnimationFrame(look);
  };
  // A reader who scrolls or clicks first has taken over.
  const stop = () => (inPlace = FRAMES_IN_PLACE);
  addEventListener("wheel", stop, { once: true, passive: true });
  addEventListener("keydown", stop, { once: true });
  addEventListener("pointerdown", stop, { once: true });
  look();
}
