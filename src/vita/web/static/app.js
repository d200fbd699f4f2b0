// The table page: follows a table over a WebSocket, draws it with the game's renderer,
// offers the legal actions (clickable on the board, or word by word), and sends choices
// with the move number they were chosen at.
//
// While the server cannot be reached the page says so and offers no choice; a refused
// choice (stale, illegal, not stored) says why and stays said until the next change.
(() => {
  const cfg = vitaConfig();
  const el = id => document.getElementById(id);
  let payload = null;          // what the server last sent for the seat shown
  let picked = [];             // narrowed to in the list of choices: a kind, then its first part's words
  let chosen = [];             // targets picked on the table ("card:17", then "meld:3"), in order
  let typingOpen = false;      // whether the "type notation" box is open
  let shownSeat = null;        // hot seat: whose screen is shown
  let lastLogSize = 0;
  let drawnKey = null;         // the position the table was last drawn for
  let marks = {};              // per seat: the log's size at that person's last action (later lines stay highlighted)
  let catalogue = {};
  let rules = {};              // kind of action (first word) → {section, quote}: the rulebook's words
  let thingRules = {};         // a thing on the table (a track, a sheet, a pile) → {section, quote}
  let socket = null;
  let live = false;            // the WebSocket is open: choices can be sent
  let handingOver = null;      // hot seat: the latest data, kept hidden until the next person is ready
  let tokens = {};             // hot seat: each person's token, kept in this browser only
  const plainTitle = document.title;

  const seatToken = seat => cfg.mode === "hotseat" ? tokens[seat] : cfg.token;
  const api = path => `/api/tables/${encodeURIComponent(cfg.table)}/${path}`;

  // A turn mail links to the table without the seat's token: the browser that holds one seat
  // of this table opens it (elsewhere the page watches, and the holder uses their own link).
  if (cfg.mode === "watch" && location.pathname === `/t/${cfg.table}`) {
    const links = Object.values((VitaMine.get(cfg.table) || {}).seat_links || {});
    if (links.length === 1) { location.replace(links[0]); return; }
  }

  // Turn mail: the holder's own address, sent to the server and kept nowhere on the page.
  const mailForm = el("mail-form");
  if (mailForm) {
    const state = el("mail-state");
    const send = async (method, body) => {
      try {
        const reply = await fetch(api(`email?token=${encodeURIComponent(cfg.token)}`), {method,
          headers: {"content-type": "application/json"}, body: body ? JSON.stringify(body) : undefined});
        const data = await reply.json();
        return reply.ok ? [true, data] : [false, data.error];
      } catch { return [false, "The server cannot be reached: try again."]; }
    };
    mailForm.addEventListener("submit", async event => {
      event.preventDefault();
      const [ok, answer] = await send("PUT", {email: el("mail-address").value});
      state.textContent = ok ? "A mail will tell you when it is your turn (and before your time runs out)." : answer;
      if (ok) el("mail-address").value = "";
    });
    el("mail-remove").addEventListener("click", async () => {
      const [ok, answer] = await send("DELETE");
      state.textContent = ok ? "No more mail: your address is forgotten." : answer;
    });
  }

  // The rule an action comes from, as "Section: “quote”" ("" if unknown).
  function ruleOf(notation) {
    const rule = rules[String(notation || "").trim().split(/\s+/)[0].toLowerCase()];
    return rule ? `${rule.section}: “${rule.quote}”` : "";
  }

  // The rulebook's words for a thing on the table or a kind of action, for its tooltip.
  function ruleFor(key) {
    const rule = thingRules[key] || rules[key];
    return rule ? `Rulebook, ${rule.section}: “${rule.quote}”` : "";
  }

  // Why a choice was refused, and the rule it comes from when the action is known.
  function problem(text, notation) {
    const box = el("problem");
    const rule = text && notation ? ruleOf(notation) : "";
    box.replaceChildren(text || "", rule ? h("span", {className: "rule"}, `Rule — ${rule}`) : "");
  }

  // Hot seat: a person's link stopped working (a new one was issued elsewhere). The page
  // forgets the links it holds and asks again which seats are played here.
  function seatsTakenElsewhere(status) {
    if (cfg.mode !== "hotseat" || status !== 403) return false;
    VitaMine.forgetTokens(cfg.table);
    location.reload();
    return true;
  }

  function setLive(state) {
    live = state === "live";
    el("app").dataset.connection = state;
    const box = el("connection");
    box.hidden = live;
    box.textContent = state === "connecting" ? "connecting…" : "reconnecting… (choices come back when the server answers)";
    el("actions").querySelectorAll("button, input").forEach(node => { node.disabled = !live; });
  }

  // -- hot seat: the people's tokens, from the creation link's fragment or this browser ----------

  function loadTokens() {
    const match = location.hash.match(/tokens=([^&]*)/);
    if (match) {
      const fromLink = {};
      match[1].split(",").filter(Boolean).forEach(pair => {
        const [seat, token] = pair.split(".");
        fromLink[seat] = token;
      });
      VitaMine.remember({table: cfg.table, game: cfg.game, title: cfg.title, tokens: fromLink});
      history.replaceState(null, "", location.pathname + location.search);  // out of the address bar
    }
    const kept = (VitaMine.get(cfg.table) || {}).tokens || {};
    tokens = {};
    (cfg.people || []).forEach(seat => { if (kept[seat]) tokens[seat] = kept[seat]; });
    return (cfg.people || []).filter(seat => !tokens[seat]);
  }

  function askForSeats(missing) {
    const box = el("actions");
    box.replaceChildren(
      h("h2", {}, "This device does not hold the people's links"),
      h("p", {}, `Seats ${missing.map(s => s + 1).join(", ")} were given to their players' links. Take them here: `
        + "each gets a new link, and the old links stop working."),
      h("button", {type: "button", className: "primary", id: "take-seats", onclick: async () => {
        for (const seat of missing) {
          const reply = await fetch(api(`seats/${seat}/link`), {method: "POST",
            headers: {"content-type": "application/json"}, body: JSON.stringify({owner_token: cfg.key})});
          const data = await reply.json();
          if (!reply.ok) { problem(data.error); return; }
          VitaMine.remember({table: cfg.table, tokens: {[seat]: data.token}});
        }
        loadTokens();
        start();
      }}, "Take the seats here"));
  }

  function activeSeat(data) {
    if (cfg.mode !== "hotseat") return null;
    const human = Object.keys(tokens).map(Number);
    const mover = (data.to_move || []).find(s => human.includes(s));
    return mover !== undefined ? mover : (shownSeat !== null ? shownSeat : human[0]);
  }

  // -- talking to the server ------------------------------------------------------------------

  async function fetchView(seat) {
    const token = cfg.mode === "hotseat" ? seatToken(seat) : cfg.token;
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    try {
      const reply = await fetch(api(`view${query}`));
      const data = await reply.json();
      if (!reply.ok) { if (!seatsTakenElsewhere(reply.status)) problem(data.error); return null; }
      return data;
    } catch { setLive("reconnecting"); return null; }
  }

  // Answers can arrive out of order (a request's reply after a newer pushed view): each
  // request takes a ticket, and an answer is shown only if no later request was made since.
  let requests = 0;
  function ticket() {
    const mine = ++requests;
    return () => mine === requests;
  }

  async function refresh(pushed) {
    let data = pushed;
    const current = ticket();
    if (cfg.mode === "hotseat" || !data) {
      const probe = data || await fetchView(null);
      if (!probe || !current()) return;
      const seat = activeSeat(probe);
      data = cfg.mode === "hotseat" ? await fetchView(seat) : probe;
      if (!data || !current()) return;
      if (cfg.mode === "hotseat" && shownSeat !== null && seat !== shownSeat && !data.over) {
        shownSeat = seat;
        return handOver(data);
      }
      shownSeat = seat;
    }
    show(data);
  }

  async function post(path, body) {
    const notation = body.action;
    let reply, data;
    try {
      reply = await fetch(api(path), {method: "POST", headers: {"content-type": "application/json"},
                                      body: JSON.stringify(body)});
      data = await reply.json();
    } catch {
      setLive("reconnecting");
      problem("The server cannot be reached: nothing was sent. Try again once it is back.");
      return null;
    }
    if (!reply.ok) {
      if (seatsTakenElsewhere(reply.status)) return null;
      problem(data.error, reply.status === 400 ? notation : null);  // an illegal action: its rule too
      if (reply.status === 409) await refresh();  // stale: show where the game is now, keep the reason
      return null;
    }
    problem("");
    return data;
  }

  function handOver(data) {
    const name = data.seats[shownSeat].name;
    handingOver = data;
    el("board").replaceChildren(); drawnKey = null; el("actions").replaceChildren(); el("log").replaceChildren();
    el("handover-text").textContent = `Pass the device to ${name}.`;
    el("handover").hidden = false;
    el("handover-ok").focus();
    el("handover-ok").onclick = () => {
      const latest = handingOver;
      handingOver = null;
      el("handover").hidden = true;
      show(latest);
    };
  }

  // The table for a view: the bar above it and the renderer's drawing.
  function drawing(data) {
    const ctx = {legal: data.legal, seat: data.seat, catalogue, pick: offerAt, send, seats: data.seats, rule: ruleFor};
    const render = window.VitaRenderers[data.game] || window.VitaRenderers.generic;
    const drawn = render(data, ctx);
    return [tableBar(drawn, data), drawn];
  }

  function show(data) {
    if (handingOver) { handingOver = data; return; }  // nothing of the next seat shows before it is ready
    const changed = payload && data.seq !== payload.seq;
    if (changed) { picked = []; chosen = []; problem(""); }
    payload = data;
    el("app").dataset.seq = data.seq;
    el("app").dataset.seat = data.seat === null ? "" : data.seat;
    drawStatus(data);
    const board = el("board");
    // The same position again (a note, a seat coming or going; a reply and its push): the
    // table is not drawn again, only what is around it.
    const key = JSON.stringify([data.seat, data.seq, data.over, data.to_move, data.view, data.legal, data.frozen || ""]);
    if (key !== drawnKey) {
      closeMenu();
      const before = changed && drawnKey ? places(board) : null;
      const arrived = changed || drawnKey === null;  // a new position, or the page's first
      if (data.frozen) {
        board.replaceChildren(h("p", {className: "note", id: "frozen"}, `${data.frozen}: shown from its stored result and log.`));
      } else {
        board.replaceChildren(...drawing(data));
      }
      drawnKey = key;
      const things = thingsOn(board);
      if (!data.frozen) markSince(data, things);
      lightNext();
      // Measured where things land, before they start sliding there; scrolled after, so that
      // the slides start from where they were seen.
      const lost = arrived && data.your_turn && !data.frozen ? firstIfNoneInView(board) : null;
      if (before) animateChanges(before, things);
      if (lost) lost.scrollIntoView({block: "center"});
    }
    if (changed) { board.classList.remove("flash"); void board.offsetWidth; board.classList.add("flash"); }
    drawActions();
    drawLog(data);
    drawSeats(data);
    drawEnd(data);
  }

  // A decision of yours whose things to act on all lie off the screen (on a phone, the goals
  // to choose from at the foot of a tall sheet): the first of them, to bring into view when
  // the decision arrives (not at every redrawing: reading elsewhere is left alone after).
  function firstIfNoneInView(board) {
    const dock = el("actions");
    const floor = getComputedStyle(dock).position === "fixed" ? dock.getBoundingClientRect().top : innerHeight;
    const targets = [...board.querySelectorAll(".clickable[data-target]")].filter(n => n.getClientRects().length);
    const inView = n => { const r = n.getBoundingClientRect(); return r.top >= 0 && r.bottom <= floor; };
    return targets.length && !targets.some(inView) ? targets[0] : null;
  }

  function drawStatus(data) {
    const names = data.to_move.map(s => data.seats[s].name).join(", ");
    const turn = el("turn");
    turn.className = "turn" + (data.your_turn ? " mine" : "");
    // A bot to move is shown thinking, from the change that asked it until its move arrives
    // (the page knows no more than that: a bot's move is released no earlier than its floor).
    const bots = data.to_move.filter(s => data.seats[s].kind === "bot").map(s => data.seats[s].name);
    const people = data.to_move.filter(s => data.seats[s].kind !== "bot").map(s => data.seats[s].name);
    const thinking = bots.length && !data.over
      ? h("span", {className: "thinking", id: "thinking"}, h("span", {className: "dots", "aria-hidden": "true"}),
          `${bots.join(", ")} ${bots.length > 1 ? "are" : "is"} thinking…`) : null;
    if (data.over) turn.replaceChildren("The game is over.");
    else if (data.your_turn) turn.replaceChildren("Your turn", thinking ? " · " : "", thinking || "");
    else if (thinking) turn.replaceChildren(thinking, people.length ? ` · waiting for ${people.join(", ")}` : "");
    else turn.replaceChildren(`Waiting for ${names}`);
    // A table with a time limit: each seat to move and the time it has left (its own clock).
    const clocks = data.over ? [] : data.to_move.filter(s => data.seats[s].deadline)
      .map(s => [s === data.seat ? "you" : data.seats[s].name, data.seats[s].deadline]);
    if (clocks.length) {
      const clock = h("span", {className: "clock", title: "the time each seat has left for this move; "
        + "past it the table's bot plays that move"});
      const tick = () => { clock.textContent = ` · ⏱ ${clocks.map(([who, d]) => `${who}: ${timeLeft(d)} left`).join(", ")}`; };
      tick();
      clearInterval(drawStatus.ticking);
      drawStatus.ticking = setInterval(tick, 15000);
      turn.append(clock);
    }
    // A note stays until the next one, but not past the end: "Bo has played" is no result.
    if (data.note || data.over) el("note").textContent = data.note || "";
    const who = data.seat === null ? "spectator" : data.seats[data.seat].name;
    el("title").textContent = `${data.title} — ${who}`;
    document.title = (data.your_turn ? "● Your turn — " : "") + plainTitle;
    setFavicon(data.your_turn);
    if (data.your_turn && document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification(`${data.title}: your turn`);
    }
  }

  function setFavicon(alert) {
    el("favicon").href = alert
      ? "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#c0392b"/><text x="16" y="23" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">!</text></svg>')
      : "/static/favicon.svg";
  }

  // -- showing what changed ------------------------------------------------------------------
  // The things on the table are known between two drawings by a key: a renderer's keyed piece
  // (data-key) and a card (data-card; a card word met again counts its copies) wherever they
  // go; a die, a sheet's square and a display slot by where they are. Each has a place (the
  // seats, rows, melds, spaces, families, slots and named areas around it) and a look (marked
  // or not, a die's face, a drawn piece's coordinates), together its sign.
  //
  // What moved slides from where it was (a card from a row to a player's area, a marker along a
  // track); what is new fades in where it lands (an hourglass on its space, a card drawn into a
  // hand). Nothing moves for a person whose system asks for less motion.

  const THINGS = "[data-key], [data-card], [data-die], .sq[data-square], [data-slot]";
  const PLACES = ["seat", "row", "meld", "space", "family", "slot"];

  function placeOf(node) {
    const chain = [];
    for (let at = node.parentElement; at && at.id !== "board"; at = at.parentElement) {
      const data = PLACES.filter(name => at.dataset && at.dataset[name] !== undefined).map(name => `${name}=${at.dataset[name]}`);
      const label = at.getAttribute("aria-label");
      if (data.length) chain.push(data.join(","));
      else if (label && !/\d/.test(label)) chain.push(label);  // a named area ("track", "hand"), not a count
    }
    return chain.reverse().join("/");
  }

  // key → {node, moves (a piece or a card: known wherever it goes), sign}
  function thingsOn(root) {
    const things = new Map(), seen = {};
    root.querySelectorAll(THINGS).forEach(node => {
      const d = node.dataset, place = placeOf(node);
      const moves = d.key !== undefined || d.card !== undefined;
      const base = d.key || (d.card !== undefined ? `card:${d.card}` : d.die !== undefined ? `die:${d.die}`
        : d.square !== undefined ? `${place}:sq${d.square}` : `${place}:slot${d.slot}`);
      seen[base] = (seen[base] || 0) + 1;
      const svg = node instanceof SVGElement
        ? ["cx", "cy", "x", "y", "points", "transform"].map(name => node.getAttribute(name) || "").join(" ") : "";
      const look = [node.classList.contains("x") ? "x" : "", node.classList.contains("frozen") ? "frozen" : "",
                    d.die !== undefined || d.slot !== undefined ? node.textContent : "", svg].join("|");
      things.set(seen[base] > 1 ? `${base}#${seen[base]}` : base, {node, moves, sign: `${moves ? place : ""}|${look}`});
    });
    return things;
  }

  const signs = things => new Map([...things].map(([key, thing]) => [key, thing.sign]));

  function places(root) {
    const out = new Map();
    thingsOn(root).forEach(({node, moves}, key) => { if (moves) out.set(key, node.getBoundingClientRect()); });
    return out;
  }

  function animateChanges(before, things) {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || !Element.prototype.animate) return;
    things.forEach(({node, moves}, key) => {
      if (!moves) return;
      const now = node.getBoundingClientRect();
      if (!now.width && !now.height) return;
      const was = before.get(key);
      if (!was) {
        node.animate([{opacity: 0, transform: "scale(.5)"}, {opacity: 1, transform: "none"}], {duration: 300, easing: "ease-out"});
        return;
      }
      // Inside a drawing, a shift is in the drawing's units, not the screen's.
      const scale = node.ownerSVGElement ? (node.ownerSVGElement.getScreenCTM() || {a: 1}).a || 1 : 1;
      const dx = (was.left - now.left) / scale, dy = (was.top - now.top) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      node.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "none"}], {duration: 400, easing: "ease-in-out"});
    });
  }

  // -- what the others did, shown where it happened ----------------------------------------------
  // The signs of the table's things as drawn after your last action are kept; until your next
  // one, every thing that is new or whose sign differs is highlighted (class "since"): the card
  // that came to a player or into a row, the marker that moved, the dice rolled, the box
  // marked. A spectator sees what the last change did.

  const since = {};            // per seat ("watch": a spectator): the signs to compare with

  // Your own action was taken: the table as it left it (``data``, the server's answer, drawn
  // aside) is the new start, whatever was drawn before the answer came (a pushed view of your
  // own move, or already the others' moves after it: those stay news).
  function restartSince(seat, data) {
    if (data.frozen) return;
    const aside = h("div", {}, ...drawing(data));
    since[seat] = signs(thingsOn(aside));
    if (!payload || payload.seat !== seat || payload.frozen) return;
    const board = el("board");
    board.querySelectorAll(".since").forEach(node => node.classList.remove("since"));
    markSince(payload, thingsOn(board));
  }

  function markSince(data, now) {
    const key = data.seat === null ? "watch" : data.seat;
    const base = since[key];
    if (base) now.forEach(({node, sign}, k) => { if (base.get(k) !== sign) node.classList.add("since"); });
    // Opening the page: nothing is news. A spectator: the last change is.
    if (!base || key === "watch") since[key] = signs(now);
    throughFolds("since");
  }

  // A folded area (another player's) says on its summary line that something in it is marked.
  function throughFolds(mark) {
    el("board").querySelectorAll("details.fold").forEach(box => {
      const line = box.querySelector(":scope > summary");
      if (line) line.classList.toggle(mark, !box.open && box.querySelector(`:scope > :not(summary) .${mark}, :scope > .${mark}`) !== null);
    });
  }

  // -- choosing on the table itself ----------------------------------------------------------
  // Every drawn thing a choice acts on carries the prompts' words for it (data-target: a card,
  // a space, a row, a meld, a die; renderers.js). A click on one picks it: the legal actions
  // whose parts include everything picked so far, in order, are what is left. Those with
  // nothing more to pick on the table are offered in a small menu beside the thing, each in its
  // words; the things that would take the others further (the meld a card attacks, the card a
  // space takes) light up, and a click on one picks it too. Only an element marked direct (an
  // action space) sends its one action at once: a tap to read a card never discards it. What
  // nothing on the table stands for (stop rolling, pass, done) is offered in the bar at its top.

  function closeMenu() {
    document.querySelectorAll(".board-menu").forEach(menu => menu.remove());
    document.removeEventListener("pointerdown", closeMenu.outside, true);
  }

  // The targets a drawing offers to click.
  const targetsIn = root => new Set([...root.querySelectorAll("[data-target]")].flatMap(n => n.dataset.target.split(" ")));

  // For each action still possible, the next of its targets that can be clicked on the table
  // after those picked (null: nothing more to pick there).
  function nextOf(candidates, drawn) {
    return candidates.map(a => {
      const targets = targetsOf(a);
      return targets.slice(pickedUpTo(chosen, targets)).find(t => drawn.has(t)) || null;
    });
  }

  // The things that would take the picking further light up ("next"); what was picked is marked.
  function lightNext() {
    const board = el("board");
    board.querySelectorAll(".next, .chosen").forEach(n => n.classList.remove("next", "chosen"));
    if (!chosen.length || !payload) return;
    const candidates = payload.legal.filter(a => follows(chosen, targetsOf(a)));
    const next = new Set(nextOf(candidates, targetsIn(el("board"))).filter(Boolean));
    board.querySelectorAll("[data-target]").forEach(node => {
      const mine = node.dataset.target.split(" ");
      if (mine.some(t => next.has(t))) node.classList.add("next");
      if (mine.some(t => chosen.includes(t))) node.classList.add("chosen");
    });
  }

  function startAgain() {
    picked = []; chosen = [];
    lightNext();
    if (payload) drawActions();
  }

  function offerAt(targets, node) {
    if (!payload) return;
    const legal = payload.legal;
    const further = targets.find(t => legal.some(a => follows([...chosen, t], targetsOf(a))));
    const fresh = targets.find(t => legal.some(a => follows([t], targetsOf(a))));
    chosen = further !== undefined && !chosen.includes(further) ? [...chosen, further] : fresh !== undefined ? [fresh] : [];
    picked = [];
    closeMenu();
    lightNext();
    drawActions();
    if (!node || !chosen.length) return;
    const candidates = legal.filter(a => follows(chosen, targetsOf(a)));
    if (candidates.length === 1 && node.dataset.direct !== undefined) { send(candidates[0].notation); return; }
    const next = nextOf(candidates, targetsIn(el("board")));
    const complete = candidates.filter((a, i) => next[i] === null);
    const going = candidates.length - complete.length;
    const head = complete.length === 1 && !going ? "Choose:" : complete.length ? `${complete.length} choices:` : "Next:";
    const menu = h("div", {className: "board-menu", role: "menu", "aria-label": `choices for ${node.getAttribute("aria-label") || "this"}`},
      h("div", {className: "menu-head"}, h("span", {}, head),
        h("button", {type: "button", className: "close", "aria-label": "close", onclick: closeMenu}, "×")),
      h("div", {className: "menu-list"}, complete.map(a => h("button", {type: "button", role: "menuitem", className: "menu-choice",
        "data-notation": a.notation, title: ruleOf(a.notation) || null,
        onclick: () => { closeMenu(); send(a.notation); }}, a.label, price(a)))),
      going ? h("p", {className: "menu-next"}, complete.length ? `or pick what lights up on the table (${going} more choices)`
                                                               : `pick what lights up on the table (${going} choices)`) : null);
    document.body.appendChild(menu);
    const box = node.getBoundingClientRect();
    const left = Math.max(4, Math.min(box.left, document.documentElement.clientWidth - menu.offsetWidth - 4));
    const below = box.bottom + 4 + menu.offsetHeight <= window.innerHeight || box.top < menu.offsetHeight + 4;
    menu.style.left = `${left + window.scrollX}px`;
    menu.style.top = `${(below ? box.bottom + 4 : box.top - menu.offsetHeight - 4) + window.scrollY}px`;
    closeMenu.outside = event => {
      if (menu.contains(event.target) || node.contains(event.target)) return;
      closeMenu();
    };
    setTimeout(() => document.addEventListener("pointerdown", closeMenu.outside, true), 0);
    const first = menu.querySelector(".menu-choice");
    if (first) first.focus({preventScroll: true});
  }

  // The legal actions no element of the drawn table stands for: buttons in a bar above it.
  function tableBar(drawn, data) {
    const bar = h("div", {className: "table-bar", id: "table-bar"});
    if (!data.legal.length || cfg.mode === "watch" || cfg.mode === "replay") { bar.hidden = true; return bar; }
    const marked = targetsIn(drawn);
    const loose = data.legal.filter(a => !targetsOf(a).some(t => marked.has(t)));
    if (!loose.length) { bar.hidden = true; return bar; }
    bar.append(h("span", {className: "bar-title"}, "Also:"),
      ...loose.map(a => h("button", {type: "button", className: "bar-choice", "data-notation": a.notation, title: ruleOf(a.notation) || null,
                                  onclick: () => send(a.notation)}, a.label)));
    return bar;
  }

  // Where a kind's long list splits: the first part whose words differ among the choices (a
  // project's card, a row), or -1 when none does.
  function varying(candidates) {
    const most = Math.max(0, ...candidates.map(a => (a.parts || []).length));
    for (let i = 0; i < most; i++) {
      if (new Set(candidates.map(a => (a.parts && a.parts[i]) ? a.parts[i].label : "")).size > 1) return i;
    }
    return -1;
  }

  // What a choice costs and gives, when its label does not say so already.
  function price(a) {
    const said = /\b(pay|gain|gives)\b/i.test(a.label);
    const amounts = (map, sign) => Object.entries(map || {}).map(([k, n]) => `${sign}${n} ${k.replace(/_/g, " ")}`);
    const parts = [...amounts(a.cost, "−"), ...amounts(a.gain, "+")];
    return said || !parts.length ? null : h("small", {className: "price"}, parts.join(", "));
  }

  function matches() {
    return payload.legal.filter(a => follows(chosen, targetsOf(a)) && (!picked.length || a.kind === picked[0])
      && picked.slice(1).every(words => (a.parts || []).some(part => part.label === words)));
  }

  // On a phone the list is docked under the screen, folded to one line by default: the table
  // above it is where choices are made. The person's wish (open or folded) is kept.
  const phone = () => window.matchMedia("(max-width: 900px)").matches;
  let dockOpen = (() => { try { return localStorage.getItem("vita.dock") === "open"; } catch { return false; } })();
  function dockToggle(box, count) {
    box.classList.toggle("folded", phone() && !dockOpen);
    if (!phone()) return;
    box.appendChild(h("button", {type: "button", className: "dock-toggle", "aria-expanded": String(dockOpen), onclick: () => {
      dockOpen = !dockOpen;
      try { localStorage.setItem("vita.dock", dockOpen ? "open" : "folded"); } catch { /* private mode */ }
      drawActions();
    }}, dockOpen ? "▾ Fold the list of choices" : `▴ The list of choices (${count})`));
  }

  function drawActions() {
    const box = el("actions");
    box.replaceChildren();
    box.classList.remove("folded");
    if (!payload || cfg.mode === "watch" || cfg.mode === "replay") {
      box.appendChild(h("p", {}, cfg.mode === "watch" ? "You are watching: hands stay hidden." : ""));
      return;
    }
    const mySeat = payload.seat !== null ? payload.seats[payload.seat] : null;
    if (mySeat && mySeat.kind === "bot") {
      box.appendChild(h("p", {}, `A ${mySeat.bot} bot plays this seat now.`));
    } else if (!payload.legal.length) {
      box.appendChild(h("p", {}, payload.over ? "" : "Not your turn yet."));
    } else {
      box.appendChild(h("h2", {}, "Your choices"));
      dockToggle(box, payload.legal.length);
      const candidates = matches();
      if (chosen.length || picked.length) {
        // In the game's words: the kind and the thing narrowed to (never the notation).
        const said = picked.length ? [candidates[0] ? candidates[0].kind_label : "", ...picked.slice(1)]
                                   : ["what you picked on the table"];
        box.appendChild(h("p", {className: "picked"}, `chosen: ${said.filter(Boolean).join(" › ")} `,
          h("button", {type: "button", onclick: startAgain}, "start again")));
      }
      // Listed in full up to a screenful (fewer on a phone, where the choices are docked
      // under the table); more are grouped, by kind and then by what they act on.
      // The rulebook's words for what is offered: for the choice pointed at or focused, else for
      // the kind of action narrowed to (on a phone, where nothing is hovered).
      const ruleLine = h("p", {className: "rule", id: "rule"});
      const showRule = notation => { ruleLine.textContent = ruleOf(notation); };
      const kinds = new Set(candidates.map(a => a.notation.split(" ")[0]));
      const narrowed = kinds.size === 1 ? candidates[0].notation : "";
      const byKind = picked.length === 0 && new Set(candidates.map(a => a.kind)).size > 1;
      const at = byKind ? -1 : varying(candidates);
      if (candidates.length <= (phone() ? 6 : 14) || (!byKind && at < 0)) {
        candidates.forEach(a => box.appendChild(h("button", {type: "button", className: "choice", title: ruleOf(a.notation) || null,
          "data-notation": a.notation, onclick: () => send(a.notation), onmouseenter: () => showRule(a.notation),
          onfocus: () => showRule(a.notation), onmouseleave: () => showRule(narrowed)}, a.label, price(a))));
      } else {
        // Grouped under the kind's words ("Take a project (3)"), then, within a kind, by the
        // thing its choices act on (a card, a row, a space); no notation is shown.
        const key = byKind ? (a => a.kind) : (a => (a.parts && a.parts[at]) ? a.parts[at].label : "");
        const next = new Map();
        candidates.forEach(a => {
          const group = next.get(key(a)) || {count: 0, example: a};
          group.count += 1;
          next.set(key(a), group);
        });
        const words = h("div", {className: "words"});
        for (const [word, {count, example}] of next) {
          const text = byKind ? example.kind_label : word;
          const step = byKind ? [word] : [...(picked.length ? picked : [example.kind]), word];
          words.appendChild(h("button", {type: "button", "data-word": word, title: ruleOf(example.notation) || null,
            onmouseenter: () => showRule(example.notation), onfocus: () => showRule(example.notation),
            onmouseleave: () => showRule(narrowed),
            onclick: () => { picked = step; drawActions(); }}, `${text} (${count})`));
        }
        box.appendChild(words);
      }
      box.appendChild(ruleLine);
      // As tall as the longest quote among those offered: none is cut off, and the choices
      // above do not jump as the pointer moves between them.
      let tallest = 0;
      for (const a of new Map(candidates.map(c => [c.notation.split(" ")[0], c])).values()) {
        showRule(a.notation);
        tallest = Math.max(tallest, ruleLine.scrollHeight);
      }
      ruleLine.style.height = `${tallest}px`;
      showRule(narrowed);
    }
    const typed = h("input", {type: "text", "aria-label": "type an action", placeholder: "an action in notation", maxlength: 400});
    const form = h("form", {onsubmit: e => { e.preventDefault(); if (typed.value.trim()) send(typed.value.trim()); }},
                   typed, h("button", {type: "submit"}, "send"));
    // The notation (the game's doc) is for those who want it: behind a toggle, kept open once opened.
    const notation = h("details", {className: "type-notation", open: typingOpen || null,
                                   ontoggle: e => { typingOpen = e.target.open; }},
                       h("summary", {}, "type notation"), form);
    if (payload.legal.length) box.appendChild(notation);
    const tools = h("p", {});
    if (payload.undo) tools.appendChild(h("button", {type: "button", onclick: undo}, "Undo"));
    if (cfg.hints && payload.legal.length && mySeat && mySeat.kind === "human" && !payload.over) {
      tools.appendChild(h("button", {type: "button", id: "hint-button", onclick: askHint}, "Hint"));
    }
    if (mySeat && mySeat.kind === "human" && !payload.over) {
      tools.appendChild(h("button", {type: "button", onclick: resign}, "Resign"));
    }
    if (window.Notification && Notification.permission === "default" && !payload.over) {
      tools.appendChild(h("button", {type: "button", onclick: () => Notification.requestPermission()}, "Notify me"));
    }
    box.appendChild(tools);
    if (hint && hint.seq === payload.seq && hint.seat === payload.seat) box.appendChild(hintLine(hint));
    if (!live) box.querySelectorAll("button, input").forEach(node => { node.disabled = true; });
  }

  function drawLog(data) {
    const log = el("log");
    log.replaceChildren();
    const start = data.log_size - data.log.length;
    // What the others did since your last action stays highlighted until your next one
    // (a spectator: what is new since the last change).
    const key = data.seat === null ? "watch" : data.seat;
    if (key === "watch") marks.watch = lastLogSize > 0 ? lastLogSize : data.log_size;
    else if (!(key in marks)) marks[key] = data.log_size;  // on opening the page: nothing is news yet
    data.log.forEach((line, i) => {
      const fresh = start + i >= marks[key];
      // Pointing at a line (or tapping it) outlines on the table the cards it names.
      log.appendChild(h("li", {className: fresh ? "fresh" : null, value: start + i + 1,
                               onmouseenter: () => tell(line), onmouseleave: () => tell(""), onclick: () => tell(line)}, line));
    });
    lastLogSize = data.log_size;
    log.scrollTop = log.scrollHeight;
  }

  // A thing's name as drawn: its data-name, else (a card) its title, a heading, or the first
  // line of its tooltip.
  function nameOf(node) {
    if (node.dataset.name) return node.dataset.name;
    const heading = node.querySelector(".title, h3");
    const text = heading ? heading.textContent : (node.getAttribute("title") || "").split("\n")[0];
    return text.replace(/^\s*\d+\s*(·\s*)?/, "").trim();
  }

  // The seats a thing on the table belongs to (a player's area, a family, a seat's piece), or
  // null for what is everybody's (a board space, a row of cards, the piles).
  function seatsOf(node) {
    const owner = node.closest("[data-seat], [data-seats]");
    if (!owner || !el("board").contains(owner)) return null;  // (#app says whose page it is: not an owner)
    return (owner.dataset.seats !== undefined ? owner.dataset.seats : owner.dataset.seat).split(" ").filter(Boolean).map(Number);
  }

  // Pointing at a log line (or tapping it) outlines on the table what it names: a card, a
  // space, a meld or a sheet's row by its name; a marker, the dice or a stress track by the
  // words that move it (data-tell). Where the line names players, only their things are.
  function tell(line) {
    const board = el("board");
    board.querySelectorAll(".told").forEach(node => node.classList.remove("told"));
    if (!line) return;
    const seats = (payload ? payload.seats : []).filter(s => s.name && new RegExp(`(^|\\W)${escapeRegExp(s.name)}(\\W|$)`).test(line))
      .map(s => s.seat);
    board.querySelectorAll("[data-card], [data-name], [data-tell]").forEach(node => {
      const owners = seatsOf(node);
      if (owners && seats.length && !owners.some(seat => seats.includes(seat))) return;
      const name = nameOf(node);
      const hit = node.dataset.tell ? new RegExp(node.dataset.tell, "i").test(line) : name.length >= 3 && line.includes(name);
      if (hit && (!node.dataset.tell || !owners || seats.length)) node.classList.add("told");
    });
    throughFolds("told");
  }
  const escapeRegExp = text => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  function drawSeats(data) {
    const list = h("ul", {});
    data.seats.forEach(s => list.appendChild(h("li", {}, seatMark(s.seat), ` ${s.name}`,
      s.kind === "bot" ? ` (${s.bot} bot)` : "", s.resigned ? " — resigned, a bot plays the seat" : "",
      !s.resigned && s.replaced ? " — handed to a bot" : "",
      s.kind === "human" && !s.connected ? " — away" : "",
      data.to_move.includes(s.seat) && !data.over ? (s.kind === "bot" ? " ← thinking…" : " ← to act") : "")));
    el("seats").replaceChildren(h("h2", {}, "Players"), list);
  }

  function drawEnd(data) {
    const box = el("end");
    if (!data.over) { box.hidden = true; return; }
    box.hidden = false;
    const keys = Object.keys(data.breakdown[0] || {}).filter(k => k !== "total");
    const table = h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "rank"), h("th", {}, "player"),
      keys.map(k => h("th", {}, k)), h("th", {}, "total"))));
    const body = h("tbody", {});
    data.seats.map(s => s.seat).sort((a, b) => data.ranking[a] - data.ranking[b]).forEach(seat => {
      const row = data.breakdown[seat];
      body.appendChild(h("tr", {}, h("td", {}, data.ranking[seat]), h("td", {}, seatMark(seat), " ", data.seats[seat].name),
        keys.map(k => h("td", {}, row[k])), h("td", {}, h("b", {}, data.scores[seat]))));
    });
    table.appendChild(body);
    const first = data.seats.filter(s => data.ranking[s.seat] === 1).map(s => s.name);
    const winner = first.length === 1 ? `${first[0]} wins` : `${first.join(" and ")} share the win`;
    box.replaceChildren(h("p", {className: "winner"}, h("b", {}, winner)), h("h2", {}, "Final scores"), table,
      h("p", {}, h("a", {href: `/t/${encodeURIComponent(cfg.table)}/replay`}, "Replay this game step by step")));
    if (cfg.key) box.appendChild(h("button", {type: "button", className: "primary", onclick: rematch}, "Rematch"));
    else box.appendChild(h("p", {id: "rematch-note"}, "The table's owner can start a rematch with the same seats: "
                                  + "your new link will appear here."));
  }

  async function send(notation) {
    if (!live) { problem("The server cannot be reached: nothing was sent."); return; }
    const current = ticket();
    const seat = payload.seat;
    const data = await post("actions", {token: seatToken(seat), seq: payload.seq, action: notation});
    if (!data) return;
    marks[seat] = data.log_size;  // your own action's lines are not news to you
    restartSince(seat, data);     // nor is what it changed on the table
    if (current()) refresh(cfg.mode === "hotseat" ? null : data);
    else if (payload) drawLog(payload);  // a newer view is already drawn (pushed before this reply)
  }

  // A hint, where the table's owner allows them: the search's choice for this seat, searched
  // from what the seat can see, with its expected outcome and the seat's outlook.
  let hint = null;
  async function askHint() {
    const button = el("hint-button");
    if (button) { button.disabled = true; button.textContent = "Thinking…"; }
    const data = await post("hint", {token: seatToken(payload.seat), seq: payload.seq});
    if (data) { hint = data; drawActions(); } else if (button) { button.disabled = false; button.textContent = "Hint"; }
  }
  function hintLine(data) {
    if (!data.hint) return h("p", {className: "search-hint", id: "hint"}, "Only one choice here.");
    const label = (data.labels || {})[data.hint.best] || (payload.legal.find(a => a.notation === data.hint.best) || {}).label;
    return h("p", {className: "search-hint", id: "hint"}, "The search would play ", h("strong", {}, label || "its choice"),
      ` (expected outcome ${signed(data.hint.best_value)}; your outlook ${percent(data.hint.outlook)}).`);
  }
  const signed = value => (value >= 0 ? "+" : "") + value.toFixed(2);
  const percent = value => `${Math.round(100 * value)}%`;

  async function undo() {
    const current = ticket();
    const data = await post("undo", {token: seatToken(payload.seat), seq: payload.seq});
    if (data && current()) refresh(cfg.mode === "hotseat" ? null : data);
  }

  async function resign() {
    if (!confirm("Resign your seat? A bot will play it from now on.")) return;
    await post("resign", {token: seatToken(payload.seat)});
  }

  async function rematch() {
    const data = await post("rematch", {owner_token: cfg.key});
    if (!data) return;
    showNewTable(data, null, cfg.title, "");
    location.href = data.hotseat_link;
  }

  // -- messages pushed by the server --------------------------------------------------------------

  function onMessage(data) {
    if (data.type === "rematch") {
      if (cfg.mode === "hotseat") return;  // the owner's own page moves on by itself
      const text = data.seat !== null ? "A rematch has started: your seat" : "A rematch has started: watch it";
      if (data.seat !== null) VitaMine.remember({table: data.table, seat_links: {[data.seat]: data.link}});
      const link = h("a", {href: data.link, id: "rematch-link"}, text);
      el("note").replaceChildren(link);
      const end = el("rematch-note");
      if (end) end.replaceChildren(h("a", {href: data.link}, text));
      return;
    }
    if (data.type === "revoked") {
      cfg.mode = "watch";
      cfg.token = null;
      history.replaceState(null, "", `/t/${encodeURIComponent(cfg.table)}/watch`);
      el("note").textContent = data.message;
      return;
    }
    refresh(cfg.mode === "hotseat" ? null : data);
  }

  function connect() {
    const token = cfg.mode === "play" ? cfg.token : null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}://${location.host}${api("ws")}${query}`);
    socket.onopen = () => { setLive("live"); };
    socket.onmessage = event => onMessage(JSON.parse(event.data));
    socket.onclose = event => {
      setLive("reconnecting");
      if (event.code === 4403 || event.code === 4404) {  // this link no longer opens the seat: watch instead
        problem(event.reason);
        if (cfg.mode === "play") { cfg.mode = "watch"; cfg.token = null; }
      }
      setTimeout(connect, 1000);  // the server restarted, or the network came back: follow again
    };
    clearInterval(connect.ping);
    connect.ping = setInterval(() => socket.readyState === 1 && socket.send("ping"), 20000);
  }

  async function replay() {
    let step = 0, total = 0;
    const draw = async () => {
      const reply = await fetch(api(`replay/${step}`));
      const data = await reply.json();
      if (!reply.ok) { problem(data.error); return; }
      total = data.total;
      el("title").textContent = `${data.title} — replay`;
      el("turn").textContent = `after action ${step} of ${total}` + (data.label ? `: ${data.label}` : "");
      const render = window.VitaRenderers[data.game] || window.VitaRenderers.generic;
      el("board").replaceChildren(render({...data, seat: null, legal: [], view: data.view},
                                         {legal: [], pick() {}, catalogue, seats: data.seats, rule: ruleFor}));
      el("log").replaceChildren(...data.log.map(line => h("li", {}, line)));
      const seats = data.seats;
      const analysis = h("section", {className: "analysis", id: "analysis"});
      if (step < total) {
        analysis.append(h("button", {type: "button", id: "analyse", onclick: () => analyse(step, seats, analysis)},
                          `Analyse action ${step + 1}`));
      }
      const go = delta => { step = Math.max(0, Math.min(total, step + delta)); draw(); };
      el("actions").replaceChildren(h("p", {className: "words"},
        // Plain characters every font has (the media symbols came out as empty boxes without emoji fonts).
        h("button", {type: "button", onclick: () => go(-step)}, "« start"),
        h("button", {type: "button", onclick: () => go(-10)}, "−10"),
        h("button", {type: "button", onclick: () => go(-1)}, "‹ back"),
        h("button", {type: "button", onclick: () => go(1), id: "replay-next"}, "next ›"),
        h("button", {type: "button", onclick: () => go(10)}, "+10"),
        h("button", {type: "button", onclick: () => go(total)}, "end »")), analysis);
      if (analysed.has(step)) analyse(step, seats, analysis);
    };
    draw();
  }

  // A finished game's decision as the search sees it from what that seat could see then.
  const analysed = new Map();
  async function analyse(step, seats, box) {
    let data = analysed.get(step);
    if (!data) {
      box.replaceChildren(h("p", {}, "The search is looking at this decision…"));
      const reply = await fetch(api(`analysis/${step}`));
      data = await reply.json();
      if (!reply.ok) { box.replaceChildren(h("p", {className: "error"}, data.error)); return; }
      analysed.set(step, data);
    }
    const who = seats[data.seat] ? seats[data.seat].name : `seat ${data.seat}`;
    const study = data.study;
    const words = notation => (data.labels || {})[notation] || "another action";  // in the game's words
    if (!study) { box.replaceChildren(h("p", {}, `Action ${step + 1}: ${who} had only one choice (${words(data.played)}).`)); return; }
    const verdict = study.best === data.played || (study.played_value !== null && study.played_value >= study.best_value)
      ? "the search finds nothing better"
      : `the search would play ${words(study.best)} (${signed(study.best_value)})`;
    const played = study.played_value === null ? "not tried by the search" : signed(study.played_value);
    const turning = study.played_value === null || study.best_value - study.played_value >= 0.3;
    const rows = seats.map((s, i) => h("tr", {}, h("td", {}, s.name), h("td", {}, percent(study.before[i])),
                                       h("td", {}, study.after ? percent(study.after[i]) : "—")));
    box.replaceChildren(
      h("p", {className: turning && study.best !== data.played ? "turning" : ""},
        `Action ${step + 1}: ${who} played ${words(data.played)} (${played}); ${verdict}.`,
        turning && study.best !== data.played ? " ◆ a turning point" : ""),
      h("table", {className: "outlook"}, h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "outlook before"),
        h("th", {}, "after the move"))), h("tbody", {}, ...rows)),
      h("ul", {}, ...study.options.map(o => h("li", {}, words(o.action), ` ${signed(o.value)} (${o.visits} playouts)`))));
  }

  // -- the rules, one tap away -------------------------------------------------------------------
  // "How to win" (and when the game ends, the solo or co-op target) and "How to play" (the
  // rulebook's sections for every kind of action, each with its words) open above the table;
  // both come from the game's rulebook.yaml (GET /api/games/{id}/rules), quoted word for word.

  function drawGuide(book) {
    const guide = el("guide");
    if (!guide) return;
    const quote = rule => h("blockquote", {}, `“${rule.quote}”`, h("cite", {}, ` — ${rule.section}`,
      rule.source && rule.source !== book.source ? " (expansion)" : ""));
    const panels = [];
    if (book.win) {
      panels.push(h("details", {className: "guide-panel", id: "how-to-win"}, h("summary", {}, "How to win"),
        h("div", {className: "guide-body"},
          h("p", {}, h("b", {}, "To win: "), book.win.summary, "."),
          book.win.solo ? h("p", {}, h("b", {}, "Alone (solo or co-op): "), book.win.solo, ".") : null,
          ...(book.win.rules || []).map(quote))));
    }
    // The sections in the order the rulebook's actions list them, each quote once.
    const sections = new Map();
    Object.values(book.actions || {}).forEach(rule => {
      const quotes = sections.get(rule.section) || [];
      if (!quotes.some(r => r.quote === rule.quote)) quotes.push(rule);
      sections.set(rule.section, quotes);
    });
    if (sections.size) {
      panels.push(h("details", {className: "guide-panel", id: "how-to-play"}, h("summary", {}, "How to play"),
        h("div", {className: "guide-body"},
          h("p", {className: "muted"}, "The rulebook's sections for each thing you can do, in its own words:"),
          ...[...sections].map(([section, quotes]) => h("section", {}, h("h3", {}, section),
            ...quotes.map(rule => h("p", {}, `“${rule.quote}”`, rule.source && rule.source !== book.source
              ? h("small", {className: "muted"}, " (expansion)") : null)))))));
    }
    // One open at a time; a tap outside closes it.
    panels.forEach(panel => panel.addEventListener("toggle", () => {
      if (panel.open) panels.forEach(other => { if (other !== panel) other.open = false; });
    }));
    document.addEventListener("pointerdown", event => {
      if (!guide.contains(event.target)) panels.forEach(panel => { panel.open = false; });
    });
    guide.replaceChildren(...panels);
  }

  async function start() {
    try {
      const reply = await fetch(`/api/games/${encodeURIComponent(cfg.game)}/catalogue`);
      if (reply.ok) catalogue = await reply.json();
      const book = await fetch(`/api/games/${encodeURIComponent(cfg.game)}/rules`);
      if (book.ok) {
        const data = await book.json();
        rules = data.actions || {};
        thingRules = data.things || {};
        drawGuide(data);
      }
    } catch { catalogue = catalogue || {}; }
    if (cfg.mode === "replay") { el("app").dataset.connection = "live"; return replay(); }
    if (cfg.mode === "hotseat") {
      const missing = loadTokens();
      if (missing.length) { askForSeats(missing); return; }
    }
    setLive("connecting");
    await refresh();
    if (cfg.mode === "play" && payload && payload.seat !== null) {
      VitaMine.remember({table: cfg.table, game: cfg.game, title: cfg.title, players: payload.seats.map(s => s.name),
                         seat_links: {[payload.seat]: location.href}});
    }
    if (!socket) connect();
  }
  // Phone: the choices are docked at the bottom (style.css); keep room under the page for them.
  const dock = el("actions");
  new ResizeObserver(() => {
    document.body.style.paddingBottom = getComputedStyle(dock).position === "fixed" ? `${dock.offsetHeight + 8}px` : "";
  }).observe(dock);
  // A renderer may lay the table out for the screen's width (a narrow board on a phone): one
  // that crosses a breakpoint is drawn again.
  ["(max-width: 900px)", "(max-width: 600px)"].forEach(query => window.matchMedia(query).addEventListener("change", () => {
    if (payload && cfg.mode !== "replay") { drawnKey = null; show(payload); }
  }));
  document.addEventListener("keydown", event => {
    if (event.key === "Escape") { closeMenu(); startAgain(); }
  });
  start();
})();
