// Shared helpers for game renderers, and the generic renderer every game falls back on.
//
// A renderer is window.VitaRenderers[gameId] = (payload, ctx) => HTMLElement. The payload is
// what the server sends a seat (view, legal actions as prompts, log...). ctx.pick(targets, node)
// offers the legal actions whose parts include those targets beside the node (and narrows the
// choice panel to them): a renderer makes a card, a space or a die clickable with pickable()
// below. ctx.send(notation) sends an action a renderer composed itself (a meld picked in the
// hand). ctx.catalogue holds card texts (hover or tap shows them).
window.VitaRenderers = window.VitaRenderers || {};

// h(tag, attrs, ...children) builds DOM nodes (common.js): text is always text, never markup.

// Seats are told apart by a shape and a name beside the colour (colour-blind friendly).
window.SEAT_MARKS = ["●", "■", "▲", "◆", "★", "✚", "⬟", "⬢"];
window.SEAT_COLOURS = ["#c0392b", "#1f5fbf", "#2e8b57", "#b8860b", "#8e44ad", "#16a085", "#d35400", "#555"];
window.seatMark = seat => h("span", {className: "seat-mark", style: `color:${SEAT_COLOURS[seat % 8]}`,
                                      "aria-label": `seat ${seat + 1}`}, SEAT_MARKS[seat % 8]);

// What a prompt (one legal action as the server describes it) acts on, as the table's targets:
// "kind:<kind>" first, then each part as "<type>:<id>" (a set of dice as one "die:<n>" per die).
// A drawn thing that stands for a part carries the same words in its data-target attribute.
window.targetsOf = function targetsOf(prompt) {
  const parts = (prompt.parts || []).flatMap(p => p.type === "dice" ? p.id.map(d => `die:${d}`) : [`${p.type}:${p.id}`]);
  return [`kind:${prompt.kind}`, ...parts];
};

// Where the picking of a prompt stands: the index in its targets just past the last of `picked`
// (targets in the order they were picked), or -1 if they are not all among its own, in its order.
window.pickedUpTo = function pickedUpTo(picked, targets) {
  let at = 0;
  for (const t of picked) {
    at = targets.indexOf(t, at) + 1;
    if (!at) return -1;
  }
  return at;
};
window.follows = (picked, targets) => pickedUpTo(picked, targets) >= 0;

// Make a drawn thing stand for a part of the seat's choices: `targets` ("card:17", "space:study",
// "row:home"; several apart by spaces, e.g. a CV card that can be lost or have a card put under
// it) as the prompts name it. It becomes clickable when some legal action uses one of them: a
// click offers those actions beside it, or lights up the next thing to pick (app.js). `direct`:
// an element whose one action is sent at once (an action space: placing there is what a click on
// it means).
window.pickable = function pickable(node, ctx, targets, direct) {
  if (!ctx.legal.length) return node;
  const list = targets.split(" ");
  const uses = ctx.legal.filter(a => targetsOf(a).some(t => list.includes(t)));
  if (!uses.length) return node;
  node.classList.add("clickable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", uses.length === 1 ? uses[0].label : `${uses.length} choices`);
  node.dataset.target = targets;
  if (direct) node.dataset.direct = "";
  const go = event => { event.stopPropagation(); ctx.pick(list, node); };  // the innermost element chooses
  node.addEventListener("click", go);
  node.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
  return node;
};

// Another player's area (or a part of the table one looks at now and then): a line that sums
// it up, the rest opened on demand by a tap on that line. It opens by itself while one of the
// seat's choices acts on something inside it; otherwise it stays as the person last left it,
// open or folded, from one drawing of the table to the next. (A spectator's areas are all
// others': the renderers open them by default.)
const folds = {};  // key → true (opened by the person) or false (folded by the person)
window.fold = function fold(key, summary, body, openByDefault) {
  const parts = [body].flat(Infinity).filter(Boolean);
  const acting = parts.some(n => n.nodeType === 1 && (n.matches(".clickable") || n.querySelector(".clickable")));
  const open = acting || (key in folds ? folds[key] : Boolean(openByDefault));
  const box = h("details", {className: "fold", "data-fold": key, open: open || null});
  box.append(h("summary", {onclick: () => { folds[key] = !box.open; }}, summary), ...parts);
  return box;
};

// Show a card's full text on hover (the browser's own tooltip) and on tap, for phones: in a
// strip at the top of the screen, so it never covers the cards around the one tapped; the
// next tap anywhere, a scroll, or 4 seconds take it away.
window.withTip = function withTip(node, text) {
  if (!text) return node;
  if (node instanceof SVGElement) {  // a drawn thing's tooltip is its <title>
    [...node.children].filter(c => c.tagName === "title").forEach(c => c.remove());
    node.prepend(svgEl("title", {}, text));
  } else {
    node.title = text;
  }
  node.addEventListener("click", () => {
    let tip = document.querySelector(".tip");
    if (!tip) { tip = h("div", {className: "tip", role: "tooltip"}); document.body.appendChild(tip); }
    tip.textContent = text;
    // A strip at the top of the screen, or at its foot when the card itself is at the top.
    tip.classList.remove("low");
    if (node.getBoundingClientRect().top < tip.getBoundingClientRect().bottom + 4) tip.classList.add("low");
    clearTimeout(tip.timer);
    const away = () => { tip.remove(); document.removeEventListener("pointerdown", away); window.removeEventListener("scroll", away); };
    tip.timer = setTimeout(away, 4000);
    setTimeout(() => { document.addEventListener("pointerdown", away); window.addEventListener("scroll", away, {passive: true}); }, 0);
  });
  return node;
};

window.VitaRenderers.generic = function generic(payload) {
  return h("div", {}, h("p", {}, "This game has no table drawing yet: its position as JSON."),
           h("pre", {className: "json"}, JSON.stringify(payload.view, null, 1)));
};

// A seat's piece on a drawn board: its shape and colour, as seatMark gives them in text
// (svgEl, in common.js, builds SVG nodes as h() does HTML ones).
window.seatShape = function seatShape(seat, x, y, r) {
  const fill = SEAT_COLOURS[seat % 8];
  const style = {fill, stroke: "#fff", "stroke-width": Math.max(1, r / 4)};
  const title = svgEl("title", {}, `seat ${seat + 1}`);
  const points = list => list.map(([dx, dy]) => `${x + dx * r},${y + dy * r}`).join(" ");
  switch (seat % 8) {
    case 0: return svgEl("circle", {cx: x, cy: y, r, ...style}, title);
    case 1: return svgEl("rect", {x: x - r * .9, y: y - r * .9, width: r * 1.8, height: r * 1.8, ...style}, title);
    case 2: return svgEl("polygon", {points: points([[0, -1.1], [1, .8], [-1, .8]]), ...style}, title);
    case 3: return svgEl("polygon", {points: points([[0, -1.1], [1.1, 0], [0, 1.1], [-1.1, 0]]), ...style}, title);
    case 4: return svgEl("polygon", {points: points([[0, -1.2], [.3, -.4], [1.15, -.37], [.48, .15], [.71, 1], [0, .5],
                                                    [-.71, 1], [-.48, .15], [-1.15, -.37], [-.3, -.4]]), ...style}, title);
    case 5: return svgEl("polygon", {points: points([[-.35, -1], [.35, -1], [.35, -.35], [1, -.35], [1, .35], [.35, .35],
                                                    [.35, 1], [-.35, 1], [-.35, .35], [-1, .35], [-1, -.35], [-.35, -.35]]), ...style}, title);
    default: return svgEl("polygon", {points: points([[-.5, -.9], [.5, -.9], [1, 0], [.5, .9], [-.5, .9], [-1, 0]]), ...style}, title);
  }
};
