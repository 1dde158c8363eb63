// The served page's first script, before Redoc's: a route of the page opened as a path (a sidebar
// or heading link in a new tab, reloaded or pasted: the sandbox answers the page at any path a
// browser asks for) is made the hash route Redoc reads when it starts, so that Redoc itself opens
// it (a guide's heading is rendered only once its route is opened). /section/rate-limits becomes
// /#/section/rate-limits; the address shown is that one, which works anywhere it is pasted.
if (location.pathname !== "/" && !location.hash) history.replaceState(history.state, "", `/#${location.pathname}${location.search}`);
