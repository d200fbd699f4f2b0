// The table page: follows a table over a WebSocket, draws it with the game's renderer,
// offers the legal actions (clickable on the board, or word by word), and sends choices
// with the move number they were chosen at.
(() => {
  const cfg = window.VITA;
  const el = id => document.getElementById(id);
  let payload = null;          // what the server last sent for the seat shown
  let picked = [];             // words chosen so far in the action picker
  let filter = [];             // words chosen by clicking the board
  let shownSeat = null;        // hot seat: whose screen is shown
  let lastLogSize = 0;
  let catalogue = {};
  let socket = null;
  let handingOver = null;      // hot seat: the latest data, kept hidden until the next person is ready
  const plainTitle = document.title;

  const seatToken = seat => cfg.mode === "hotseat" ? (cfg.tokens || {})[seat] : cfg.token;

  function activeSeat(data) {
    if (cfg.mode !== "hotseat") return null;
    const human = Object.keys(cfg.tokens || {}).map(Number);
    const mover = (data.to_move || []).find(s => human.includes(s));
    return mover !== undefined ? mover : (shownSeat !== null ? shownSeat : human[0]);
  }

  async function fetchView(seat) {
    const token = cfg.mode === "hotseat" ? seatToken(seat) : cfg.token;
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    const reply = await fetch(`/api/tables/${cfg.table}/view${query}`);
    if (!reply.ok) { el("note").textContent = (await reply.json()).error; return null; }
    return reply.json();
  }

  async function refresh(pushed) {
    let data = pushed;
    if (cfg.mode === "hotseat" || !data) {
      const probe = data || await fetchView(null);
      if (!probe) return;
      const seat = activeSeat(probe);
      data = cfg.mode === "hotseat" ? await fetchView(seat) : probe;
      if (!data) return;
      if (cfg.mode === "hotseat" && shownSeat !== null && seat !== shownSeat && !data.over) {
        shownSeat = seat;
        return handOver(data);
      }
      shownSeat = seat;
    }
    show(data);
  }

  function handOver(data) {
    const name = data.seats[shownSeat].name;
    handingOver = data;
    el("board").innerHTML = ""; el("actions").innerHTML = ""; el("log").innerHTML = "";
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

  function show(data) {
    if (handingOver) { handingOver = data; return; }  // nothing of the next seat shows before it is ready
    const changed = payload && data.seq !== payload.seq;
    if (changed) { picked = []; filter = []; }
    payload = data;
    el("app").dataset.seq = data.seq;
    el("app").dataset.seat = data.seat === null ? "" : data.seat;
    drawStatus(data);
    const ctx = {legal: data.legal, seat: data.seat, catalogue, pick: words => { filter = words; picked = []; drawActions(); },
                 seats: data.seats};
    const render = window.VitaRenderers[data.game] || window.VitaRenderers.generic;
    const board = el("board");
    board.innerHTML = "";
    board.appendChild(render(data, ctx));
    if (changed) { board.classList.remove("flash"); void board.offsetWidth; board.classList.add("flash"); }
    drawActions();
    drawLog(data);
    drawSeats(data);
    drawEnd(data);
  }

  function drawStatus(data) {
    const names = data.to_move.map(s => data.seats[s].name).join(", ");
    const turn = el("turn");
    turn.className = "turn" + (data.your_turn ? " mine" : "");
    turn.textContent = data.over ? "The game is over." : data.your_turn ? "Your turn" : `Waiting for ${names}`;
    el("note").textContent = data.note || "";
    const who = data.seat === null ? "spectator" : data.seats[data.seat].name;
    el("title").textContent = `${data.title} — ${who}`;
    document.title = (data.your_turn ? "● Your turn — " : "") + plainTitle;
    setFavicon(data.your_turn);
    if (data.your_turn && document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification(`${data.title}: your turn`);
    }
  }

  function setFavicon(alert) {
    const link = el("favicon");
    link.href = alert
      ? "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#c0392b"/><text x="16" y="23" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">!</text></svg>')
      : "/static/favicon.svg";
  }

  function matches() {
    return payload.legal.filter(a => {
      const words = a.notation.split(" ");
      return filter.every(w => words.includes(w)) && picked.every((w, i) => words[i] === w);
    });
  }

  function drawActions() {
    const box = el("actions");
    box.innerHTML = "";
    if (!payload || cfg.mode === "watch" || cfg.mode === "replay") {
      box.appendChild(h("p", {}, cfg.mode === "watch" ? "You are watching: hands stay hidden." : ""));
      return;
    }
    if (!payload.legal.length) {
      box.appendChild(h("p", {}, payload.over ? "" : "Not your turn yet."));
    } else {
      box.appendChild(h("h2", {}, "Your choices"));
      if (filter.length || picked.length) {
        box.appendChild(h("p", {className: "picked"}, `chosen: ${[...filter, ...picked].join(" ")} `,
          h("button", {type: "button", onclick: () => { picked = []; filter = []; drawActions(); }}, "start again")));
      }
      const candidates = matches();
      if (candidates.length <= 14) {
        candidates.forEach(a => box.appendChild(h("button", {type: "button", className: "choice",
          "data-notation": a.notation, onclick: () => send(a.notation)}, a.label, h("code", {}, a.notation))));
      } else {
        const next = new Map();
        candidates.forEach(a => {
          const word = a.notation.split(" ")[picked.length];
          next.set(word, (next.get(word) || 0) + 1);
        });
        const words = h("div", {className: "words"});
        for (const [word, count] of next) {
          words.appendChild(h("button", {type: "button", "data-word": word,
            onclick: () => { picked = [...picked, word]; drawActions(); }}, `${word} (${count})`));
        }
        box.appendChild(words);
      }
    }
    const typed = h("input", {type: "text", "aria-label": "type an action", placeholder: "or type an action"});
    const form = h("form", {onsubmit: e => { e.preventDefault(); if (typed.value.trim()) send(typed.value.trim()); }},
                   typed, h("button", {type: "submit"}, "send"));
    if (payload.legal.length) box.appendChild(form);
    const tools = h("p", {});
    if (payload.undo) tools.appendChild(h("button", {type: "button", onclick: undo}, "Undo"));
    if (payload.seat !== null && !payload.over) {
      tools.appendChild(h("button", {type: "button", onclick: resign}, "Resign"));
    }
    if (window.Notification && Notification.permission === "default") {
      tools.appendChild(h("button", {type: "button", onclick: () => Notification.requestPermission()}, "Notify me"));
    }
    box.appendChild(tools);
  }

  function drawLog(data) {
    const log = el("log");
    log.innerHTML = "";
    const start = data.log_size - data.log.length;
    data.log.forEach((line, i) => {
      const fresh = start + i >= lastLogSize && lastLogSize > 0;
      log.appendChild(h("li", {className: fresh ? "fresh" : null, value: start + i + 1}, line));
    });
    lastLogSize = data.log_size;
    log.scrollTop = log.scrollHeight;
  }

  function drawSeats(data) {
    const box = el("seats");
    box.innerHTML = "";
    box.appendChild(h("h2", {}, "Players"));
    const list = h("ul", {});
    data.seats.forEach(s => list.appendChild(h("li", {}, seatMark(s.seat), ` ${s.name}`,
      s.kind === "bot" ? ` (${s.bot} bot)` : "", s.resigned ? " — resigned" : "",
      s.kind === "human" && !s.connected ? " — away" : "", data.to_move.includes(s.seat) ? " ← to act" : "")));
    box.appendChild(list);
  }

  function drawEnd(data) {
    const box = el("end");
    if (!data.over) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = "";
    box.appendChild(h("h2", {}, "Final scores"));
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
    box.appendChild(table);
    box.appendChild(h("p", {}, h("a", {href: `/t/${cfg.table}/replay`}, "Replay this game step by step")));
    if (cfg.key) box.appendChild(h("button", {type: "button", className: "primary", onclick: rematch}, "Rematch"));
    else box.appendChild(h("p", {}, "The table's owner can start a rematch with the same seats."));
  }

  async function post(path, body) {
    const reply = await fetch(`/api/tables/${cfg.table}/${path}`, {method: "POST",
      headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
    const data = await reply.json();
    if (!reply.ok) {
      el("note").textContent = data.error;
      if (reply.status === 409) refresh();
      return null;
    }
    return data;
  }

  async function send(notation) {
    const token = seatToken(payload.seat);
    const data = await post("actions", {token, seq: payload.seq, action: notation});
    if (data) refresh(cfg.mode === "hotseat" ? null : data);
  }

  async function undo() {
    const data = await post("undo", {token: seatToken(payload.seat), seq: payload.seq});
    if (data) refresh(cfg.mode === "hotseat" ? null : data);
  }

  async function resign() {
    if (!confirm("Resign your seat? The table's owner may hand it to a bot.")) return;
    await post("resign", {token: seatToken(payload.seat)});
  }

  async function rematch() {
    const data = await post("rematch", {owner_token: cfg.key});
    if (data) location.href = data.hotseat_link;
  }

  function connect() {
    const token = cfg.mode === "play" ? cfg.token : null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${cfg.table}/ws${query}`);
    socket.onmessage = event => {
      const data = JSON.parse(event.data);
      if (data.type === "rematch") {
        el("note").innerHTML = "";
        el("note").appendChild(h("a", {href: `/t/${data.table}/watch`}, "A rematch has started: watch it"));
        return;
      }
      refresh(cfg.mode === "hotseat" ? null : data);
    };
    socket.onclose = () => setTimeout(connect, 1000);  // the server restarted: follow again
    clearInterval(connect.ping);
    connect.ping = setInterval(() => socket.readyState === 1 && socket.send("ping"), 20000);
  }

  async function replay() {
    let step = 0, total = 0;
    const draw = async () => {
      const reply = await fetch(`/api/tables/${cfg.table}/replay/${step}`);
      const data = await reply.json();
      if (!reply.ok) { el("note").textContent = data.error; return; }
      total = data.total;
      el("title").textContent = `${data.title} — replay`;
      el("turn").textContent = `after action ${step} of ${total}` + (data.action ? `: ${data.action}` : "");
      const render = window.VitaRenderers[data.game] || window.VitaRenderers.generic;
      el("board").innerHTML = "";
      el("board").appendChild(render({...data, seat: null, legal: [], view: data.view}, {legal: [], pick() {}, catalogue, seats: data.seats}));
      el("log").innerHTML = "";
      data.log.forEach(line => el("log").appendChild(h("li", {}, line)));
      el("actions").innerHTML = "";
      const go = delta => { step = Math.max(0, Math.min(total, step + delta)); draw(); };
      el("actions").appendChild(h("p", {className: "words"},
        h("button", {type: "button", onclick: () => go(-step)}, "⏮ start"),
        h("button", {type: "button", onclick: () => go(-10)}, "−10"),
        h("button", {type: "button", onclick: () => go(-1)}, "◀ back"),
        h("button", {type: "button", onclick: () => go(1), id: "replay-next"}, "next ▶"),
        h("button", {type: "button", onclick: () => go(10)}, "+10"),
        h("button", {type: "button", onclick: () => go(total)}, "end ⏭")));
    };
    draw();
  }

  async function start() {
    try {
      const reply = await fetch(`/api/games/${cfg.game}/catalogue`);
      if (reply.ok) catalogue = await reply.json();
    } catch { catalogue = {}; }
    if (cfg.mode === "replay") return replay();
    await refresh();
    connect();
  }
  document.addEventListener("keydown", event => {
    if (event.key === "Escape") { picked = []; filter = []; if (payload) drawActions(); }
  });
  start();
})();
