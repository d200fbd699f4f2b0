// What this browser remembers of its tables: the ones its person created or joined, with the
// links that were given to them (the server keeps no copy of a link's token, and lists no tables).
window.VitaMine = (() => {
  const KEY = "vita.tables";
  const read = () => { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; } };
  const write = list => { try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 100))); } catch { /* private mode */ } };
  return {
    all: read,
    get: table => read().find(t => t.table === table) || null,
    // Merge what is known of a table into its entry (newest first).
    remember(entry) {
      const list = read();
      const old = list.find(t => t.table === entry.table) || {};
      const known = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined));
      const merged = {...old, ...known, tokens: {...(old.tokens || {}), ...(entry.tokens || {})},
                      seen: new Date().toISOString()};
      write([merged, ...list.filter(t => t.table !== entry.table)]);
      return merged;
    },
    forget(table) { write(read().filter(t => t.table !== table)); },
    // The links of a table stopped working (taken over elsewhere): keep the table, drop its tokens.
    forgetTokens(table) { write(read().map(t => t.table === table ? {...t, tokens: {}, seat_links: {}} : t)); },
  };
})();

// Build a DOM node: h("p", {className: "x"}, "text", child); svgEl("circle", {cx: 5}) an SVG
// one. Text is always text, never markup; "on…" attributes are listeners.
function fillNode(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key === "className" ? "class" : key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
window.h = (tag, attrs, ...children) => fillNode(document.createElement(tag), attrs, children);
window.svgEl = (tag, attrs, ...children) => fillNode(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);

window.vitaConfig = () => JSON.parse(document.getElementById("vita-config").textContent);

// A new table's links (from creating it or a rematch): remembered in this browser, and
// listed in `list` as "label: link" lines.
window.showNewTable = function showNewTable(data, list, title, ownerLabel) {
  const seatLinks = {}, tokens = {};
  data.seats.filter(s => s.link).forEach(s => { seatLinks[s.seat] = s.link; tokens[s.seat] = s.token; });
  VitaMine.remember({table: data.table, game: data.game, title, players: data.seats.map(s => s.name),
                     owner_link: data.owner_link, hotseat_link: data.hotseat_link, seat_links: seatLinks, tokens});
  if (!list) return;
  const add = (text, href) => list.appendChild(h("li", {}, `${text}: `, h("a", {href}, href)));
  list.replaceChildren();
  data.seats.filter(s => s.link).forEach(s => add(`Seat ${s.seat + 1} (${s.name})`, s.link));
  add(ownerLabel, data.owner_link);
  add("Hot seat (all people at this device)", data.hotseat_link);
  add("Spectators", data.spectator_link);
};

// The time left until an ISO 8601 deadline, in words: "2 days 3 h", "5 min", "40 s", "no time".
window.timeLeft = function timeLeft(iso, nowMs = Date.now()) {
  const seconds = Math.floor((Date.parse(iso) - nowMs) / 1000);
  if (!(seconds > 0)) return "no time";
  const days = Math.floor(seconds / 86400), hours = Math.floor(seconds % 86400 / 3600);
  const minutes = Math.floor(seconds % 3600 / 60);
  if (days) return `${days} day${days > 1 ? "s" : ""}` + (hours ? ` ${hours} h` : "");
  if (hours) return `${hours} h` + (minutes ? ` ${minutes} min` : "");
  if (minutes) return `${minutes} min`;
  return `${seconds} s`;
};
