// Our Life: the Action Display (cards with their action icons, Relaxations, Stress dice and the
// dice last rolled as faces), then each family's Family sheet (Happiness and Balance lines, the
// stress track in green, white and red, the Happiness Chart, the Home/Vehicle/Vacation/Pet/
// Children rows, the children's cards) and each player's Character sheet (rows of squares with
// their sections, icons, bonuses and Opportunities; the Digital Persona; the Opportunities
// track). The next square of a row you can mark, a display card, a story or a vacation bonus is
// clickable; hovering or tapping a card shows its text. Another family's card shows only as
// "chosen" until everybody has chosen.
(() => {
  const ICON = {
    health: ["♥", "health"], knowledge: ["✎", "knowledge"], money: ["$", "money"],
    relationship: ["❤︎❤︎", "relationship"], time: ["◔", "time"], like: ["☝", "like"], luck: ["★", "Good Luck (wild)"],
    vacation: ["✈", "vacation (two money)"], child: ["♙", "child (a time action each)"],
  };
  const DIE = ["", "⚡", "⚡⚡"];
  // A Stress die, drawn (an emoji die needs a font a machine may not have).
  const stressDie = () => svgEl("svg", {viewBox: "0 0 16 16", width: 14, height: 14, className: "die-icon", "aria-hidden": "true"},
    svgEl("rect", {x: 1, y: 1, width: 14, height: 14, rx: 3, fill: "#fff", stroke: "currentColor", "stroke-width": 1.5}),
    [[5, 5], [11, 11], [8, 8]].map(([cx, cy]) => svgEl("circle", {cx, cy, r: 1.4, fill: "currentColor"})));

  function icon(name, count) {
    const [sign, words] = ICON[name] || [name, name];
    return h("span", {className: `olsym ${name}`, title: words, "aria-label": `${count || 1} ${words}`},
      count > 1 ? `${count}×${sign}` : sign);
  }

  function counts(list) {
    const out = {};
    (list || []).forEach(n => { out[n] = (out[n] || 0) + 1; });
    return out;
  }

  function iconRow(map) {
    const parts = Object.entries(map || {}).filter(([, n]) => n).map(([k, n]) => icon(k, n));
    return parts.length ? parts : [h("span", {className: "muted"}, "—")];
  }

  function actionCard(number, slot, v, ctx) {
    const info = ctx.catalogue[String(number)] || {title: `card ${number}`, actions: []};
    const chosenBy = v.players.map((p, s) => [p, s]).filter(([p]) => p.choice === slot + 1);
    const secret = v.players.some(p => p.choice === true);
    const roll = (v.rolls || []).find(r => r[0] === slot);
    const node = h("div", {className: "olcard action", "data-slot": slot + 1, "data-name": info.title},
      h("div", {className: "title"}, h("small", {}, `${slot + 1} · `), info.title),
      h("div", {className: "actions"}, iconRow(counts(info.actions))),
      h("div", {className: "extras"},
        info.relax ? h("span", {className: "relax", title: "Relaxation: erase a stress mark"}, "☯".repeat(info.relax)) : null,
        info.stress ? h("span", {className: "stressdice", title: `${info.stress} Stress dice`, "aria-label": `${info.stress} Stress dice`},
          Array.from({length: info.stress}, stressDie)) : null,
        info.opportunity ? h("span", {className: "oppsym", title: "Opportunity"}, "✦") : null),
      roll ? h("div", {className: "dice", "aria-label": "Stress dice rolled"},
        roll.slice(1).map(f => h("span", {className: "die", title: `${f} stress`}, DIE[f] || "·"))) : null,
      h("div", {className: "chosen"}, chosenBy.map(([p, s]) => h("span", {}, seatMark(s), ` ${p.name} `)),
        secret && v.step === "choose" ? h("span", {className: "muted"}, "") : null));
    told(node, ctx, info.text, "action-display");
    return pickable(node, ctx, `card:${number}`);
  }

  // A row of squares: sections apart, the icon under a square, the bonus after a section, an
  // Opportunity's square beside the square it is linked to.
  // A thing's tooltip: its words, then the rulebook's section for it.
  const told = (node, ctx, words, rule) => withTip(node, [words, ctx.rule ? ctx.rule(rule) : ""].filter(Boolean).join("\n"));

  function row(layout, marks, covered, ctx, mine, targets, rule) {
    // Setup: the Background card's row is chosen by its name.
    const name = told(h("span", {className: "rowname"}, layout.name, " ", icon(layout.action)), ctx,
                      `${layout.name}: ${marks} marked`, rule);
    const line = h("div", {className: "olrow", "data-row": layout.id, "data-name": layout.name},
                   mine ? pickable(name, ctx, `row:${layout.id}`) : name);
    let square = 0;
    layout.sections.forEach((length, index) => {
      const section = h("span", {className: "section"});
      for (let i = 0; i < length; i++) {
        square += 1;
        const points = layout.points[String(square)];
        const cell = told(h("span", {className: "sq" + (square <= marks ? " x" : ""), "data-square": square},
          square <= marks ? "✕" : "", points !== undefined ? h("small", {className: "pts"}, String(points)) : null), ctx,
          `${layout.name}, square ${square}${square <= marks ? " (marked)" : ""}` +
          (points !== undefined ? `: ${points} Life Achievement points once reached` : ""), rule);
        if (mine && square === marks + 1) pickable(cell, ctx, targets);
        section.appendChild(cell);
        const opp = layout.opportunities[String(square)];
        if (opp) {
          const taken = (covered || []).includes(square);
          section.appendChild(told(h("span", {className: "sq opp" + (taken ? " x" : "")}, taken ? "✦" : icon(opp)), ctx,
            `Opportunity: pay a ${opp} action when you mark square ${square}${taken ? " (taken)" : ""}`, "opportunity-square"));
        }
      }
      line.appendChild(section);
      const bonus = [layout.bonuses[index], layout.romance && layout.romance[index] ? `both: ${layout.romance[index]}` : null]
        .filter(Boolean).join(" · ");
      if (bonus) {
        line.appendChild(told(h("span", {className: "bonus" + (/couple/.test(bonus) ? " couple" : "")}, bonus), ctx,
          `Bonus for finishing this section: ${bonus}`, /both:/.test(bonus) ? "romance" : "bonuses"));
      }
    });
    return line;
  }

  function stressTrack(sheets, marks, ctx) {
    const s = sheets.stress;
    const track = h("span", {className: "stress", "aria-label": `stress ${marks}`, "data-tell": "\\bstress\\b|Relaxation"});
    const total = s.green + s.white + s.red;
    for (let i = 1; i <= total; i++) {
      const colour = i <= s.green ? "green" : i <= s.green + s.white ? "white" : "red";
      track.appendChild(told(h("span", {className: `sq ${colour}` + (i <= marks ? " x" : ""), "data-track": "stress", "data-square": `s${i}`},
                                 i <= marks ? "✕" : ""),
                             ctx, `Stress track, ${colour} box ${i}${i <= marks ? " (marked)" : ""}`, "stress-track"));
    }
    return track;
  }

  function chart(sheets, family, round, ctx) {
    const table = told(h("table", {className: "olchart"}), ctx, "Happiness Chart: each round's Happiness and Joy", "happiness-chart");
    const head = h("tr", {}, h("th", {}, "round"));
    const happy = h("tr", {}, h("th", {}, "Happiness"));
    const joy = h("tr", {}, h("th", {}, "Joy"));
    for (let r = 1; r <= sheets.rounds; r++) {
      const goal = sheets.goal_rounds.includes(r);
      head.appendChild(h("th", {className: (goal ? "goal" : "") + (r === round ? " now" : ""),
                                 title: goal ? "Personal Goals score at the end of this round" : ""}, String(r)));
      const written = family.chart.happiness[r - 1];
      happy.appendChild(h("td", {}, written === undefined ? "" : String(written)));
      joy.appendChild(h("td", {}, family.chart.joy[r - 1] ? String(family.chart.joy[r - 1]) : ""));
    }
    table.append(head, happy, joy);
    return table;
  }

  // A family's numbers in one line: Happiness, Balance, the stress track (and points at the end).
  function familyLine(family, sheets, ctx) {
    return h("div", {className: "line"},
      told(h("span", {className: "happiness"}, "☺ Happiness ", h("b", {}, String(family.happiness))), ctx,
           "Happiness (never below -3)", "happiness"),
      told(h("span", {className: "balance"}, " ⚖ Balance ", h("b", {}, String(family.balance))), ctx, "Balance", "balance"),
      h("span", {}, " Stress ", stressTrack(sheets, family.stress, ctx)));
  }

  // Your family: its Family sheet and your Character sheet open, your partner's folded to a
  // line. Another family: one line, opened on demand.
  function familySheet(v, f, family, ctx, sheets) {
    const seats = family.seats;
    const mine = seats.includes(ctx.seat);
    const goal = family.shared_goal;
    const goalInfo = typeof goal === "number" ? ctx.catalogue[String(goal)] : null;
    const who = [seats.map(s => seatMark(s)), " ", seats.map(s => v.players[s].name).join(" & "),
                 seats.length === 2 ? " (couple)" : " (single)", v.scores ? ` — ${v.scores[seats[0]]} points` : ""];
    const body = [];
    const top = h("div", {className: "family-top"});
    if (mine) top.appendChild(familyLine(family, sheets, ctx));
    if (goalInfo) top.appendChild(told(h("p", {className: "goal"}, "Shared Goal: ", h("b", {}, goalInfo.title)), ctx, goalInfo.text, "shared-goal"));
    body.push(top);
    if (Array.isArray(family.shared_options) && family.shared_options.length) {
      body.push(h("p", {className: "goal"}, "Shared Goal, to choose: ", family.shared_options.map(n => goalCard(n, ctx, "shared-goal"))));
    }
    const rows = h("div", {className: "olsheet family"}, h("h3", {}, "Family sheet"));
    sheets.family.forEach(layout => {
      // Vacation and Children are marked by their own actions (going on a vacation, time with a child).
      const targets = layout.action === "vacation" ? "kind:vacation" : layout.action === "child" ? "kind:child" : `row:${layout.id}`;
      rows.appendChild(row(layout, family.rows[layout.id], [], ctx, mine, targets, "family-sheet"));
    });
    family.children.forEach(([card, marks], i) => {
      const info = ctx.catalogue[String(card)] || {title: `child ${card}`, squares: 0};
      const layout = {id: `child${i + 1}`, name: info.title, action: info.action, sections: [info.squares],
                      points: {}, bonuses: [null], romance: [], opportunities: {}};
      rows.appendChild(told(row(layout, marks, [], ctx, mine, `row:child${i + 1}`, "children"), ctx, info.text, "children"));
    });
    // The Happiness Chart beside the Family sheet's rows, where the width allows.
    body.push(h("div", {className: "family-rows"}, rows, chart(sheets, family, v.round, ctx)));
    if (family.half_child !== null) body.push(h("p", {}, `${v.players[family.half_child].name} spent a Time action on a child`));
    const order = seats.slice().sort((a, b) => (b === ctx.seat) - (a === ctx.seat));
    order.forEach(s => {
      const sheet = characterSheet(v, s, ctx, sheets);
      if (s === ctx.seat) { body.push(sheet); return; }
      // The partner's (or another family's) Character sheet: a line until opened.
      const p = v.players[s];
      const folded = fold(`sheet:${s}`, [h("b", {}, "Character sheet of ", seatMark(s), ` ${p.name}`), roundLine(v, p, ctx)],
                          sheet.children.length ? [...sheet.children].slice(1) : [], ctx.seat === null);
      folded.classList.add("olsheet", "character");
      folded.dataset.seat = s;
      body.push(folded);
    });
    if (mine) return h("section", {className: "area olfamily mine", "data-family": f, "data-seats": seats.join(" ")}, h("h2", {}, who), body);
    const area = fold(`family:${f}`, [h("b", {className: "who"}, who), familyLine(family, sheets, ctx)], body, ctx.seat === null);
    area.classList.add("area", "olfamily");
    area.dataset.family = f;
    area.dataset.seats = seats.join(" ");
    return area;
  }

  // What a player does this round: the card chosen, the actions left and the extra one.
  function roundLine(v, p, ctx) {
    const choice = p.choice === true ? "chosen (secret until all have chosen)" : typeof p.choice === "number"
      ? (ctx.catalogue[String(v.display[p.choice - 1])] || {}).title : "not yet";
    return h("span", {className: "round-info"}, `this round: ${choice}`,
      v.step === "use" ? [" · actions left: ", iconRow(p.actions), " · extra: ",
                          p.extra.length ? p.extra.map(n => icon(n)) : h("span", {className: "muted"}, "—"),
                          p.done ? " · done" : ""] : null);
  }

  function characterSheet(v, seat, ctx, sheets) {
    const p = v.players[seat];
    const mine = seat === ctx.seat;
    const box = h("div", {className: "olsheet character", "data-seat": seat},
      h("h3", {}, "Character sheet of ", seatMark(seat), ` ${p.name}`, mine ? " (you)" : ""));
    sheets.character.forEach(layout => box.appendChild(row(layout, p.rows[layout.id], p.opportunities[layout.id], ctx, mine, `row:${layout.id}`,
                                                           layout.id === "romance" ? "romance" : "character-sheet")));
    const persona = {id: "persona", name: "Digital Persona", action: "like", sections: [sheets.persona.length / 2, sheets.persona.length / 2],
                     points: {}, bonuses: [sheets.persona.bonuses[String(sheets.persona.length / 2)], sheets.persona.bonuses[String(sheets.persona.length)]],
                     romance: [], opportunities: {}};
    box.appendChild(row(persona, p.persona, [], ctx, mine, "kind:like", "persona"));
    const track = h("div", {className: "olrow"}, told(h("span", {className: "rowname"}, "Opportunities ✦"), ctx,
                                                      `Opportunities track: ${p.opportunity_track} crossed`, "opportunities"));
    sheets.opportunities.slice(1).forEach((value, i) => track.appendChild(
      told(h("span", {className: "sq" + (i < p.opportunity_track ? " x" : ""), "data-square": `o${i + 1}`},
        i < p.opportunity_track ? "✕" : "", h("small", {className: "pts"}, String(sheets.opportunities[i]))), ctx,
        `Opportunities track, square ${i + 1}: ${value} points once crossed`, "opportunities")));
    box.appendChild(track);
    if (Array.isArray(p.goal_options) && p.goal_options.length) {
      box.appendChild(h("p", {className: "goal"}, "Personal Goal, to choose: ", p.goal_options.map(n => goalCard(n, ctx, "personal-goal"))));
    }
    if (p.background && !p.background_row && mine) {
      const info = ctx.catalogue[String(p.background)] || {title: `card ${p.background}`, text: ""};
      box.appendChild(told(h("p", {className: "goal"}, "Background: ", h("b", {}, info.title), " — choose its row by the row's name"), ctx,
                           info.text, "background"));
    }
    const goal = typeof p.personal_goal === "number" && p.personal_goal ? ctx.catalogue[String(p.personal_goal)] : null;
    box.appendChild(h("p", {className: "round-info"},
      goal ? told(h("span", {}, "Personal Goal: ", h("b", {}, goal.title)), ctx, goal.text, "personal-goal") : "Personal Goal: (secret)",
      " · ", roundLine(v, p, ctx)));
    return box;
  }

  function goalCard(number, ctx, rule) {
    const info = ctx.catalogue[String(number)] || {title: `card ${number}`, text: ""};
    return pickable(told(h("span", {className: "olcard small goal-option", "data-card": number}, info.title), ctx, info.text, rule),
                    ctx, `card:${number}`);
  }

  function prompt(v, ctx) {
    if (!v.prompts.length) return null;
    const p = v.prompts[0];
    const who = v.players[p.kind === "story" ? p.askers[0] : p.seat].name;
    const box = h("div", {className: "olprompt", role: "status"}, h("b", {}, `${who}: `));
    if (p.kind === "opportunity") {
      box.append(pickable(h("span", {className: "olcard small"}, `✦ take the Opportunity in ${p.row} (square ${p.square})`), ctx, "kind:opportunity"),
                 " or let it go");
    }
    if (p.kind === "post") {
      box.append("Post a Story: keep one ");
      if (Array.isArray(p.cards)) p.cards.forEach(c => box.appendChild(storyCard(c, ctx, `card:${c}`)));
      else box.append(`(${p.cards} cards, hidden)`);
    }
    if (p.kind === "story") { box.append(`Like ${v.players[p.seat].name}'s story? `); box.appendChild(storyCard(p.card, ctx, "kind:like-story")); }
    if (p.kind === "vacation") {
      const info = ctx.catalogue[String(p.card)] || {bonuses: []};
      box.append(`${info.title}: pick a bonus `);
      info.bonuses.forEach((b, i) => box.appendChild(pickable(told(h("span", {className: "olcard small"}, b), ctx,
        `${info.title}: ${b}`, "pick"), ctx, `option:${i + 1}`)));
    }
    return box;
  }

  function storyCard(number, ctx, targets) {
    const info = ctx.catalogue[String(number)] || {title: `card ${number}`, text: ""};
    return pickable(told(h("span", {className: "olcard small story"}, info.title), ctx, info.text, "post"), ctx, targets);
  }

  window.VitaRenderers["our-life"] = function (payload, ctx) {
    const v = payload.view;
    const sheets = ctx.catalogue.sheets;
    const root = h("div", {className: "ol-game"});
    const movers = v.to_move.map(s => v.players[s].name).join(", ") || "nobody";
    root.appendChild(h("p", {}, h("b", {}, `Round ${v.round}/${sheets.rounds}`), v.step === "over" ? " · the game is over" : ` · ${v.step} · to act: ${movers}`,
      v.solo_result ? h("b", {}, ` · ${v.solo_result}`) : null));
    root.appendChild(h("div", {className: "row oldisplay", "aria-label": "Action Display"},
      v.display.map((n, i) => actionCard(n, i, v, ctx))));
    const asking = prompt(v, ctx);
    if (asking) root.appendChild(asking);
    if (v.offers.length) root.appendChild(h("p", {}, "Waiting for a second Money action to go on vacation: ",
      v.offers.map(s => pickable(h("span", {className: "olcard small"}, seatMark(s), ` ${v.players[s].name} ✈`), ctx, `seat:${s}`))));
    v.families.forEach((family, f) => root.appendChild(familySheet(v, f, family, ctx, sheets)));
    return root;
  };
})();
