// CV: the track of cards with their costs as symbols, the dice as faces (bad luck frozen and
// marked), each player's CV as five stacks with the active card on top, tokens, the hand and
// the life goals. Track cards, dice, cards in hand and active cards are clickable when an
// action uses them; hovering or tapping a card shows its full text.
(() => {
  const SYM = {
    health: ["♥", "health"], relationship: ["☺", "relationship"], knowledge: ["✎", "knowledge"],
    money: ["$", "money"], good_luck: ["☘", "good luck"], bad_luck: ["☠", "bad luck"],
    any: ["✱", "any of health, relationship, knowledge, money"], die: ["⚀+", "extra die"], reroll: ["↻", "extra throw"],
  };
  const STACKS = ["health", "relationship", "knowledge", "work", "possession"];

  function symbol(name, count) {
    const [sign, words] = SYM[name] || [name, name];
    return h("span", {className: `sym ${name}`, title: words, "aria-label": `${count} ${words}`},
      count > 1 ? `${count}${sign}` : sign);
  }

  function symbols(counts) {
    const parts = Object.entries(counts || {}).filter(([, n]) => n).map(([k, n]) => symbol(k, n));
    return parts.length ? parts : [h("span", {className: "muted"}, "—")];
  }

  // A thing's tooltip: its words, then the rulebook's section for it.
  const told = (node, ctx, words, rule) => withTip(node, [words, ctx.rule && rule ? ctx.rule(rule) : ""].filter(Boolean).join("\n"));

  function card(number, ctx, opts) {
    const info = ctx.catalogue[String(number)] || {title: `card ${number}`, types: [], text: ""};
    const o = opts || {};
    const node = h("div", {className: `cvcard ${(info.types || []).join(" ")}` + (o.active ? " active" : ""),
                           "data-card": number},
      h("div", {className: "title"}, h("small", {}, `${number} `), info.title),
      h("div", {className: "kind"}, (info.types || []).join(" / ")));
    if (o.full && info.cost) {
      node.appendChild(h("div", {className: "cost"}, "cost ", symbols(info.cost),
        info.requires ? h("span", {className: "muted"}, " + condition") : null));
      node.appendChild(h("div", {className: "gives"}, "gives ", symbols(info.effect),
        info.points ? h("b", {}, ` ${info.points} pts`) : null));
      if (info.paid) node.appendChild(h("div", {className: "paid"}, "each turn ", symbols(info.paid)));
    }
    told(node, ctx, [`${number} ${info.title} (${(info.types || []).join(" / ")})`, info.text].filter(Boolean).join("\n"), o.rule);
    return o.targets ? pickable(node, ctx, o.targets) : node;
  }

  function die(face, index) {
    const frozen = face === "bad_luck";
    return h("span", {className: `die ${face}` + (frozen ? " frozen" : ""), "data-die": index + 1,
                      title: `die ${index + 1}: ${SYM[face][1]}` + (frozen ? " (frozen)" : "")},
      h("span", {className: "face"}, SYM[face][0]), h("small", {}, frozen ? `${index + 1} ❄` : `${index + 1}`));
  }

  // Rerolls are chosen die by die: a click picks or unpicks a die that may be thrown again,
  // and the button throws the picked ones ("reroll 1 3"). The picks survive redrawing the
  // same position, and drawing an earlier one aside (the page measures what your own move
  // changed on the table as it left it), and are dropped when the game moves on.
  let picks = {seq: null, dice: []};

  function diceRow(v, payload, ctx) {
    if (picks.seq === null || payload.seq > picks.seq) picks = {seq: payload.seq, dice: []};
    const rerolls = new Set(ctx.legal.map(a => a.notation).filter(n => n.startsWith("reroll ")));
    const throwable = i => [...rerolls].some(n => n.split(" ").includes(String(i + 1)));
    const button = h("button", {type: "button", className: "reroll"});
    const nodes = v.dice.map((face, i) => {
      const node = told(die(face, i), ctx, `die ${i + 1}: ${SYM[face][1]}` + (face === "bad_luck" ? " (frozen)" : ""), "dice");
      if (!throwable(i)) return node;
      node.classList.add("clickable");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.dataset.target = `die:${i + 1}`;  // every reroll with this die is reached by picking it
      const toggle = () => {
        const at = picks.dice.indexOf(i);
        if (at >= 0) picks.dice.splice(at, 1); else picks.dice.push(i);
        update();
      };
      node.addEventListener("click", toggle);
      node.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
      return node;
    });
    function update() {
      nodes.forEach((node, i) => {
        node.classList.toggle("selected", picks.dice.includes(i));
        if (node.classList.contains("clickable")) node.setAttribute("aria-pressed", String(picks.dice.includes(i)));
      });
      const notation = `reroll ${picks.dice.slice().sort((a, b) => a - b).map(i => i + 1).join(" ")}`;
      const legal = ctx.legal.find(a => a.notation === notation);
      button.hidden = !rerolls.size;
      button.disabled = !legal;
      button.textContent = picks.dice.length ? `Throw again: ${picks.dice.length} di${picks.dice.length === 1 ? "e" : "ce"}` : "Pick dice to throw again";
      if (legal) button.dataset.notation = notation; else delete button.dataset.notation;
    }
    button.addEventListener("click", () => { if (button.dataset.notation) ctx.send(button.dataset.notation); });
    update();
    return h("div", {className: "row dice", "aria-label": "dice", "data-tell": "\\brolls\\b|\\brerolls\\b|more dice"}, h("span", {}, "Dice: "), nodes, button,
      h("span", {className: "muted"}, ` throws left: ${v.rerolls}`));
  }

  // A player's CV: five stacks, the active card on top of each; then tokens, hand and life goal.
  function cvOf(p, seat, v, ctx) {
    const stacks = h("div", {className: "stacks"});
    for (const kind of STACKS) {
      const cards = p.cv[kind];
      const column = h("div", {className: `stack ${kind}`, "aria-label": `${kind} stack`},
        told(h("h3", {}, `${kind} (${cards.length})`), ctx, `The ${kind} stack: ${cards.length} card${cards.length === 1 ? "" : "s"}`, "stacks"));
      // A CV card is chosen by its number: lost to misfortune, or a new card put under it.
      cards.slice().reverse().forEach((n, i) => column.appendChild(card(n, ctx, {active: i === 0, targets: `card:${n} place:${n}`, rule: "stacks"})));
      stacks.appendChild(column);
    }
    const line = h("div", {className: "row cv-line"},
      told(h("span", {}, "Tokens: ", symbols(Object.fromEntries(Object.entries(p.tokens)))), ctx, "Tokens: the symbols of the active cards", "tokens"));
    if (p.hand !== null) {
      const hidden = p.hidden_in_hand ? ` + ${p.hidden_in_hand} childhood card(s)` : "";
      line.appendChild(h("span", {className: "row hand", "aria-label": "hand"}, "Hand: ",
        p.hand.length ? p.hand.map(n => card(n, ctx, {targets: `card:${n}`, rule: "hand"})) : h("span", {className: "muted"}, "no events"), hidden));
    }
    if (p.goal !== null) line.appendChild(h("span", {}, "Life goal: ", card(p.goal, ctx, {rule: "life-goals"})));
    const body = [stacks, line];
    if (p.draft && p.draft.length) {
      body.push(h("div", {className: "row", "aria-label": "childhood cards to choose from"}, h("span", {}, "Choose: "),
        p.draft.map(n => card(n, ctx, {full: true, targets: `card:${n}`, rule: "childhood"}))));
    } else if (p.draft_size) {
      body.push(h("p", {}, `${p.draft_size} childhood cards to choose from`));
    }
    return body;
  }

  window.VitaRenderers["cv"] = function (payload, ctx) {
    const v = payload.view;
    const root = h("div", {className: "cv-game"});
    // In the draft every player keeps a card at once: nobody's turn (the status line says who is still choosing).
    const whose = v.step === "draft" ? "the childhood draft" : `${v.players[v.turn].name}'s turn`;
    root.appendChild(h("p", {className: "table-line"}, h("b", {}, `Round ${v.round} · ${whose}`),
      v.step === "over" || v.step === "draft" ? "" : ` · ${v.step}`,
      told(h("span", {}, ` · decks: early ${v.decks.early}, middle ${v.decks.middle}, old ${v.decks.old}`), ctx,
           "The cards left in the early adulthood, middle age and old age decks", "decks")));
    root.appendChild(h("div", {className: "row goals", "aria-label": "public life goals"},
      h("span", {}, "Public life goals: "), v.public_goals.map(g => card(g, ctx, {rule: "life-goals"}))));
    root.appendChild(h("div", {className: "row track", "aria-label": "track"}, h("span", {className: "row-name"}, "Track"),
      v.track.map(n => card(n, ctx, {full: true, targets: `card:${n}`, rule: "track"}))));
    if (["roll", "select", "misfortune"].includes(v.step) && v.dice.length) {
      root.appendChild(diceRow(v, payload, ctx));
      if (v.step !== "roll") {
        root.appendChild(told(h("p", {className: "spend"}, "Symbols to spend: ", symbols(v.pool),
          Object.values(v.event_pool).some(n => n) ? [" · from events: ", symbols(v.event_pool)] : null,
          v.misfortunes ? h("b", {}, ` · misfortunes: ${v.misfortunes}`) : null), ctx, "The symbols of your dice and tokens, to spend", "pool"));
      }
    }
    // Cards bought this turn wait to join a CV (on top, or under a card of their stack).
    // (or given by social assistance or the draft: "placing").
    const waiting = [...(v.bought || []), ...(v.placing || [])].map(b => b.card);
    if (waiting.length) {
      root.appendChild(h("div", {className: "row bought", "aria-label": "cards to add to a CV"}, h("span", {}, "To add to a CV: "),
        waiting.map(n => card(n, ctx, {full: true, targets: `card:${n}`, rule: "stacks"}))));
    }
    // Your own CV first, the others' folded to a line each (opened on demand).
    const order = v.players.map((_, seat) => seat).sort((a, b) => (b === payload.seat) - (a === payload.seat));
    order.forEach(seat => {
      const p = v.players[seat];
      const mine = seat === payload.seat;
      // Friend from work borrows from a player: the player's name is what is picked.
      const who = pickable(h("span", {className: "who"}, seatMark(seat), ` ${p.name}`, mine ? " (you)" : ""), ctx, `seat:${seat}`);
      if (who.classList.contains("clickable")) who.addEventListener("click", event => event.preventDefault());  // not a fold's toggle
      const about = [v.starter === seat ? " · bicycle token (starts each round)" : "", ` — ${p.cv_size} CV cards, ${v.scores[seat]} points so far`];
      let area;
      if (mine) {
        area = h("section", {className: "area mine", "data-seat": seat}, h("h2", {}, who, about), cvOf(p, seat, v, ctx));
      } else {
        area = fold(`seat:${seat}`, [h("b", {}, who, about), h("span", {}, "tokens ", symbols(Object.fromEntries(Object.entries(p.tokens))))],
                    cvOf(p, seat, v, ctx), ctx.seat === null);
        area.classList.add("area");
        area.dataset.seat = seat;
      }
      root.appendChild(area);
    });
    return root;
  };
})();
