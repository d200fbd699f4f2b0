// The card game's table: the stock and the discard pile as piles, every player's melds as
// overlapping cards with their pattern number and each card's power, the others' hands as
// card backs, and your hand. Cards are drawn as SVG faces (rank, suit pips; Jokers apart).
//
// Your hand is a selection: one card picked narrows the choices to the actions using it;
// several cards picked show the new melds that can be laid with exactly those cards (a
// Joker's value is chosen among them only when a Joker is used), and the cards that could
// still join them light up. The server checks every choice; nothing here decides legality.
(() => {
  const SUIT = {C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades"};
  const COLOUR = {C: "#1d6b2b", D: "#9a6a00", H: "#b3261e", S: "#1f4fa3", JK: "#7b2e8e"};
  const RANKS = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"};

  // -- cards as words: "7H", "10S", "AD", "JK", "JK=7H" ----------------------------------------

  function parse(word) {
    if (word.startsWith("JK")) return {joker: true, as: word.length > 3 ? parse(word.slice(3)) : null, word};
    const suit = word.slice(-1), rank = word.slice(0, -1);
    return {joker: false, suit, value: rank === "A" ? 1 : Number(rank), rank, word};
  }
  const cardWord = (value, suit) => `${value === 1 ? "A" : value}${suit}`;
  // A meld as the rulebook names one ("3-5-7 of Hearts", a Joker by what it stands for).
  function meldWords(m) {
    const values = m.cards.map(w => {
      const c = parse(w), as = c.joker ? c.as : c;
      const value = as ? (as.value === 1 ? "Ace" : String(as.value)) : "?";
      return c.joker ? `Joker ${value}` : value;
    });
    return `${values.join("-")} of ${SUIT[m.suit]}`;
  }
  function longName(word) {
    const c = parse(word);
    if (c.joker) return c.as ? `Joker (as the ${RANKS[c.as.value]} of ${SUIT[c.as.suit]})` : "Joker";
    return `${RANKS[c.value]} of ${SUIT[c.suit]}`;
  }

  // -- drawing -------------------------------------------------------------------------------

  const s = window.svgEl;

  // Suit shapes in a 10x10 box, drawn rather than typed: no font needed.
  function pip(suit, x, y, size, flip) {
    const k = size / 10;
    const fill = COLOUR[suit];
    const at = `translate(${x - size / 2} ${y - size / 2}) scale(${k})` + (flip ? " rotate(180 5 5)" : "");
    if (suit === "C") {
      return s("g", {transform: at, fill}, s("circle", {cx: 5, cy: 2.7, r: 2.4}), s("circle", {cx: 2.5, cy: 6.1, r: 2.4}),
               s("circle", {cx: 7.5, cy: 6.1, r: 2.4}), s("path", {d: "M4.3 5.5 L3.3 10 L6.7 10 L5.7 5.5Z"}));
    }
    const paths = {
      D: "M5 0 L9 5 L5 10 L1 5Z",
      H: "M5 9.6 C3.5 8 0 5.6 0 3 C0 1.3 1.3 0 2.8 0 C3.8 0 4.6 .7 5 1.6 C5.4 .7 6.2 0 7.2 0 C8.7 0 10 1.3 10 3 C10 5.6 6.5 8 5 9.6Z",
      S: "M5 0 C3.6 2 0 4 0 6.3 C0 7.7 1.1 8.7 2.4 8.7 C3.3 8.7 4 8.2 4.4 7.6 C4.3 8.7 3.9 9.4 3.1 10 L6.9 10 C6.1 9.4 5.7 8.7 5.6 7.6 C6 8.2 6.7 8.7 7.6 8.7 C8.9 8.7 10 7.7 10 6.3 C10 4 6.4 2 5 0Z",
    };
    return s("path", {d: paths[suit], transform: at, fill});
  }

  // Where the pips of Ace to Ten lie on a 56x80 card (the usual layouts).
  const L = 19, R = 37, M = 28;
  const PIPS = {
    2: [[M, 20], [M, 60]], 3: [[M, 20], [M, 40], [M, 60]],
    4: [[L, 20], [R, 20], [L, 60], [R, 60]], 5: [[L, 20], [R, 20], [M, 40], [L, 60], [R, 60]],
    6: [[L, 20], [R, 20], [L, 40], [R, 40], [L, 60], [R, 60]],
    7: [[L, 20], [R, 20], [M, 30], [L, 40], [R, 40], [L, 60], [R, 60]],
    8: [[L, 20], [R, 20], [M, 30], [L, 40], [R, 40], [M, 50], [L, 60], [R, 60]],
    9: [[L, 18], [R, 18], [L, 31], [R, 31], [M, 40], [L, 49], [R, 49], [L, 62], [R, 62]],
    10: [[L, 18], [R, 18], [M, 25], [L, 31], [R, 31], [L, 49], [R, 49], [M, 55], [L, 62], [R, 62]],
  };

  function corner(rank, suit, colour) {
    return s("g", {}, s("text", {x: 6, y: 13, "font-size": rank === "10" ? 10 : 12, "font-weight": 700, fill: colour,
                                 "text-anchor": "middle", "font-family": "sans-serif"}, rank),
             suit ? pip(suit, 6, 20, 7) : s("g", {}));
  }

  // One card face as an SVG element (a Joker shows its declared card when it has one); each
  // face is drawn once and copied.
  const faces = new Map();
  function face(word) {
    if (!faces.has(word)) faces.set(word, drawFace(word));
    return faces.get(word).cloneNode(true);
  }

  function drawFace(word) {
    const c = parse(word);
    const svg = s("svg", {viewBox: "0 0 56 80", class: "face", role: "img", "aria-label": longName(word)});
    svg.appendChild(s("rect", {x: .5, y: .5, width: 55, height: 79, rx: 5, fill: "#fffdf8",
                               stroke: c.joker ? COLOUR.JK : "#9c9483", "stroke-width": c.joker ? 2 : 1}));
    if (c.joker) {
      svg.appendChild(s("text", {x: 6, y: 13, "font-size": 9, "font-weight": 700, fill: COLOUR.JK, "text-anchor": "middle",
                                 "font-family": "sans-serif"}, "J"));
      svg.appendChild(s("path", {d: "M28 14 L32 25 L44 25 L34 32 L38 44 L28 37 L18 44 L22 32 L12 25 L24 25Z", fill: COLOUR.JK}));
      svg.appendChild(s("text", {x: 28, y: 56, "font-size": 9, "font-weight": 700, fill: COLOUR.JK, "text-anchor": "middle",
                                 "font-family": "sans-serif", "letter-spacing": 1}, "JOKER"));
      if (c.as) {
        svg.appendChild(s("rect", {x: 9, y: 61, width: 38, height: 15, rx: 3, fill: "#f3e8f6", stroke: COLOUR.JK}));
        svg.appendChild(s("text", {x: 25, y: 72, "font-size": 10, "font-weight": 700, fill: COLOUR[c.as.suit],
                                   "text-anchor": "middle", "font-family": "sans-serif"}, `=${c.as.rank}`));
        svg.appendChild(pip(c.as.suit, 39, 68.5, 8));
      }
      return svg;
    }
    const colour = COLOUR[c.suit];
    svg.appendChild(corner(c.rank, c.suit, colour));
    svg.appendChild(s("g", {transform: "rotate(180 28 40)"}, corner(c.rank, c.suit, colour)));
    if (c.value === 1) svg.appendChild(pip(c.suit, 28, 40, 22));
    else (PIPS[c.value] || []).forEach(([x, y]) => svg.appendChild(pip(c.suit, x, y, 9, y > 40)));
    return svg;
  }

  // A card: its face, and optionally a caption under it (a meld card's power).
  // The rulebook's words for a thing on the table (set by the renderer from ctx.rule).
  let currentRule = () => "";
  const THING_OF_SUIT = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};

  function card(word, caption, thing) {
    const node = h("span", {className: "pcard", "data-card": word});
    withTip(node, [longName(word), thing ? currentRule(thing) : ""].filter(Boolean).join("\n"));
    node.appendChild(face(word));
    if (caption) node.appendChild(h("span", {className: "caption"}, caption));
    return node;
  }

  const back = () => h("span", {className: "pcard back", "aria-hidden": "true"});

  // A pile: a few backs stacked, with its count.
  function stockPile(count, label, ctx) {
    const pile = h("div", {className: "pile stock", "aria-label": `${label}: ${count} cards`});
    if (ctx) pickable(pile, ctx, "count:0");  // a Diamond activation's cards all from the stock
    const shown = Math.min(4, count);
    for (let i = 0; i < shown; i++) pile.appendChild(back());
    if (!count) pile.appendChild(h("span", {className: "pcard empty"}, "empty"));
    return withTip(h("figure", {className: "pile-box"}, pile, h("figcaption", {}, `${label} · ${count}`)),
                   [`${label}: ${count} cards`, currentRule("stock")].filter(Boolean).join("\n"));
  }

  // The discard pile: face up and public, fanned with its top (last card) on the right.
  const SHOWN = 14;  // the discard pile's top cards drawn; the rest is counted

  function discardPile(words, available, ctx) {
    const fan = h("div", {className: "fan discard", "aria-label": `discard pile: ${words.length} cards, top ${words.length ? longName(words[words.length - 1]) : "none"}`});
    const hidden = Math.max(0, words.length - SHOWN);
    if (hidden) fan.appendChild(h("span", {className: "pcard more", title: `${hidden} more cards under these`}, `+${hidden}`));
    words.slice(hidden).forEach((w, j) => {
      const i = hidden + j;
      const top = i === words.length - 1;
      const node = card(w, top ? "top" : null, "discard-pile");
      // A Diamond activation takes this card and those above it: "take <k>", k from the top.
      if (words.length - i <= available) { node.classList.add("takeable"); pickable(node, ctx, `count:${words.length - i}`); }
      if (top) node.classList.add("top");
      fan.appendChild(node);
    });
    if (!words.length) fan.appendChild(h("span", {className: "pcard empty"}, "empty"));
    return withTip(h("figure", {className: "pile-box"}, fan,
                     h("figcaption", {}, `Discard pile · ${words.length}`, words.length ? " · top on the right ▸" : "")),
                   [`Discard pile: ${words.length} cards`, currentRule("discard-pile")].filter(Boolean).join("\n"));
  }

  function meldNode(m, ctx, attack) {
    // The attacked meld's two ends are where its cards are captured from ("capture front/back").
    const captured = attack && attack.target === m.id;
    // Under attack, its cards spread out: both ends are whole targets, none under the next card.
    const cards = h("div", {className: captured ? "fan spread" : "fan"}, m.cards.map((w, i) => {
      const node = card(w, `${i + 1}`, THING_OF_SUIT[m.suit]);
      if (captured && i === 0) pickable(node, ctx, "end:front");
      if (captured && i === m.cards.length - 1) pickable(node, ctx, "end:back");
      return node;
    }));
    const node = h("div", {className: "meld", "data-meld": m.id, "data-name": meldWords(m)},
      h("div", {className: "meta"}, s("svg", {viewBox: "0 0 10 10", class: "suit-icon"}, pip(m.suit, 5, 5, 10)),
        ` ${SUIT[m.suit]} · pattern ${m.pattern}`), cards);
    // What the meld is for, in the rulebook's words (its tooltip).
    withTip(node, [`${meldWords(m)}, pattern ${m.pattern}: the number under each card is its power (its position)`,
                   currentRule(THING_OF_SUIT[m.suit])].filter(Boolean).join("\n"));
    return captured ? node : pickable(node, ctx, `meld:${m.id}`);
  }

  // -- laying a new meld from selected cards ---------------------------------------------------

  // Every way to lay exactly these cards (words as in hand: "7H", "JK") as a new meld of 3
  // to 5 cards of one suit whose neighbours differ by one pattern number 1-9, counting round
  // from Ten to Ace (the rulebook's "Melds"). Each way is the list of cards in laying order.
  function waysToLay(words) {
    const n = words.length;
    if (n < 3 || n > 5) return [];
    const naturals = words.filter(w => w !== "JK").map(parse);
    const jokers = n - naturals.length;
    const suits = [...new Set(naturals.map(c => c.suit))];
    if (suits.length > 1) return [];
    const found = new Map();
    for (const suit of suits.length ? suits : ["C", "D", "H", "S"]) {
      for (let pattern = 1; pattern <= 9; pattern++) {
        for (let start = 1; start <= 10; start++) {
          const values = Array.from({length: n}, (_, i) => (start - 1 + i * pattern) % 10 + 1);
          const left = {};
          naturals.forEach(c => { left[c.value] = (left[c.value] || 0) + 1; });
          assign(values, 0, left, jokers, [], suit, found);
        }
      }
    }
    return [...found.values()];
  }

  function assign(values, i, left, jokers, laid, suit, found) {
    if (i === values.length) {
      if (!jokers && Object.values(left).every(k => !k)) found.set(laid.join(" "), laid.slice());
      return;
    }
    const v = values[i];
    if (left[v]) { left[v]--; laid.push(cardWord(v, suit)); assign(values, i + 1, left, jokers, laid, suit, found); laid.pop(); left[v]++; }
    if (jokers) { laid.push(`JK=${cardWord(v, suit)}`); assign(values, i + 1, left, jokers - 1, laid, suit, found); laid.pop(); }
  }

  // Whether these cards could be part of a new meld (more cards may still join them).
  function couldGrow(words) {
    const naturals = words.filter(w => w !== "JK").map(parse);
    if (words.length > 5 || new Set(naturals.map(c => c.suit)).size > 1) return false;
    for (let pattern = 1; pattern <= 9; pattern++) {
      for (let start = 1; start <= 10; start++) {
        const count = {};
        for (let i = 0; i < 5; i++) { const v = (start - 1 + i * pattern) % 10 + 1; count[v] = (count[v] || 0) + 1; }
        if (naturals.every(c => count[c.value]-- > 0)) return true;
      }
    }
    return false;
  }

  const patternOf = laid => {
    const vs = laid.map(w => { const c = parse(w); return (c.joker ? c.as : c).value; });
    return ((vs[1] - vs[0]) % 10 + 10) % 10;
  };

  // The selection survives redrawing the same position, and is dropped when the game moves on.
  let selection = {seq: null, picked: []};

  function handArea(hand, payload, ctx) {
    if (selection.seq !== payload.seq) selection = {seq: payload.seq, picked: []};
    // The cards a new meld can start with, as laid ("JK=3H": a Joker declared as the Three of Hearts).
    const laid = parts => parts[0].id + (parts[1] && parts[1].type === "declared" ? `=${parts[1].id}` : "");
    const starts = new Set(ctx.legal.filter(a => a.kind === "meld").map(a => laid(a.parts)));
    const usesOf = w => ctx.legal.filter(a => targetsOf(a).includes(`card:${w}`));
    const builder = h("div", {className: "builder", "aria-live": "polite"});
    const nodes = hand.map((w, i) => {
      const node = card(w, null, "hand");
      node.dataset.index = i;
      const uses = usesOf(w).length > 0;
      if (!uses && !starts.size) return node;
      if (uses) node.dataset.target = `card:${w}`;  // every action with this card is offered once it is picked
      node.classList.add("clickable");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", "false");
      const toggle = () => {
        const at = selection.picked.indexOf(i);
        if (at >= 0) selection.picked.splice(at, 1); else selection.picked.push(i);
        update(true);
      };
      node.addEventListener("click", toggle);
      node.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
      return node;
    });

    function update(byHand) {
      const picked = selection.picked.map(i => hand[i]);
      nodes.forEach((node, i) => {
        const on = selection.picked.includes(i);
        node.classList.toggle("selected", on);
        node.setAttribute("aria-pressed", on ? "true" : "false");
        node.classList.toggle("fits", !on && starts.size > 0 && picked.length > 0 && couldGrow([...picked, hand[i]]));
      });
      builder.replaceChildren();
      if (byHand) ctx.pick(picked.length === 1 && usesOf(picked[0]).length ? [`card:${picked[0]}`] : []);
      // One card picked: what can be done with it alone (discard it, extend or activate a
      // meld with it, defend with it...), each with its words.
      if (picked.length === 1) {
        const alone = usesOf(picked[0]);
        if (alone.length) {
          builder.appendChild(h("p", {className: "builder-title"}, `With ${longName(picked[0])}:`));
          builder.appendChild(h("div", {className: "uses"}, alone.map(a => h("button", {type: "button", className: "use",
            "data-notation": a.notation, onclick: () => ctx.send(a.notation)}, a.label))));
        }
      }
      if (!starts.size) return;
      if (picked.length < 2) {
        builder.appendChild(h("p", {className: "hint"}, "To lay a new meld, pick 3 to 5 cards of one suit in your hand."));
        return;
      }
      const keep = hand.length - picked.length >= 1;
      const ways = keep ? waysToLay(picked).filter(laid => starts.has(laid[0])) : [];
      if (!ways.length) {
        builder.appendChild(h("p", {className: "hint"}, !keep ? "You must keep a card in hand to discard."
          : picked.length < 3 ? "A meld needs at least 3 cards: the cards that could join light up."
          : "These cards make no meld: one suit, 3 to 5 cards, the same step between neighbours."));
        return;
      }
      const jokers = picked.filter(w => w === "JK").length;
      builder.appendChild(h("p", {className: "builder-title"}, ways.length === 1 ? "Lay this meld:"
        : jokers ? `Lay a meld: choose what the Joker${jokers > 1 ? "s" : ""} stand${jokers > 1 ? "" : "s"} for and the order (power = position)`
          : "Lay a meld: choose the order (power = position)"));
      const list = h("div", {className: "ways"});
      ways.slice(0, 60).forEach(laid => {
        const notation = `meld ${laid.join(" ")}`;
        list.appendChild(h("button", {type: "button", className: "way", "data-notation": notation,
          "aria-label": `lay ${laid.map(longName).join(", ")}: pattern ${patternOf(laid)}`,
          onclick: () => ctx.send(notation)},
          h("span", {className: "fan small"}, laid.map((w, i) => card(w, `${i + 1}`))),
          h("span", {className: "meta"}, `pattern ${patternOf(laid)}`)));
      });
      builder.appendChild(list);
      builder.appendChild(h("button", {type: "button", onclick: () => { selection.picked = []; update(true); }}, "clear selection"));
    }

    const row = h("div", {className: "fan hand", "aria-label": "your hand"}, nodes);
    update(false);
    return h("div", {className: "hand-area"}, row, builder);
  }

  // -- the table -------------------------------------------------------------------------------

  // For the test that holds this twin of the rulebook's "Melds" to the engine's (melds.py).
  window.VitaMelds = {waysToLay, couldGrow};

  window.VitaRenderers["pursuit-cards"] = function (payload, ctx) {
    const v = payload.view;
    currentRule = ctx.rule || (() => "");
    const root = h("div", {className: "cards-game"});
    const over = payload.over;
    root.appendChild(h("p", {className: "table-line"}, over ? "" : h("b", {}, `${v.players[v.turn].name}'s turn`),
      over ? "" : " · ", `pass ${v.pass_no} of ${v.passes} through the stock`, v.final ? " · final turn" : ""));
    const middle = h("div", {className: "middle"}, stockPile(v.stock, "Stock", ctx), discardPile(v.discard, v.step === "diamond" ? v.available : 0, ctx));
    // A pile of its own (the cards played this turn, a meld being laid): its words and its rule.
    const group = (words, cards, caption, thing, className) => withTip(h("figure", {className: className || "pile-box"},
      h("div", {className: "fan"}, cards), h("figcaption", {}, caption)), [words, currentRule(thing)].filter(Boolean).join("\n"));
    if (v.temp.length) {
      middle.appendChild(group("The cards played this turn (they join the discard pile at its end)",
                               v.temp.map(w => card(w, null, "temporary-pile")), "Played this turn", "temporary-pile"));
    }
    if (v.pending.length) {
      middle.appendChild(group("The new meld being laid", v.pending.map((w, i) => card(w, `${i + 1}`, "new-meld")),
                               "New meld being laid", "new-meld"));
    }
    root.appendChild(middle);
    if (v.attack) {
      const a = v.attack;
      const named = id => { const m = v.melds.find(x => x.id === id); return m ? `${v.players[m.owner].name}'s ${meldWords(m)}` : "a meld"; };
      root.appendChild(withTip(h("p", {className: "note attack"}, `Attack by ${named(a.meld)} on ${named(a.target)}: power ${a.power}, defence ${a.defence}`),
                               currentRule("attack")));
      // A meld broken down to two cards: both go to the discard pile, its owner says which first.
      if (a.remnant && a.remnant.length) {
        root.appendChild(group("A broken meld", a.remnant.map(w => pickable(card(w, null, "remnant"), ctx, `card:${w}`)),
                               "Broken meld: both cards go to the discard pile, the one picked first", "remnant", "pile-box remnant"));
      }
    }
    // Your side (melds and hand) under the piles, in view as the decision needs it; the others
    // side by side after it.
    const others = h("div", {className: "others"});
    const order = v.players.map((_, seat) => seat).sort((a, b) => (a === payload.seat) - (b === payload.seat));
    order.forEach(seat => {
      const p = v.players[seat];
      const mine = seat === payload.seat;
      const area = h("section", {className: "area" + (mine ? " mine" : "") + (seat === v.turn && !over ? " turn-here" : ""), "data-seat": seat},
        h("h2", {}, seatMark(seat), ` ${p.name}`, mine ? " (you)" : "", " — ",
          withTip(h("span", {}, `Happiness ${p.happiness}`), [`${p.name}'s Happiness points`, currentRule("happiness")].filter(Boolean).join("\n")),
          h("span", {className: "muted"}, ` · ${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand`)));
      const melds = h("div", {className: "melds"}, v.melds.filter(m => m.owner === seat).map(m => meldNode(m, ctx, v.attack)));
      if (!melds.childNodes.length) melds.appendChild(h("p", {className: "muted"}, "no melds"));
      if (p.hand) {
        area.appendChild(melds);
        area.appendChild(handArea(p.hand, payload, ctx));
      } else {
        const backs = h("div", {className: "fan backs", "aria-label": `${p.hand_size} cards in hand`},
                        Array.from({length: Math.min(p.hand_size, 12)}, back));
        area.appendChild(h("div", {className: "theirs"}, backs, melds));
      }
      if (mine) root.appendChild(area); else others.appendChild(area);
    });
    root.appendChild(others);
    return root;
  };
})();
