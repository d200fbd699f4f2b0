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
  // On a card in front of a player, the levels past the next one are marked "far" (drawn
  // only in its tooltip, with those left behind).
  function levelTable(levels, reached) {
    let number = 0;
    return h("table", {className: "levels"}, h("tbody", {}, levels.map(row => {
      if (/^\d+$/.test(row.level)) number = Number(row.level);
      const mine = reached && number === reached;
      const past = reached && !row.from && number && number < reached;  // a level left behind (and its upkeep)
      // beyond the next level (a Partner's upkeep: by the level it is due from)
      const far = reached && (row.from ? Number(row.from) : number) > reached + 1;
      return h("tr", {className: (mine ? "reached" : "") + (past ? " past" : "") + (far ? " far" : "") +
                                 (/^\d+$/.test(row.level) ? "" : " extra"),
                      "data-level": row.level},
        h("th", {scope: "row"}, /^\d+$/.test(row.level) ? `L${row.level}` : row.level),
        h("td", {className: "name"}, row.name),
        h("td", {className: "cost", title: /^have /.test(row.cost || "") ? "you must have at least this (not pay it)" : null},
          row.cost ? richText(row.cost.replace(/^have /, "≥\u00a0")) : ""),  // "≥" kept with its amount
        h("td", {className: "arrow", "aria-label": "gives"}, "→"),
        h("td", {className: "reward"}, richText(row.reward)));
    })));
  }

  // The rulebook's section for a card, by where it lies: in a row, the action that takes it;
  // in front of a player, the card action it offers.
  const HELD_RULES = {"Project": "advance", "Single-Round Project": "take-project", "Group Project": "take-project",
                      "Item": "upgrade", "Activity": "upgrade", "Job": "promote", "Partner": "develop"};

  function card(id, ctx, note, targets, rule) {
    const info = ctx.catalogue[id] || {name: id, kind: "", text: []};
    const reached = note && note.level ? note.level : 0;
    const levels = info.levels ? levelTable(info.levels, reached) : null;
    const node = h("div", {className: "card" + (levels && levels.querySelector("tr.far") ? " has-far" : ""), "data-card": id},
      h("h3", {}, info.name), h("div", {className: "kind"}, info.kind + (note && note.label ? ` — ${note.label}` : "")),
      levels ||
        h("ol", {}, (info.text || []).map((line, i) => h("li", {className: i + 1 === reached ? "reached" : null}, richText(line.replace(/^L\d\. /, ""))))));
    const where = ctx.rule ? ctx.rule(rule || HELD_RULES[info.kind] || "") : "";
    withTip(node, [`${info.name} (${info.kind})`, ...(info.text || []), where].filter(Boolean).join("\n"));
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
        slots.appendChild(told(h("div", {className: "card empty", "data-slot": i + 1}, h("h3", {}, `${i + 1}`), h("div", {className: "kind"}, "empty")),
                               ctx, `Community board, slot ${i + 1}: empty (filled as the first Adult round begins)`, "community-board"));
        return;
      }
      const node = card(`community:${id}`, ctx, {label: `slot ${i + 1}`}, `card:${id}`, "engage");
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
      track.appendChild(told(h("li", {className: here.length ? "here" : null, "data-track": "popularity"}, h("b", {}, score), " ", here),
                             ctx, `Popularity space ${space}: a score of ${score}`, "popularity-track"));
    });
    box.appendChild(h("div", {className: "popularity-line"},
      told(h("span", {}, h("b", {}, "Popularity"), " (each round ends with LTH equal to the score, then one space left)"), ctx,
           "The Popularity track", "popularity-track"), track));
    told(slots, ctx, "The Community board's five slots", "community-board");
    return box;
  }


  // -- the board, drawn in two parts: the round track and the action spaces (with their
  // hourglasses and Unavailable tokens) above, the tracks (stress in its coloured sections,
  // Short and Long Term Happiness) below, the rows of cards beside them on a wide screen.
  // On a narrow one (a phone) each part is drawn narrower and taller, so that nothing of it
  // needs scrolling sideways.
  const S = window.svgEl;
  const SECTION_COLOURS = {"light green": "#bfe6a6", turquoise: "#86d6cc", blue: "#9dbcec", yellow: "#f2de72",
                           orange: "#f2b067", red: "#e98a8a"};
  const SPACE_NAMES = {study: "Study", play: "Play", interact: "Interact", "temp-job": "Temp Job",
    "take-project": "Take a Project", spend: "Spend", "get-job": "Get a Job", "start-relationship": "Start a Relationship",
    overtime: "Overtime", rest: "Rest"};
  const spaceName = name => SPACE_NAMES[name] || name.replace(/-/g, " ");
  // How the log says a space was used, where it does not quote its name.
  const SPACE_WORDS = {"take-project": "takes '[^']+' at L", spend: "spends on the", "get-job": "gets the job",
    "start-relationship": "starts a relationship", overtime: "works overtime", rest: "\\brests\\b"};
  const TRACK_WORDS = {stress: "\\bstress\\b", sth: "\\bSTH\\b", lth: "\\bLTH\\b"};

  const hourglass = (x, y, colour) => S("path", {d: `M${x} ${y} h8 l-3.3 5 l3.3 5 h-8 l3.3 -5z`, fill: colour,
                                                stroke: "#333", "stroke-width": .6});

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
    return seats.map((seat, i) => {
      const piece = keyed(seatShape(seat, x + dx * (i % cols + .5), y + dy * (Math.floor(i / cols) + .5), r), `${track}:${seat}`);
      piece.dataset.seat = seat;  // a log line about this seat's track lights its piece
      piece.dataset.tell = TRACK_WORDS[track];
      return piece;
    });
  }
  const keyed = (node, key) => { node.dataset.key = key; return node; };
  const label = (x, y, body, attrs) => S("text", {x, y, "font-size": 11, "font-family": "sans-serif", fill: "#1d2326", ...attrs}, body);
  // A space's name on one line, or two where it is long for the space's width.
  function spaceLabel(x, y, name, width) {
    const words = spaceName(name), size = 12;
    if (words.length * size * .6 < width - 10) return [label(x, y, words, {"font-weight": 700, "font-size": size})];
    const cut = words.lastIndexOf(" ", Math.ceil(words.length / 2) + 2);
    return [label(x, y, words.slice(0, cut), {"font-weight": 700, "font-size": size}),
            label(x, y + 13, words.slice(cut + 1), {"font-weight": 700, "font-size": size})];
  }
  // A drawn thing's tooltip: what it is, then the rulebook's section for it.
  const told = (node, ctx, words, rule) => withTip(node, [words, ctx.rule ? ctx.rule(rule) : ""].filter(Boolean).join("\n"));

  function drawSpaces(v, ctx, narrow) {
    const spec = ctx.catalogue.board;
    const W = narrow ? 380 : 600, perLine = narrow ? 4 : spec.rounds.length, roundH = narrow ? 28 : 32;
    const roundLines = Math.ceil(spec.rounds.length / perLine);
    const cols = narrow ? 2 : 5, spaceH = narrow ? 40 : 50;
    const names = Object.keys(v.spaces);
    const top = 16 + roundLines * (roundH + 4) + 18;
    const height = top + Math.ceil(names.length / cols) * (spaceH + 6);
    const svg = S("svg", {viewBox: `0 0 ${W} ${height}`, class: "pboard spaces", role: "img", "aria-label": "the board"});

    // Round track: Teen to Old Age 3, the round marker on the current round.
    svg.appendChild(label(4, 12, "Rounds", {"font-weight": 700}));
    const roundW = (W - 8) / perLine;
    spec.rounds.forEach((r, i) => {
      const x = 4 + (i % perLine) * roundW, y = 16 + Math.floor(i / perLine) * (roundH + 4), now = i === v.round;
      const g = S("g", {"data-round": r.name, class: now ? "now" : null});
      g.appendChild(S("rect", {x, y, width: roundW - 4, height: roundH, rx: 5,
                               fill: r.stage === "teen" ? "#e8f1e4" : r.stage === "adult" ? "#e6edf7" : "#f1e8f3",
                               stroke: now ? "#1d2326" : "#b7b0a0", "stroke-width": now ? 2.5 : 1}));
      g.appendChild(label(x + 5, y + 13, r.name, {"font-weight": now ? 700 : 400}));
      if (r.stress) g.appendChild(label(x + 5, y + 26, `+${r.stress} stress`, {"font-size": 9, fill: "#a33a2b"}));
      if (now) g.appendChild(S("circle", {cx: x + roundW - 14, cy: y + roundH / 2, r: 6, fill: "#1d2326"}));
      told(g, ctx, `${r.name}${r.stress ? `: every player takes ${r.stress} Stress as it begins` : ""}${now ? " (the round marker is here)" : ""}`,
           r.stress ? "old-age" : "round-track");
      svg.appendChild(g);
    });

    // Action spaces, each with the hourglasses on it.
    svg.appendChild(label(4, top - 6, "Action spaces", {"font-weight": 700}));
    const spaceW = (W - 8) / cols;
    names.forEach((name, i) => {
      const x = 4 + (i % cols) * spaceW, y = top + Math.floor(i / cols) * (spaceH + 6);
      const closed = v.closed.includes(name);
      // A log line about this space lights it (app.js tell): "takes 'Study'", "works overtime".
      const g = S("g", {"data-space": name, class: "space-svg" + (closed ? " closed" : ""),
                        "data-tell": `'${spaceName(name)}'` + (SPACE_WORDS[name] ? `|${SPACE_WORDS[name]}` : "")});
      g.appendChild(S("rect", {x, y, width: spaceW - 6, height: spaceH, rx: 6, fill: closed ? "#e4e1da" : "#fffdf8", stroke: "#8a9a91"}));
      g.append(...spaceLabel(x + 7, y + 15, name, spaceW - (closed ? 30 : 0)));
      let hx = x + 8;
      v.spaces[name].forEach((count, seat) => {
        for (let k = 0; k < count; k++) {
          g.appendChild(keyed(hourglass(hx, y + spaceH - 16, SEAT_COLOURS[seat % 8]), `hourglass:${name}:${seat}:${k}`));
          hx += 10;
        }
      });
      if (closed) {
        const cx = x + spaceW - 22, cy = y + spaceH / 2 + 2;
        g.appendChild(S("circle", {cx, cy, r: 12, fill: "#555", stroke: "#fff", "stroke-width": 2}));
        g.appendChild(label(cx, cy + 4, "✕", {fill: "#fff", "text-anchor": "middle", "font-size": 12, "font-weight": 700}));
      }
      const on = v.spaces[name].map((n, seat) => n ? `${v.players[seat].name} ${n}` : "").filter(Boolean).join(", ");
      told(g, ctx, `${spaceName(name)}${closed ? " (covered by an Unavailable Action token)" : ""}` +
           (on ? `\nhourglasses here: ${on}` : ""), closed ? "unavailable" : name);
      svg.appendChild(pickable(g, ctx, `space:${name}`, true));  // a click on a space places the hourglass there
    });
    return svg;
  }

  function drawTracks(v, ctx, narrow) {
    const spec = ctx.catalogue.board;
    const W = narrow ? 380 : 600;
    const alive = v.players.map((p, seat) => seat).filter(seat => v.players[seat].alive);
    const lthPerLine = narrow ? 10 : 25, lthH = narrow ? 26 : 30;
    const lthLines = Math.ceil(50 / lthPerLine);
    const height = 16 + 30 + 18 + 20 + 26 + 20 + lthLines * (lthH + 3);
    const svg = S("svg", {viewBox: `0 0 ${W} ${height}`, class: "pboard tracks", role: "img", "aria-label": "the tracks"});

    // Stress track: coloured sections; a section's hourglass change is written under it.
    let y = 16;
    svg.appendChild(label(4, y - 4, "Stress", {"font-weight": 700}));
    const spaces = spec.stress_track.reduce((n, sec) => n + sec.spaces, 0);
    const cell = (W - 8) / spaces;
    let index = 0;
    spec.stress_track.forEach(sec => {
      const x0 = 4 + index * cell;
      const change = sec.hourglasses > 0 ? `+${sec.hourglasses}` : sec.hourglasses < 0 ? `−${-sec.hourglasses}` : "start";
      const words = `${sec.name} section: ${sec.hourglasses ? `${change} hourglass${Math.abs(sec.hourglasses) === 1 ? "" : "es"} each round`
                                                            : "the start section, no change"}`;
      for (let k = 0; k < sec.spaces; k++) {
        svg.appendChild(told(S("rect", {x: 4 + (index + k) * cell, y, width: cell - 2, height: 30, rx: 3, fill: SECTION_COLOURS[sec.name] || "#ddd",
                                         stroke: "#fff", "data-track": "stress"}), ctx, `Stress track, ${words}`, "stress-track"));
      }
      // Under each section, the hourglasses it gives or takes each round (the start section: none).
      const under = S("g", {}, label(x0 + 2, y + 44, change, {"font-size": 10, "font-weight": 700}));
      if (sec.hourglasses) under.appendChild(hourglass(x0 + 20, y + 35, "#fff"));
      svg.appendChild(told(under, ctx, words, "stress-track"));
      index += sec.spaces;
    });
    const onStress = {};
    alive.forEach(seat => {
      const at = Math.min(spaces - 1, v.players[seat].stress - spec.stress_first);  // positions count from the start space (0)
      (onStress[at] = onStress[at] || []).push(seat);
    });
    for (const [at, seats] of Object.entries(onStress)) {
      svg.appendChild(S("g", {}, pieces(seats, 4 + Number(at) * cell, y, cell - 2, 30, 5.5, "stress")));
    }

    // Short Term Happiness: sth_min to sth_max.
    y = 16 + 30 + 38;
    const [lo, hi] = spec.sth;
    const sthW = Math.min(44, (W - 8) / (hi - lo + 1));
    svg.appendChild(label(4, y - 5, "Short Term Happiness", {"font-weight": 700}));
    for (let value = lo; value <= hi; value++) {
      const x = 4 + (value - lo) * sthW;
      const box = S("rect", {x, y, width: sthW - 4, height: 26, rx: 3, fill: value < 0 ? "#f6dada" : value > 0 ? "#dff1d8" : "#eee",
                             stroke: "#fff", "data-track": "sth"});
      svg.appendChild(told(box, ctx, `Short Term Happiness ${value > 0 ? "+" : ""}${value}`, "sth-track"));
      svg.appendChild(label(x + 3, y + 11, value > 0 ? `+${value}` : value, {"font-size": 9, fill: "#555"}));
      const here = alive.filter(seat => v.players[seat].sth === value);
      svg.appendChild(S("g", {}, pieces(here, x, y + 12, sthW - 4, 14, 4.5, "sth")));  // under the value
    }

    // Long Term Happiness: a score track of 50 spaces (a piece goes round again past 49).
    y += 26 + 20;
    svg.appendChild(label(4, y - 5, "Long Term Happiness", {"font-weight": 700}));
    const lapNote = v.players.filter(p => p.lth >= 50).map(p => `${p.name} ${p.lth}`).join(", ");
    if (lapNote) svg.appendChild(label(160, y - 5, `past 50: ${lapNote}`, {"font-size": 10}));
    const lthW = (W - 8) / lthPerLine;
    for (let value = 0; value < 50; value++) {
      const x = 4 + (value % lthPerLine) * lthW, yy = y + Math.floor(value / lthPerLine) * (lthH + 3);
      const box = S("rect", {x, y: yy, width: lthW - 2, height: lthH, rx: 3, fill: value % 5 === 0 ? "#efe6cf" : "#f8f4ea",
                             stroke: "#d9d4c7", "data-track": "lth"});
      svg.appendChild(told(box, ctx, `Long Term Happiness ${value} (and ${value + 50})`, "lth-track"));
      svg.appendChild(label(x + 2, yy + 9, value, {"font-size": 8, fill: "#777"}));
      const here = alive.filter(seat => ((v.players[seat].lth % 50) + 50) % 50 === value);
      svg.appendChild(S("g", {}, pieces(here, x, yy + 10, lthW - 2, lthH - 10, 4, "lth")));  // under the value
    }
    return svg;
  }

  // A row of cards to take (Projects, Items & Activities, Jobs, Partners), drawn small: each
  // card's levels as cost → gain, its level names and full text in its tooltip.
  const ROW_RULES = {projects: "take-project", items: "spend", jobs: "get-job", partners: "start-relationship"};
  function cardRow(v, key, title, ctx) {
    const cards = v.rows[key];
    // "Refresh": lose 1 STH to replace a row's cards, offered beside the row's name.
    return h("section", {className: `prow prow-${key}`},
      h("h2", {}, `${title} `, h("small", {}, `(${v.piles[key]} in the pile)`), " ", tool("↻ refresh", `row:${key}`, ctx)),
      h("div", {className: "row", "data-row": key, "data-name": `${title} row`}, cards.map(id => card(id, ctx, null, `card:${id}`, ROW_RULES[key]))));
  }

  // A player's numbers in one line: resources, happiness, stress, hourglasses, slots.
  function stats(p, ctx, mine) {
    const hg = p.hourglasses;
    return h("div", {className: "stats"},
      RES.map(([key, short, long]) => h("span", {className: "stat", title: long}, `${short} `, h("b", {}, p.resources[key]))),
      h("span", {className: "stat", title: "Short Term Happiness"}, "STH ", h("b", {}, p.sth > 0 ? `+${p.sth}` : p.sth)),
      h("span", {className: "stat", title: "Long Term Happiness"}, "LTH ", h("b", {}, p.lth)),
      h("span", {className: "stat", title: "stress track"}, "stress ", h("b", {}, p.stress_space)),
      h("span", {className: "stat", title: "hourglasses left / this round"}, "hourglasses ", h("b", {}, `${hg.hand}/${hg.total}`)),
      h("span", {className: "stat", title: "Projects, Job and Partners in the 3 slots"}, "slots ", h("b", {}, `${p.slots}/3`)),
      p.popularity_score !== undefined ? h("span", {className: "stat", title: "Popularity score (Community)"}, "Popularity ", h("b", {}, p.popularity_score)) : null,
      mine ? tool("⇄ exchange", "kind:exchange", ctx) : null);
  }

  const traitName = (ctx, id) => (ctx.catalogue[`trait:${id}`] || {name: id}).name;
  function trait(ctx, id, targets) {
    const info = ctx.catalogue[`trait:${id}`] || {name: id, text: []};
    const node = told(h("span", {className: "pc trait"}, info.name), ctx, `${info.name} (Child trait)\n${(info.text || []).join("\n")}`, "trait");
    return targets ? pickable(node, ctx, targets) : node;
  }

  function playerArea(v, p, seat, payload, ctx) {
    const mine = seat === payload.seat;
    const heading = [seatMark(seat), ` ${p.name}`, mine ? " (you)" : "", p.alive ? "" : " — passed away",
                     v.first === seat ? " · first player" : ""];
    const body = [];
    const traitLine = h("p", {className: "trait-line"}, "child trait: ",
      p.trait ? trait(ctx, p.trait) : p.chosen ? "chosen (shown once everyone has chosen)" : "(to choose)");
    if (!mine && !Array.isArray(p.offer)) traitLine.hidden = true;  // said on the folded line
    if (Array.isArray(p.offer) && !p.trait) {
      traitLine.append(" — dealt: ", ...p.offer.map(t => trait(ctx, t, `option:${t}`)));
    }
    body.push(traitLine);
    // The 3 slots hold Projects, the Job and Partners ("Take Project"); beyond 3, each
    // round begins with 1 Stress. Items and Activities take no slot and lie apart.
    const inSlots = [...p.projects.map(x => holding(x, ctx)), ...(p.job ? [card(p.job, ctx, {label: "job"}, `card:${p.job}`)] : []),
                     ...p.partners.map(x => holding(x, ctx))];
    const slots = h("div", {className: "slots", "aria-label": "the 3 slots"});
    inSlots.forEach((node, i) => slots.appendChild(h("div", {className: "slot" + (i >= 3 ? " over" : "")},
      h("div", {className: "slot-name"}, i < 3 ? `slot ${i + 1}` : "over the 3 slots: 1 Stress each round"), node)));
    for (let i = inSlots.length; i < 3; i++) {
      slots.appendChild(told(h("div", {className: "slot empty"}, h("div", {className: "slot-name"}, `slot ${i + 1}`), "empty"),
                             ctx, "an empty slot", "slots"));
    }
    const kindOf = x => (ctx.catalogue[x.card] || {}).kind || "";
    const items = p.items.filter(x => kindOf(x) !== "Activity"), activities = p.items.filter(x => kindOf(x) === "Activity");
    const apart = h("div", {className: "apart"});
    if (items.length) apart.appendChild(h("div", {}, h("h3", {}, "Items (no slot)"), h("div", {className: "row"}, items.map(x => holding(x, ctx)))));
    if (activities.length) apart.appendChild(h("div", {}, h("h3", {}, "Activities (no slot)"), h("div", {className: "row"}, activities.map(x => holding(x, ctx)))));
    if (p.retired) apart.appendChild(h("div", {}, h("h3", {}, "Retired (no slot)"), h("div", {className: "row"}, card(p.retired, ctx, {label: "retired"}))));
    body.push(h("div", {className: "holdings"}, slots, apart.childNodes.length ? apart : null));
    if (p.completed.length) {
      body.push(h("p", {}, "completed: ", p.completed.map((id, i) => [i ? ", " : "", (ctx.catalogue[id] || {name: id}).name])));
    }
    if (mine) {  // the child trait beside your name
      return h("section", {className: "area mine", "data-seat": seat}, h("h2", {}, h("span", {}, heading), body[0]),
               stats(p, ctx, true), body.slice(1));
    }
    // Another player: one line (name, child trait and numbers) until opened.
    const traitWord = p.trait ? trait(ctx, p.trait) : p.chosen ? "trait chosen (shown once everyone has chosen)" : "trait to choose";
    const area = fold(`seat:${seat}`, [h("b", {className: "who"}, heading), h("span", {className: "trait-word"}, traitWord),
                                       stats(p, ctx, false)], body, ctx.seat === null);
    area.classList.add("area");
    area.dataset.seat = seat;
    return area;
  }

  window.VitaRenderers["pursuit"] = function (payload, ctx) {
    const v = payload.view;
    const narrow = window.matchMedia("(max-width: 600px)").matches;
    const root = h("div", {className: "pursuit"});
    // The round, the phase, the life goals in play and the spaces not open yet, by their names.
    const goals = v.life_goals.map(id => {
      const info = ctx.catalogue[`goal:${id}`] || {name: id, text: []};
      return told(h("span", {className: "goal-name"}, info.name), ctx, `${info.name} (Life goal)\n${(info.text || []).join("\n")}`, "life-goals");
    });
    root.appendChild(h("p", {className: "table-line"}, h("b", {}, `${v.round_name} round`), `, ${v.phase} phase · life goals: `,
      goals.map((g, i) => [i ? ", " : "", g]), v.closed.length ? ` · unavailable: ${v.closed.map(spaceName).join(", ")}` : ""));
    // On a wide screen two columns: the board with the Jobs row under it, and the other rows
    // beside them (style.css: one column on a narrower screen, in the rulebook's row order).
    const four = ROWS.some(([key]) => v.rows[key].length > 3);  // 4 players and more: the board narrower
    const table = h("div", {className: "ptable" + (four ? " four" : "")});
    const jobs = v.rows.jobs.length ? cardRow(v, "jobs", "Jobs", ctx) : null;
    if (ctx.catalogue.board) {
      table.appendChild(h("div", {className: "board-col"}, h("div", {className: "board-wrap spaces-wrap"}, drawSpaces(v, ctx, narrow)),
                          h("div", {className: "board-wrap tracks-wrap"}, drawTracks(v, ctx, narrow)), jobs));
    } else {  // no board description in the catalogue: the spaces as a list
      const spaces = h("div", {className: "spaces", "aria-label": "board spaces"});
      for (const [name, counts] of Object.entries(v.spaces)) {
        const marks = counts.flatMap((n, seat) => Array.from({length: n}, () => seatMark(seat)));
        spaces.appendChild(pickable(h("div", {className: "space" + (v.closed.includes(name) ? " closed" : ""), "data-space": name},
          h("b", {}, spaceName(name)), " ", marks), ctx, `space:${name}`, true));
      }
      table.appendChild(h("div", {className: "board-col"}, spaces, jobs));
    }
    const rows = h("div", {className: "prows"}, ROWS.filter(([key]) => key !== "jobs" && v.rows[key].length)
      .map(([key, title]) => cardRow(v, key, title, ctx)));
    if (v.shopping) rows.appendChild(h("p", {className: "note"}, "Black Friday: buy another Item now, or choose done."));
    for (const [cardId, roles] of Object.entries(v.groups || {})) {
      const name = (ctx.catalogue[cardId] || {name: cardId}).name;
      rows.appendChild(h("p", {}, `Group project ${name}: roles `, roles.map(s => s === null ? "○ " : [seatMark(s), " "])));
    }
    table.appendChild(rows);
    root.appendChild(table);
    if (v.community) root.appendChild(communityBoard(v, ctx));
    // Your own area first, the others' folded to a line each (opened on demand).
    const order = v.players.map((_, seat) => seat).sort((a, b) => (b === payload.seat) - (a === payload.seat));
    root.append(...order.map(seat => playerArea(v, v.players[seat], seat, payload, ctx)));
    return root;
  };
})();
