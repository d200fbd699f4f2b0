// The Pursuit of Happiness: the four card rows, the action spaces, and each player's area
// (tracks, resources, cards in front with their levels); with the Community expansion, the
// Community board (five slots, the tokens and Hourglass markers on the cards) and the
// Popularity track. Cards and spaces are clickable when an action uses them; hovering or
// tapping a card shows its full text.
(() => {
  const ROWS = [["projects", "Projects"], ["items", "Items & Activities"], ["jobs", "Jobs"], ["partners", "Partners"]];
  const RES = [["knowledge", "K", "Knowledge"], ["creativity", "C", "Creativity"], ["influence", "I", "Influence"], ["money", "$", "money"]];

  // Icons for the resources and tracks, in place of the letter codes of the card texts
  // ("2K 1I → 1K 1LTH"): each names what it stands for on hover and to screen readers.
  const ICONS = {
    K: ["Knowledge", () => [svgEl("rect", {x: 1.5, y: 1.5, width: 9, height: 9, rx: 1, fill: "#1f5fbf"}),
                            svgEl("path", {d: "M3.5 4h5M3.5 6h5M3.5 8h3", stroke: "#fff", "stroke-width": 1})]],
    C: ["Creativity", () => [svgEl("polygon", {points: "6,.5 7.6,4.3 11.5,4.6 8.5,7.2 9.4,11.2 6,9.1 2.6,11.2 3.5,7.2 .5,4.6 4.4,4.3",
                                               fill: "#e07b00"})]],
    I: ["Influence", () => [svgEl("path", {d: "M1 2.5h10v6h-5l-3 2.5v-2.5h-2z", fill: "#7b2e8e"})]],
    $: ["money", () => [svgEl("circle", {cx: 6, cy: 6, r: 5.3, fill: "#d4a017", stroke: "#9a6a00"}),
                        svgEl("text", {x: 6, y: 9, "font-size": 8, "text-anchor": "middle", fill: "#5a3d00", "font-weight": 700,
                                       "font-family": "sans-serif"}, "$")]],
    LTH: ["Long Term Happiness", () => [svgEl("path", {d: "M6 11C4.5 9.5 .5 7 .5 4 .5 2.3 1.8 1 3.3 1 4.4 1 5.4 1.7 6 2.7 6.6 1.7 7.6 1 8.7 1 10.2 1 11.5 2.3 11.5 4 11.5 7 7.5 9.5 6 11z",
                                                       fill: "#c2185b"})]],
    STH: ["Short Term Happiness", () => [svgEl("circle", {cx: 6, cy: 6, r: 3.2, fill: "#f0b400"}),
                                         svgEl("path", {d: "M6 .5v2M6 9.5v2M.5 6h2M9.5 6h2M2.1 2.1l1.4 1.4M8.5 8.5l1.4 1.4M2.1 9.9l1.4-1.4M8.5 3.5l1.4-1.4",
                                                        stroke: "#f0b400", "stroke-width": 1.2})]],
    hourglass: ["hourglass", () => [svgEl("path", {d: "M2.5 1h7l-3 5 3 5h-7l3-5z", fill: "#8d6e63", stroke: "#4e342e", "stroke-width": .7})]],
  };

  function icon(code) {
    const [name, draw] = ICONS[code];
    return svgEl("svg", {viewBox: "0 0 12 12", class: "icon", role: "img", "aria-label": name}, svgEl("title", {}, name), draw());
  }

  // A card's line of text with its amounts drawn as icons: "2K" is 2 and the Knowledge icon.
  const AMOUNT = /([+−-]?\d+) ?(K|C|I|\$|LTH|STH|hourglasses|hourglass)(?![A-Za-z])/g;
  function richText(line) {
    const parts = [];
    let last = 0;
    for (const match of line.matchAll(AMOUNT)) {
      if (match.index > last) parts.push(line.slice(last, match.index));
      const code = match[2].startsWith("hourglass") ? "hourglass" : match[2];
      parts.push(h("span", {className: "amount"}, match[1], icon(code)));
      last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
    return parts;
  }

  // A card's levels as the printed card has them: one row each, its cost and its reward side
  // by side (an upkeep, a hiring, a promotion in rows of their own); the level reached marked.
  function levelTable(levels, reached) {
    let number = 0;
    return h("table", {className: "levels"}, h("tbody", {}, levels.map(row => {
      if (/^\d+$/.test(row.level)) number = Number(row.level);
      const mine = reached && number === reached;
      return h("tr", {className: (mine ? "reached" : "") + (/^\d+$/.test(row.level) ? "" : " extra"), "data-level": row.level},
        h("th", {scope: "row"}, /^\d+$/.test(row.level) ? `L${row.level}` : row.level),
        h("td", {className: "name"}, row.name),
        h("td", {className: "cost"}, row.cost ? richText(row.cost) : ""),
        h("td", {className: "arrow", "aria-label": "gives"}, "→"),
        h("td", {className: "reward"}, richText(row.reward)));
    })));
  }

  function card(id, ctx, note, targets) {
    const info = ctx.catalogue[id] || {name: id, kind: "", text: []};
    const reached = note && note.level ? note.level : 0;
    const node = h("div", {className: "card", "data-card": id},
      h("h3", {}, info.name), h("div", {className: "kind"}, info.kind + (note && note.label ? ` — ${note.label}` : "")),
      info.levels ? levelTable(info.levels, reached)
        : h("ol", {}, (info.text || []).map((line, i) => h("li", {className: i + 1 === reached ? "reached" : null}, richText(line.replace(/^L\d\. /, ""))))));
    withTip(node, `${info.name} (${info.kind})\n${(info.text || []).join("\n")}`);
    return targets ? pickable(node, ctx, targets) : node;
  }

  // A small control for an action no card or space stands for (shown only while it is legal).
  function tool(label, targets, ctx) {
    const node = pickable(h("span", {className: "row-tool"}, label), ctx, targets);
    return node.classList.contains("clickable") ? node : null;
  }

  function holding(h0, ctx, label) {
    return card(h0.card, ctx, {level: h0.level, label: (h0.level ? `at L${h0.level}` : label || "group") +
      (h0.hourglasses ? `, ${h0.hourglasses} hourglass${h0.hourglasses === 1 ? "" : "es"} on it` : "")}, `card:${h0.card}`);
  }

  // The Community board: slots 1-5 left to right; a card shows the markers on it (the Community
  // token ◉, an Hourglass marker ⧗, in the player's colour and mark).
  function communityBoard(v, ctx) {
    const board = v.community;
    const box = h("div", {className: "community"});
    box.appendChild(h("h2", {}, "Community board ", h("small", {}, `(${board.pile} in the pile, ${board.discard.length} discarded)`)));
    const slots = h("div", {className: "row", "data-row": "community"});
    const resolving = board.markers.findIndex(marks => marks.length);
    board.slots.forEach((id, i) => {
      if (id === null) {
        slots.appendChild(h("div", {className: "card empty", "data-slot": i + 1}, h("h3", {}, `${i + 1}`), h("div", {className: "kind"}, "empty")));
        return;
      }
      const node = card(`community:${id}`, ctx, {label: `slot ${i + 1}`}, `card:${id}`);
      node.dataset.slot = i + 1;
      // The card being resolved (the leftmost with a marker): its outcomes are chosen on it.
      if (v.phase === "community" && i === resolving) {
        node.querySelectorAll("li").forEach(line => {
          const number = line.textContent.match(/^(\d)\. /);
          if (number) pickable(line, ctx, `option:${number[1]}`);
        });
      }
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


  // -- the board, drawn: round track, action spaces with their hourglasses and Unavailable
  // tokens, the stress track in its coloured sections, Short and Long Term Happiness tracks.
  const S = window.svgEl;
  const SECTION_COLOURS = {"light green": "#bfe6a6", turquoise: "#86d6cc", blue: "#9dbcec", yellow: "#f2de72",
                           orange: "#f2b067", red: "#e98a8a"};
  const SPACE_NAMES = {study: "Study", play: "Play", interact: "Interact", "temp-job": "Temp Job",
    "take-project": "Take a Project", spend: "Spend", "get-job": "Get a Job", "start-relationship": "Start a Relationship",
    overtime: "Overtime", rest: "Rest"};

  const hourglass = (x, y, colour) => S("path", {d: `M${x} ${y} h8 l-3.3 5 l3.3 5 h-8 l3.3 -5z`, fill: colour,
                                                stroke: "#333", "stroke-width": .6});

  // Pieces of several seats on one space, side by side.
  // Each piece keyed by its track and seat, so the page can show it move (app.js).
  // The pieces on one space of a track, inside its box (x, y, w, h): in the rows and columns
  // that let them be largest (at most rMax), so that five fit a space as well as one.
  function pieces(seats, x, y, w, hgt, rMax, track) {
    const n = seats.length;
    let best = {cols: 1, rows: 1, r: 0};
    for (let cols = 1; cols <= n; cols++) {
      const rows = Math.ceil(n / cols);
      const r = Math.min(rMax, (w / cols - 1) / 2.4, (hgt / rows - 1) / 2.4);  // a shape reaches 1.2 r
      if (r > best.r) best = {cols, rows, r};
    }
    const {cols, rows, r} = best;
    const dx = w / cols, dy = hgt / rows;
    return seats.map((seat, i) => keyed(seatShape(seat, x + dx * (i % cols + .5), y + dy * (Math.floor(i / cols) + .5), r),
                                        `${track}:${seat}`));
  }
  const keyed = (node, key) => { node.dataset.key = key; return node; };

  function drawBoard(v, ctx) {
    const spec = ctx.catalogue.board;
    if (!spec) return null;
    const W = 760;
    const svg = S("svg", {viewBox: `0 0 ${W} 412`, class: "pboard", role: "img", "aria-label": "the board"});
    const text = (x, y, body, attrs) => S("text", {x, y, "font-size": 11, "font-family": "sans-serif", fill: "#1d2326", ...attrs}, body);
    const alive = v.players.map((p, seat) => seat);

    // Round track: Teen to Old Age 3, the round marker on the current round.
    svg.appendChild(text(4, 12, "Rounds", {"font-weight": 700}));
    const roundW = (W - 8) / spec.rounds.length;
    spec.rounds.forEach((r, i) => {
      const x = 4 + i * roundW, now = i === v.round;
      const g = S("g", {"data-round": r.name, class: now ? "now" : null});
      g.appendChild(S("rect", {x, y: 16, width: roundW - 4, height: 34, rx: 5, fill: r.stage === "teen" ? "#e8f1e4" : r.stage === "adult" ? "#e6edf7" : "#f1e8f3",
                               stroke: now ? "#1d2326" : "#b7b0a0", "stroke-width": now ? 2.5 : 1}));
      g.appendChild(text(x + 6, 31, r.name, {"font-weight": now ? 700 : 400}));
      if (r.stress) g.appendChild(text(x + 6, 45, `+${r.stress} stress`, {"font-size": 9, fill: "#a33a2b"}));
      if (now) g.appendChild(S("circle", {cx: x + roundW - 16, cy: 33, r: 7, fill: "#1d2326"}, S("title", {}, "round marker")));
      svg.appendChild(g);
    });

    // Action spaces: two rows of five, each with the hourglasses on it.
    svg.appendChild(text(4, 70, "Action spaces", {"font-weight": 700}));
    const names = Object.keys(v.spaces);
    const spaceW = (W - 8) / 5;
    names.forEach((name, i) => {
      const x = 4 + (i % 5) * spaceW, y = 76 + Math.floor(i / 5) * 58;
      const closed = v.closed.includes(name);
      const g = S("g", {"data-space": name, class: "space-svg" + (closed ? " closed" : "")});
      g.appendChild(S("rect", {x, y, width: spaceW - 6, height: 52, rx: 6, fill: closed ? "#e4e1da" : "#fffdf8", stroke: "#8a9a91"}));
      g.appendChild(text(x + 7, y + 15, SPACE_NAMES[name] || name, {"font-weight": 700}));
      let hx = x + 8;
      v.spaces[name].forEach((count, seat) => {
        for (let k = 0; k < count; k++) { g.appendChild(keyed(hourglass(hx, y + 24, SEAT_COLOURS[seat % 8]), `hourglass:${name}:${seat}:${k}`)); hx += 10; }
      });
      if (closed) {
        g.appendChild(S("circle", {cx: x + spaceW - 24, cy: y + 26, r: 14, fill: "#555", stroke: "#fff", "stroke-width": 2},
                        S("title", {}, "Unavailable token")));
        g.appendChild(text(x + spaceW - 24, y + 30, "✕", {fill: "#fff", "text-anchor": "middle", "font-size": 13, "font-weight": 700}));
      }
      svg.appendChild(pickable(g, ctx, `space:${name}`, true));  // a click on a space places the hourglass there
    });

    // Stress track: coloured sections; a section's hourglass change is written under it.
    let y = 210;
    svg.appendChild(text(4, y - 6, "Stress", {"font-weight": 700}));
    const spaces = spec.stress_track.reduce((n, sec) => n + sec.spaces, 0);
    const cell = (W - 8) / spaces;
    let index = 0;
    spec.stress_track.forEach(sec => {
      const x0 = 4 + index * cell;
      for (let k = 0; k < sec.spaces; k++) {
        svg.appendChild(S("rect", {x: 4 + (index + k) * cell, y, width: cell - 2, height: 30, rx: 3, fill: SECTION_COLOURS[sec.name] || "#ddd",
                                   stroke: "#fff"}, S("title", {}, `${sec.name} ${k + 1}`)));
      }
      // Under each section, the hourglasses it gives or takes each round (the start section: none).
      const change = sec.hourglasses > 0 ? `+${sec.hourglasses}` : sec.hourglasses < 0 ? `−${-sec.hourglasses}` : "start";
      const label = S("g", {}, S("title", {}, `${sec.name}: ${sec.hourglasses ? `${change} hourglasses a round` : "the start section"}`),
                      text(x0 + 2, y + 44, change, {"font-size": 10, "font-weight": 700}));
      if (sec.hourglasses) label.appendChild(hourglass(x0 + 18, y + 35, "#fff"));
      svg.appendChild(label);
      index += sec.spaces;
    });
    const onStress = {};
    v.players.forEach((p, seat) => {
      if (!p.alive) return;
      const at = Math.min(spaces - 1, p.stress - spec.stress_first);  // positions count from the start space (0)
      (onStress[at] = onStress[at] || []).push(seat);
    });
    for (const [at, seats] of Object.entries(onStress)) {
      svg.appendChild(S("g", {}, pieces(seats, 4 + Number(at) * cell, y, cell - 2, 30, 5.5, "stress")));
    }

    // Short Term Happiness: sth_min to sth_max.
    y = 276;
    const [lo, hi] = spec.sth;
    svg.appendChild(text(4, y - 6, "Short Term Happiness", {"font-weight": 700}));
    for (let value = lo; value <= hi; value++) {
      const x = 4 + (value - lo) * 44;
      svg.appendChild(S("rect", {x, y, width: 40, height: 26, rx: 3, fill: value < 0 ? "#f6dada" : value > 0 ? "#dff1d8" : "#eee", stroke: "#fff"}));
      svg.appendChild(text(x + 3, y + 11, value > 0 ? `+${value}` : value, {"font-size": 9, fill: "#555"}));
      const here = alive.filter(seat => v.players[seat].alive && v.players[seat].sth === value);
      svg.appendChild(S("g", {}, pieces(here, x, y + 12, 40, 14, 4.5, "sth")));  // under the value
    }

    // Long Term Happiness: a score track of 50 spaces in two rows (a piece goes round again past 49).
    y = 330;
    svg.appendChild(text(4, y - 6, "Long Term Happiness", {"font-weight": 700}));
    const lapNote = v.players.filter(p => p.lth >= 50).map(p => `${p.name} ${p.lth}`).join(", ");
    if (lapNote) svg.appendChild(text(180, y - 6, `past 50: ${lapNote}`, {"font-size": 10}));
    const lthW = (W - 8) / 25;
    for (let value = 0; value < 50; value++) {
      const x = 4 + (value % 25) * lthW, yy = y + Math.floor(value / 25) * 36;
      svg.appendChild(S("rect", {x, y: yy, width: lthW - 2, height: 32, rx: 3, fill: value % 5 === 0 ? "#efe6cf" : "#f8f4ea", stroke: "#d9d4c7"}));
      svg.appendChild(text(x + 2, yy + 10, value, {"font-size": 8, fill: "#777"}));
      const here = alive.filter(seat => ((v.players[seat].lth % 50) + 50) % 50 === value);
      svg.appendChild(S("g", {}, pieces(here, x, yy + 11, lthW - 2, 21, 4, "lth")));  // under the value
    }
    return svg;
  }

  window.VitaRenderers["pursuit"] = function (payload, ctx) {
    const v = payload.view;
    const root = h("div", {className: "pursuit"});
    const goals = v.life_goals.join(", ");
    root.appendChild(h("p", {}, h("b", {}, `${v.round_name} round`), `, ${v.phase} phase · life goals: ${goals}`,
      v.closed.length ? ` · unavailable: ${v.closed.join(", ")}` : ""));
    const drawn = drawBoard(v, ctx);
    if (drawn) {
      root.appendChild(h("h2", {}, "The board"));
      root.appendChild(h("div", {className: "board-wrap"}, drawn));
    } else {  // no board description in the catalogue: the spaces as a list
      const spaces = h("div", {className: "spaces", "aria-label": "board spaces"});
      for (const [name, counts] of Object.entries(v.spaces)) {
        const marks = counts.flatMap((n, seat) => Array.from({length: n}, () => seatMark(seat)));
        spaces.appendChild(pickable(h("div", {className: "space" + (v.closed.includes(name) ? " closed" : ""), "data-space": name},
          h("b", {}, name), " ", marks), ctx, `space:${name}`, true));
      }
      root.appendChild(h("h2", {}, "Action spaces"));
      root.appendChild(spaces);
    }
    for (const [key, title] of ROWS) {
      const cards = v.rows[key];
      if (!cards.length) continue;
      // "Refresh": lose 1 STH to replace a row's cards, offered beside the row's name.
      root.appendChild(h("h2", {}, `${title} `, h("small", {}, `(${v.piles[key]} in the pile)`), " ",
        tool("↻ refresh", `row:${key}`, ctx)));
      root.appendChild(h("div", {className: "row", "data-row": key}, cards.map(id => card(id, ctx, null, `card:${id}`))));
    }
    if (v.community) root.appendChild(communityBoard(v, ctx));
    if (v.shopping) root.appendChild(h("p", {className: "note"}, "Black Friday: buy another Item now, or choose done."));
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
          p.popularity_score !== undefined ? h("span", {className: "stat", title: "Popularity score (Community)"}, "Popularity ", h("b", {}, p.popularity_score)) : null,
          seat === payload.seat ? tool("⇄ exchange", "kind:exchange", ctx) : null),
        h("p", {}, `child trait: ${p.trait || (p.chosen ? "chosen (shown once everyone has chosen)" : "(to choose)")}`, Array.isArray(p.offer) && !p.trait ? ` — dealt: ${p.offer.join(", ")}` : ""));
      if (Array.isArray(p.offer) && !p.trait) {
        area.appendChild(h("div", {className: "row"}, p.offer.map(t => pickable(h("span", {className: "pc"}, t), ctx, `option:${t}`))));
      }
      // The 3 slots hold Projects, the Job and Partners ("Take Project"); beyond 3, each
      // round begins with 1 Stress. Items and Activities take no slot and lie apart.
      const inSlots = [...p.projects.map(x => holding(x, ctx)), ...(p.job ? [card(p.job, ctx, {label: "job"}, `card:${p.job}`)] : []),
                       ...p.partners.map(x => holding(x, ctx))];
      const slots = h("div", {className: "slots", "aria-label": "the 3 slots"});
      inSlots.forEach((node, i) => slots.appendChild(h("div", {className: "slot" + (i >= 3 ? " over" : "")},
        h("div", {className: "slot-name"}, i < 3 ? `slot ${i + 1}` : "over the 3 slots: 1 Stress each round"), node)));
      for (let i = inSlots.length; i < 3; i++) slots.appendChild(h("div", {className: "slot empty"}, h("div", {className: "slot-name"}, `slot ${i + 1}`), "empty"));
      area.appendChild(slots);
      const kindOf = x => (ctx.catalogue[x.card] || {}).kind || "";
      const items = p.items.filter(x => kindOf(x) !== "Activity"), activities = p.items.filter(x => kindOf(x) === "Activity");
      const apart = h("div", {className: "apart"});
      if (items.length) apart.appendChild(h("div", {}, h("h3", {}, "Items (no slot)"), h("div", {className: "row"}, items.map(x => holding(x, ctx)))));
      if (activities.length) apart.appendChild(h("div", {}, h("h3", {}, "Activities (no slot)"), h("div", {className: "row"}, activities.map(x => holding(x, ctx)))));
      if (p.retired) apart.appendChild(h("div", {}, h("h3", {}, "Retired (no slot)"), h("div", {className: "row"}, card(p.retired, ctx, {label: "retired"}))));
      if (apart.childNodes.length) area.appendChild(apart);
      if (p.completed.length) area.appendChild(h("p", {}, `completed: ${p.completed.join(", ")}`));
      root.appendChild(area);
    });
    return root;
  };
})();
