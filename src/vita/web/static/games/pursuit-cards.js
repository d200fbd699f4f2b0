// The card game: the stock and the discard pile, every player's melds with their pattern
// number and each card's power (its position), and your hand. A card in hand or in a meld
// is clickable when an action uses it.
(() => {
  const SIGN = {C: "♣", D: "♦", H: "♥", S: "♠"};
  const SUIT = {C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades"};

  function pc(word, extra) {
    const suit = word.startsWith("JK") ? "JK" : word.slice(-1);
    const shown = word.startsWith("JK") ? word : word + (SIGN[suit] || "");
    return h("span", {className: `pc ${suit}`, "data-card": word, "aria-label": word}, shown, extra || null);
  }

  window.VitaRenderers["pursuit-cards"] = function (payload, ctx) {
    const v = payload.view;
    const root = h("div", {className: "cards-game"});
    root.appendChild(h("p", {}, h("b", {}, `${v.players[v.turn].name}'s turn`), v.step === "over" ? "" : ` · step: ${v.step}`,
      ` · stock ${v.stock} (pass ${v.pass_no} of ${v.passes})`, v.final ? " · final turn" : ""));
    const discard = h("div", {className: "row", "aria-label": "discard pile"}, h("span", {}, "Discard pile: "),
      v.discard.length ? v.discard.slice(-8).map(w => pc(w)) : "empty");
    root.appendChild(discard);
    if (v.temp.length) root.appendChild(h("div", {className: "row"}, h("span", {}, "Played this turn: "), v.temp.map(w => pc(w))));
    if (v.attack) {
      const a = v.attack;
      root.appendChild(h("p", {className: "note"}, `Attack by m${a.meld} on m${a.target}: power ${a.power}, defence ${a.defence}`));
    }
    if (v.pending.length) root.appendChild(h("div", {className: "row"}, h("span", {}, "New meld: "), v.pending.map(w => pc(w))));
    v.players.forEach((p, seat) => {
      const area = h("section", {className: "area", "data-seat": seat},
        h("h2", {}, seatMark(seat), ` ${p.name}`, seat === payload.seat ? " (you)" : "", ` — Happiness ${p.happiness}`));
      const melds = h("div", {});
      v.melds.filter(m => m.owner === seat).forEach(m => {
        const cards = m.cards.map((w, i) => pc(w, h("span", {className: "pos"}, `power ${i + 1}`)));
        melds.appendChild(pickable(h("div", {className: "meld", "data-meld": m.id},
          h("div", {className: "meta"}, `m${m.id} · ${SUIT[m.suit]} · pattern ${m.pattern}`), cards), ctx, `m${m.id}`));
      });
      area.appendChild(melds);
      if (p.hand) {
        area.appendChild(h("div", {className: "row hand", "aria-label": "your hand"}, h("span", {}, "Hand: "),
          p.hand.map(w => pickable(pc(w), ctx, w))));
      } else {
        area.appendChild(h("p", {}, `${p.hand_size} cards in hand`));
      }
      root.appendChild(area);
    });
    return root;
  };
})();
