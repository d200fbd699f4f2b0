// The lobby: one line per seat (a person or a bot), then create the table and show its links.
// Every text a person typed is put in the page as text (never as markup).
(() => {
  const cfg = vitaConfig();
  const form = document.getElementById("new-table");
  const game = document.getElementById("game");
  const players = document.getElementById("players");
  const seats = document.getElementById("seats");
  const replacement = document.getElementById("replacement-bot");

  function drawSeats() {
    const option = game.selectedOptions[0];
    const min = +option.dataset.min, max = +option.dataset.max;
    players.min = min; players.max = max;
    players.value = Math.max(min, Math.min(max, +players.value || min));
    const bots = option.dataset.bots.split(",");
    // What was typed or chosen for the seats that stay is kept (a new player count wipes nothing).
    const typed = [...seats.querySelectorAll(".seat-row")].map(row => ({
      name: row.querySelector("input").value, kind: row.querySelector("select").value}));
    seats.querySelectorAll(".seat-row").forEach(row => row.remove());
    for (let i = 0; i < +players.value; i++) {
      const before = typed[i];
      const chosen = before && [...bots.map(b => `bot:${b}`), "human"].includes(before.kind) ? before.kind
        : (i > 0 && bots.includes("heuristic") ? "bot:heuristic" : "human");
      const kind = h("select", {name: `kind${i}`}, h("option", {value: "human", selected: chosen === "human"}, "a person"),
        bots.map(b => h("option", {value: `bot:${b}`, selected: chosen === `bot:${b}`}, `${b} bot`)));
      seats.appendChild(h("div", {className: "seat-row"}, h("span", {}, `Seat ${i + 1}`),
        h("label", {}, "Name ", h("input", {name: `name${i}`, value: before ? before.name : `Player ${i + 1}`, maxlength: 40})),
        h("label", {}, "Played by ", kind)));
    }
    replacement.replaceChildren(...bots.map(b => h("option", {value: b, selected: b === "heuristic"}, `a ${b} bot`)));
  }

  // The game's own options, from the JSON schema of its options (all but players and names).
  const schemas = {};
  const optionsBox = document.getElementById("game-options");
  function drawOptions() {
    optionsBox.querySelectorAll("label").forEach(label => label.remove());
    const schema = schemas[game.value] || {properties: {}};
    for (const [key, spec] of Object.entries(schema.properties || {})) {
      if (key === "players" || key === "names") continue;
      const kinds = (spec.anyOf || [spec]).map(s => s.type).filter(Boolean);
      // A fixed set of values (an expansion): a choice list, "none" first when it is optional.
      const choices = (spec.anyOf || [spec]).flatMap(s => s.enum || (s.const !== undefined ? [s.const] : []));
      if (choices.length) {
        const optional = kinds.includes("null") || spec.default === null || spec.default === undefined;
        const select = h("select", {name: key}, optional ? h("option", {value: ""}, "none") : null,
          choices.map(c => h("option", {value: c, selected: c === spec.default}, c)));
        select.dataset.option = "string";
        optionsBox.appendChild(h("label", {}, `${spec.title || key} `, select));
        continue;
      }
      const input = h("input", {name: key});
      input.dataset.option = kinds.includes("integer") ? "integer" : kinds.includes("boolean") ? "boolean" : "string";
      if (input.dataset.option === "integer") input.type = "number";
      if (input.dataset.option === "boolean") input.type = "checkbox";
      if (spec.default !== undefined && spec.default !== null && input.type !== "checkbox") input.placeholder = spec.default;
      optionsBox.appendChild(h("label", {}, `${spec.title || key} `, input, " (optional)"));
    }
    optionsBox.hidden = !optionsBox.querySelector("label");
  }
  fetch("/api/games").then(r => r.json()).then(games => {
    games.forEach(g => { schemas[g.id] = g.options; });
    drawOptions();
  });
  game.addEventListener("change", () => { drawSeats(); drawOptions(); });
  players.addEventListener("change", drawSeats);
  drawSeats();

  function drawMine() {
    const box = document.getElementById("mine");
    const mine = VitaMine.all();
    if (!mine.length) { box.replaceChildren(h("p", {}, "No table yet.")); return; }
    const rows = mine.map(t => h("tr", {"data-table": t.table},
      h("td", {}, t.title || t.game), h("td", {className: "who"}, (t.players || []).join(", ")),
      h("td", {className: "status"}, (t.seen || "").slice(0, 16).replace("T", " ")),
      h("td", {}, [
        ...Object.entries(t.seat_links || {}).map(([seat, link]) =>
          [h("a", {href: link}, `play seat ${+seat + 1}`), " · "]),
        t.owner_link ? [h("a", {href: t.owner_link}, "owner"), " · "] : [],
        h("a", {href: `/t/${encodeURIComponent(t.table)}/watch`}, "watch"), " · ",
        h("button", {type: "button", className: "link", onclick: () => { VitaMine.forget(t.table); drawMine(); }}, "forget"),
      ])));
    box.replaceChildren(h("table", {className: "list"},
      h("thead", {}, h("tr", {}, h("th", {}, "game"), h("th", {}, "players"), h("th", {}, "now"), h("th", {}, ""))),
      h("tbody", {}, rows)));
    refreshMine();
  }

  // Each remembered table as the server shows it to anyone (its public view): who plays,
  // which seats are bots, whose turn it is or who won. Refreshed while the lobby is open.
  async function refreshMine() {
    for (const row of [...document.querySelectorAll("#mine tr[data-table]")].slice(0, 20)) {
      let data;
      try {
        const reply = await fetch(`/api/tables/${encodeURIComponent(row.dataset.table)}/view`);
        if (reply.status === 404) { row.querySelector(".status").textContent = "no longer on this server"; continue; }
        if (!reply.ok) continue;
        data = await reply.json();
      } catch { return; }
      row.querySelector(".who").replaceChildren(...data.seats.flatMap((seat, i) => [i ? ", " : "", seatMark(seat.seat), ` ${seat.name}`,
        seat.kind === "bot" ? ` (${seat.bot} bot)` : ""]));
      const names = seats => seats.map(s => data.seats[s].name).join(" and ");
      const first = (data.ranking || []).map((rank, seat) => rank === 1 ? seat : null).filter(s => s !== null);
      const clocks = data.over ? "" : data.to_move.map(s => data.seats[s].deadline)
        .filter(Boolean).map(d => timeLeft(d)).join(", ");
      row.querySelector(".status").textContent = data.over ? (first.length ? `over: ${names(first)} won` : "over")
        : `move ${data.seq}: ${names(data.to_move)} to play` + (clocks ? ` (${clocks} left)` : "");
    }
  }
  drawMine();
  setInterval(() => { if (!document.hidden) refreshMine(); }, 15000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshMine(); });

  form.addEventListener("submit", async event => {
    event.preventDefault();
    const error = document.getElementById("form-error");
    error.textContent = "";
    const specs = [...seats.querySelectorAll(".seat-row")].map((row, i) => {
      const kind = row.querySelector(`[name=kind${i}]`).value;
      const name = row.querySelector(`[name=name${i}]`).value || `Player ${i + 1}`;
      return kind === "human" ? {kind: "human", name} : {kind: "bot", name, bot: kind.slice(4)};
    });
    const options = {};
    optionsBox.querySelectorAll("input, select").forEach(input => {
      if (input.dataset.option === "boolean") { if (input.checked) options[input.name] = true; }
      else if (input.value !== "") options[input.name] = input.dataset.option === "integer" ? +input.value : input.value;
    });
    const body = {game: game.value, seats: specs, options, replacement_bot: replacement.value,
                  hints: document.getElementById("hints").checked};
    const limit = document.getElementById("move-limit").value;
    if (limit !== "") body.move_limit = +limit;
    const seed = cfg.allow_seed ? document.getElementById("seed").value : "";
    if (seed !== "") body.seed = +seed;
    let reply, data;
    try {
      reply = await fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
                                          body: JSON.stringify(body)});
      data = await reply.json();
    } catch { error.textContent = "The server cannot be reached: try again."; return; }
    if (!reply.ok) { error.textContent = data.error; return; }
    showNewTable(data, document.getElementById("links"), game.selectedOptions[0].textContent, "Owner (keep it)");
    document.getElementById("created").hidden = false;
    document.getElementById("created").scrollIntoView();
    drawMine();
  });
})();
