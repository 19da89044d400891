// Live updates (issue 50 item 6): the page follows its game's server-sent events
// (`GET /api/sessions/ID/events`): each names the game's version, and a version
// other than the page's means another page, tab or computer changed the game, so
// the page draws it again.  The game's address (#ID) is its share link: opened in
// a second browser, the same game, to play the other side or watch.

const $ = (sel) => document.querySelector(sel);

let source = null;  // the EventSource of the game followed
let of = null;      // its id

// Follows game `id`: `changed(version)` at each event (once when the stream opens).
export function listen(id, changed) {
  if (of === id) return;
  if (source) source.close();
  of = id;
  document.body.dataset.live = "connecting";
  source = new EventSource(`/api/sessions/${id}/events`);
  const mine = source;
  source.addEventListener("open", () => { if (source === mine) document.body.dataset.live = "open"; });
  source.addEventListener("error", () => {
    // the browser tries again by itself unless the game is gone
    if (source === mine) document.body.dataset.live = mine.readyState === EventSource.CLOSED ? "closed" : "connecting";
  });
  source.addEventListener("changed", (e) => { if (source === mine) changed(e.data); });
  const link = `${location.origin}${location.pathname}#${id}`;
  $("#share").href = link;
  $("#share").textContent = link;
}

export function setupLive() {
  $("#copy-share").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("#share").href));
}
