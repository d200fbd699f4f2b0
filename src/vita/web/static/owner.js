// The owner's page: a new link for a seat, a seat handed to a bot, a rematch.
(() => {
  const cfg = vitaConfig();
  const problem = document.getElementById("owner-error");

  async function post(path, body) {
    problem.textContent = "";
    try {
      const reply = await fetch(`/api/tables/${encodeURIComponent(cfg.table)}/${path}`, {method: "POST",
        headers: {"content-type": "application/json"}, body: JSON.stringify({owner_token: cfg.key, ...body})});
      const data = await reply.json();
      if (!reply.ok) { problem.textContent = data.error; return null; }
      return data;
    } catch { problem.textContent = "The server cannot be reached: try again."; return null; }
  }

  document.querySelectorAll("button.new-link").forEach(button => button.addEventListener("click", async () => {
    const seat = button.dataset.seat;
    if (!confirm(`Issue a new link for seat ${+seat + 1}? Its old link stops working at once.`)) return;
    const data = await post(`seats/${seat}/link`, {});
    if (!data) return;
    VitaMine.remember({table: cfg.table, seat_links: {[seat]: data.link}, tokens: {[seat]: data.token}});
    document.querySelector(`output.issued[data-seat="${seat}"]`).replaceChildren(
      "new link: ", h("input", {className: "link", readonly: true, value: data.link, "aria-label": `new link for seat ${+seat + 1}`}));
  }));

  document.querySelectorAll("form.hand").forEach(form => form.addEventListener("submit", async event => {
    event.preventDefault();
    const data = await post(`seats/${form.dataset.seat}/bot`, {bot: form.querySelector("select").value});
    if (data) location.reload();
  }));

  const rematch = document.getElementById("rematch");
  if (rematch) rematch.addEventListener("click", async () => {
    const data = await post("rematch", {});
    if (!data) return;
    showNewTable(data, document.getElementById("rematch-links"), null, "Owner of the rematch");
  });
})();
