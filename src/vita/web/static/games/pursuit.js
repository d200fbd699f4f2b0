// The Pursuit of Happiness: the four card rows, the action spaces, and each player's area
// (tracks, resources, cards in front with their levels); with the Community expansion, the
// Community board (five slots, the tokens and Hourglass markers on the cards) and the
// Popularity track. Cards and spaces are clickable when an action uses them; hovering or
// tapping a card shows its full text.
(() => {
  const ROWS = [["projects", "Projects"], ["items", "Items & Activities"], ["jobs", "Jobs"], ["partners", "Partners"]];
  const RES = [["knowledge", "K", "Knowledge"], ["creativity", "C", "Creativity"], ["influence", "I", "Influence"], ["money", "$", "money"]];

  function card(id, ctx, note, words) {
    const info = ctx.catalogue[id] || {name: id, kind: "", text: []};
    const reached = note && note.level ? note.level : 0;
    const node = h("div", {className: "card", "data-card": id},
      h("h3", {}, info.name), h("div", {className: "kind"}, info.kind + (note && note.label ? ` — ${note.label}` : "")),
      h("ol", {}, (info.text || []).map((line, i) => h("li", {className: i + 1 === reached ? "reached" : null}, line.replace(/^L\d\. /, "")))));
    withTip(node, `${info.name} (${info.kind})\n${(info.text || []).join("\n")}`);
    return words ? pickable(node, ctx, words) : node;
  }

  function holding(h0, ctx, label) {
    const words = h0.card;
    return card(h0.card, ctx, {level: h0.level, label: (h0.level ? `at L${h0.level}` : label || "group") +
      (h0.hourglasses ? `, ${h0.hourglasses} hourglasses on it` : "")}, words);
  }

  // The Community board: slots 1-5 left to right; a card shows the markers on it (the Community
  // token ◉, an Hourglass marker ⧗, in the player's colour and mark).
  function communityBoard(v, ctx) {
    const board = v.community;
    const box = h("div", {className: "community"});
    box.appendChild(h("h2", {}, "Community board ", h("small", {}, `(${board.pile} in the pile, ${board.discard.length} discarded)`)));
    const slots = h("div", {className: "row", "data-row": "community"});
    board.slots.forEach((id, i) => {
      if (id === null) {
        slots.appendChild(h("div", {className: "card empty", "data-slot": i + 1}, h("h3", {}, `${i + 1}`), h("div", {className: "kind"}, "empty")));
        return;
      }
      const node = card(`community:${id}`, ctx, {label: `slot ${i + 1}`}, id);
      node.dataset.slot = i + 1;
      const marks = board.markers[i];
      if (marks.length) {
        node.appendChild(h("div", {className: "markers", "aria-label": "markers on the card"},
          marks.map(m => h("span", {className: "marker", title: m.hourglass ? "Hourglass marker" : "Community token"},
            seatMark(m.seat), m.hourglass ? "⧗" : "◉"))));
      }
      slots.appendChild(node);
    });
    box.appendChild(slots);
    const scores = (ctx.catalogue["popularity-track"] || {}).scores || [];
    const track = h("ol", {className: "track popularity", "aria-label": "Popularity track"});
    scores.forEach((score, space) => {
      const here = v.players.map((p, seat) => p.popularity === space ? seatMark(seat) : null).filter(Boolean);
      track.appendChild(h("li", {className: here.length ? "here" : null, title: `score ${score}`}, h("b", {}, score), " ", here));
    });
    box.appendChild(h("p", {}, h("b", {}, "Popularity"), " — each round ends with LTH equal to the score, then one space left"));
    box.appendChild(track);
    return box;
  }

  window.VitaRenderers["pursuit"] = function (payload, ctx) {
    const v = payload.view;
    const root = h("div", {className: "pursuit"});
    const goals = v.life_goals.join(", ");
    root.appendChild(h("p", {}, h("b", {}, `${v.round_name} round`), `, ${v.phase} phase · life goals: ${goals}`,
      v.closed.length ? ` · unavailable: ${v.closed.join(", ")}` : ""));
    for (const [key, title] of ROWS) {
      const cards = v.rows[key];
      if (!cards.length) continue;
      root.appendChild(h("h2", {}, `${title} `, h("small", {}, `(${v.piles[key]} in the pile)`)));
      root.appendChild(h("div", {className: "row", "data-row": key}, cards.map(id => card(id, ctx, null, id))));
    }
    if (v.community) root.appendChild(communityBoard(v, ctx));
    if (v.shopping) root.appendChild(h("p", {className: "note"}, "Black Friday: buy another Item now, or choose done."));
    const spaces = h("div", {className: "spaces", "aria-label": "board spaces"});
    for (const [name, counts] of Object.entries(v.spaces)) {
      const marks = counts.flatMap((n, seat) => Array.from({length: n}, () => seatMark(seat)));
      spaces.appendChild(pickable(h("div", {className: "space" + (v.closed.includes(name) ? " closed" : ""), "data-space": name},
        h("b", {}, name), " ", marks), ctx, name));
    }
    root.appendChild(h("h2", {}, "Action spaces"));
    root.appendChild(spaces);
    for (const [card_id, roles] of Object.entries(v.groups || {})) {
      root.appendChild(h("p", {}, `Group project ${card_id}: roles `, roles.map(s => s === null ? "○ " : [seatMark(s), " "])));
    }
    v.players.forEach((p, seat) => {
      const hg = p.hourglasses;
      const area = h("section", {className: "area", "data-seat": seat},
        h("h2", {}, seatMark(seat), ` ${p.name}`, seat === payload.seat ? " (you)" : "", p.alive ? "" : " — passed away",
          v.first === seat ? " · first player" : ""),
        h("div", {className: "stats"},
          RES.map(([key, short, long]) => h("span", {className: "stat", title: long}, `${short} `, h("b", {}, p.resources[key]))),
          h("span", {className: "stat", title: "Short Term Happiness"}, "STH ", h("b", {}, p.sth > 0 ? `+${p.sth}` : p.sth)),
          h("span", {className: "stat", title: "Long Term Happiness"}, "LTH ", h("b", {}, p.lth)),
          h("span", {className: "stat", title: "stress track"}, "stress ", h("b", {}, p.stress_space)),
          h("span", {className: "stat", title: "hourglasses left / this round"}, "hourglasses ", h("b", {}, `${hg.hand}/${hg.total}`)),
          h("span", {className: "stat"}, "slots ", h("b", {}, `${p.slots}/3`)),
          p.popularity_score !== undefined ? h("span", {className: "stat", title: "Popularity score (Community)"}, "Popularity ", h("b", {}, p.popularity_score)) : null),
        h("p", {}, `child trait: ${p.trait || (p.chosen ? "chosen (shown once everyone has chosen)" : "(to choose)")}`, Array.isArray(p.offer) && !p.trait ? ` — dealt: ${p.offer.join(", ")}` : ""));
      if (Array.isArray(p.offer) && !p.trait) {
        area.appendChild(h("div", {className: "row"}, p.offer.map(t => pickable(h("span", {className: "pc"}, t), ctx, t))));
      }
      const held = h("div", {className: "row"});
      p.projects.forEach(x => held.appendChild(holding(x, ctx)));
      p.items.forEach(x => held.appendChild(holding(x, ctx)));
      if (p.job) held.appendChild(card(p.job, ctx, {label: "job"}, p.job));
      if (p.retired) held.appendChild(card(p.retired, ctx, {label: "retired"}));
      p.partners.forEach(x => held.appendChild(holding(x, ctx)));
      area.appendChild(held);
      if (p.completed.length) area.appendChild(h("p", {}, `completed: ${p.completed.join(", ")}`));
      root.appendChild(area);
    });
    return root;
  };
})();
