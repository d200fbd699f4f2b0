// The lobby: one line per seat (a person or a bot), then create the table and show its links.
(() => {
  const form = document.getElementById("new-table");
  const game = document.getElementById("game");
  const players = document.getElementById("players");
  const seats = document.getElementById("seats");

  function drawSeats() {
    const option = game.selectedOptions[0];
    const min = +option.dataset.min, max = +option.dataset.max;
    players.min = min; players.max = max;
    players.value = Math.max(min, Math.min(max, +players.value || min));
    const bots = option.dataset.bots.split(",");
    seats.querySelectorAll(".seat-row").forEach(row => row.remove());
    for (let i = 0; i < +players.value; i++) {
      const row = document.createElement("div");
      row.className = "seat-row";
      row.innerHTML = `<span>Seat ${i + 1}</span>
        <label>Name <input name="name${i}" value="${i === 0 ? "Player 1" : "Player " + (i + 1)}" maxlength="40"></label>
        <label>Played by <select name="kind${i}"><option value="human">a person</option>
          ${bots.map(b => `<option value="bot:${b}" ${i > 0 && b === "heuristic" ? "selected" : ""}>${b} bot</option>`).join("")}
        </select></label>`;
      seats.appendChild(row);
    }
  }
  // The game's own options, from the JSON schema of its options (all but players and names).
  let schemas = {};
  const optionsBox = document.getElementById("game-options");
  function drawOptions() {
    optionsBox.querySelectorAll("label").forEach(label => label.remove());
    const schema = schemas[game.value] || {properties: {}};
    for (const [key, spec] of Object.entries(schema.properties || {})) {
      if (key === "players" || key === "names") continue;
      const kinds = (spec.anyOf || [spec]).map(s => s.type).filter(Boolean);
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.name = key;
      input.dataset.option = kinds.includes("integer") ? "integer" : kinds.includes("boolean") ? "boolean" : "string";
      if (input.dataset.option === "integer") input.type = "number";
      if (input.dataset.option === "boolean") input.type = "checkbox";
      if (spec.default !== undefined && spec.default !== null && input.type !== "checkbox") input.placeholder = spec.default;
      label.append(`${spec.title || key} `, input, " (optional)");
      optionsBox.appendChild(label);
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
    optionsBox.querySelectorAll("input").forEach(input => {
      if (input.dataset.option === "boolean") { if (input.checked) options[input.name] = true; }
      else if (input.value !== "") options[input.name] = input.dataset.option === "integer" ? +input.value : input.value;
    });
    const seed = document.getElementById("seed").value;
    const body = {game: game.value, seats: specs, options};
    if (seed !== "") body.seed = +seed;
    const reply = await fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify(body)});
    const data = await reply.json();
    if (!reply.ok) { error.textContent = data.error; return; }
    const list = document.getElementById("links");
    list.innerHTML = "";
    const add = (text, href) => {
      const item = document.createElement("li");
      item.innerHTML = `${text}: <a href="${href}">${href}</a>`;
      list.appendChild(item);
    };
    data.seats.filter(s => s.link).forEach(s => add(`Seat ${s.seat + 1} (${s.name})`, s.link));
    add("Owner (keep it)", data.owner_link);
    add("Hot seat (all people at this device)", data.hotseat_link);
    add("Spectators", data.spectator_link);
    document.getElementById("created").hidden = false;
    document.getElementById("created").scrollIntoView();
  });
})();
