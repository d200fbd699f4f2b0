"""The position codec: positions as JSON (in and out, with explicit checks) and invariants.

The position JSON format is documented in ``docs/games/pursuit.md``; its schema
is the models of :mod:`.schema`, so a hand-written position gets a clear error.
"""

from __future__ import annotations

from typing import Any

from vita.core.errors import PositionError
from vita.core.rng import Rng
from vita.core.state import JSON, load_model
from vita.core.wording import slug
from vita.games.pursuit.cards import BUILT_IN, RESOURCES, Deck, load_deck
from vita.games.pursuit.rules import community as community_rules
from vita.games.pursuit.rules.board import ROW_NAMES
from vita.games.pursuit.schema import CommunityModel, PositionModel
from vita.games.pursuit.state import ACTION, COMMUNITY, PHASES, SPACES, Player, PursuitState, blank

# -- to JSON -----------------------------------------------------------------------------------


def player_json(state: PursuitState, p: Player) -> JSON:
    """A player's area; his jobs and partners are named by the side he turned up."""
    deck = state.deck

    def shown(card: int) -> str:
        side = p.sides.get(card)
        return slug(deck.cards[card].names[side]) if side else deck.cards[card].id

    def holdings(cards: tuple[tuple[int, int, int], ...]) -> list[JSON]:
        return [{"card": shown(c), "level": lv, "hourglasses": h} for c, lv, h in cards]

    return {
        "name": p.name,
        "alive": p.alive,
        "died": p.died if p.died >= 0 else None,
        "rounds_lived": p.rounds_lived,
        "resources": dict(zip(RESOURCES, p.res, strict=True)),
        "stress": p.stress,
        "sth": p.sth,
        "lth": p.lth,
        "hourglasses": {"hand": p.hand, "total": p.total, "overtime": p.overtime,
                        "spent": p.spent, "health_bonus": p.health_bonus},
        "trait": deck.traits[p.trait].id if p.trait >= 0 else None,
        "offer": [deck.traits[t].id for t in p.offer],
        "projects": holdings(p.projects),
        "items": holdings(p.items),
        "job": shown(p.job) if p.job >= 0 else None,
        "retired": shown(p.retired) if p.retired >= 0 else None,
        "partners": holdings(p.partners),
        "completed": [deck.cards[c].id for c in p.completed],
        "gathered": p.gathered,
        "due": [shown(c) for c in p.due],
        **({"popularity": p.popularity, "bought": p.bought, "outcomes": p.outcomes} if deck.community else {}),
    }


def community_json(state: PursuitState) -> JSON:
    community = state.deck.community
    if community is None:
        raise PositionError("the Community expansion is not in play")
    ids = [card.id for card in community.cards]
    return {
        "slots": [ids[c] if c >= 0 else None for c in state.community],
        "markers": [[{"seat": seat, "hourglass": hourglass} for seat, hourglass in marks]
                    for marks in state.markers],
        "pile": [ids[c] for c in state.community_pile],
        "discard": [ids[c] for c in state.community_discard],
    }


def to_json(state: PursuitState) -> JSON:
    deck = state.deck
    ids = [card.id for card in deck.cards]
    return {
        "game": "pursuit",
        "deck": deck.fingerprint,
        "cards": None if deck.origin in BUILT_IN else deck.origin,
        "expansion": "community" if deck.community else None,
        "community": community_json(state) if deck.community else None,
        "shopping": state.shopping,
        "round": state.round,
        "phase": PHASES[state.phase],
        "first": state.first,
        "current": state.current,
        "solo": state.solo,
        "closed": [SPACES[s] for s in sorted(state.closed)],
        "rows": {name: [ids[c] for c in row] for name, row in zip(ROW_NAMES, state.rows, strict=True)},
        "piles": {name: [ids[c] for c in pile] for name, pile in zip(ROW_NAMES, state.piles, strict=True)},
        "discards": {name: [ids[c] for c in d] for name, d in zip(ROW_NAMES, state.discards, strict=True)},
        "spaces": {name: [p.placed[space] for p in state.players] for space, name in enumerate(SPACES)},
        "groups": {ids[card]: [s if s >= 0 else None for s in roles] for card, roles in state.groups.items()},
        "life_goals": [deck.life_goals[g].id for g in state.goals],
        "box": {"life_goals": [deck.life_goals[g].id for g in state.goal_box],
                "traits": [deck.traits[t].id for t in state.trait_box]},
        "rng": state.rng.state,
        "ply": state.ply,
        "results": state.results,
        "players": [player_json(state, p) for p in state.players],
    }


# -- from JSON ---------------------------------------------------------------------------------


def deck_of(data: Any) -> Deck:
    """The deck a position was saved with (its ``cards`` directory, or the built-in one)."""
    cards = data.get("cards") if isinstance(data, dict) else None
    expansion = data.get("expansion") if isinstance(data, dict) else None
    if expansion not in (None, "community"):
        raise PositionError(f"expansion: {str(expansion)[:40]!r} is not an expansion (community, or null)")
    return load_deck(cards, expansion)


def from_json(deck: Deck, data: Any, log: bool = True, check: bool = True) -> PursuitState:
    model = load_model(PositionModel, data, "pursuit position")
    if model.game != "pursuit":
        raise PositionError(f"this is a position of {model.game!r}, not of 'pursuit'")
    if model.deck and model.deck != deck.fingerprint:
        raise PositionError("this position was saved with other card data than the data loaded")

    def card(ident: str, where: str) -> int:
        index = deck.by_id.get(ident)
        if index is None:
            raise PositionError(f"{where}: there is no card {ident!r}")
        return index

    def look(table: dict[str, int], ident: str, where: str) -> int:
        if ident not in table:
            raise PositionError(f"{where}: unknown id {ident!r}")
        return table[ident]

    if (model.expansion is not None) != (deck.community is not None):
        raise PositionError("expansion: this position and the card data loaded disagree about the expansion")
    names = [p.name for p in model.players]
    if len(names) == 5 and model.expansion is None:
        raise PositionError("players: 5 players need the Community expansion")
    state = blank(deck, len(names), names, Rng(model.rng), log)
    if model.phase not in PHASES:
        raise PositionError(f"phase: must be one of {', '.join(PHASES)}")
    if model.round >= len(deck.board.rounds):
        raise PositionError(f"round: there are only {len(deck.board.rounds)} rounds (0-based)")
    state.round, state.phase = model.round, PHASES.index(model.phase)
    state.first, state.current, state.solo = model.first, model.current, model.solo
    state.ply = model.ply
    state.results = model.results
    for seat_field in ("first", "current"):
        if getattr(model, seat_field) >= len(names):
            raise PositionError(f"{seat_field}: no seat {getattr(model, seat_field)}")
    unknown = [s for s in model.closed if s not in SPACES]
    if unknown:
        raise PositionError(f"closed: unknown spaces {unknown}")
    state.closed = frozenset(SPACES.index(s) for s in model.closed)
    for index, name in enumerate(ROW_NAMES):
        state.rows[index] = [card(c, f"rows.{name}") for c in getattr(model.rows, name)]
        state.piles[index] = [card(c, f"piles.{name}") for c in getattr(model.piles, name)]
        state.discards[index] = [card(c, f"discards.{name}") for c in getattr(model.discards, name)]
    for name, counts in model.spaces.items():
        if name not in SPACES or len(counts) != len(names):
            raise PositionError(f"spaces.{name}: expected one count per seat on a known space")
        for p, placed in zip(state.players, counts, strict=True):
            p.placed[SPACES.index(name)] = placed
    for ident, roles in model.groups.items():
        if len(roles) != 4:
            raise PositionError(f"groups.{ident}: a group project has 4 roles")
        state.groups[card(ident, "groups")] = [-1 if s is None else s for s in roles]
    state.goals = tuple(look(deck.goal_ids, g, "life_goals") for g in model.life_goals)
    state.goal_box = [look(deck.goal_ids, g, "box.life_goals") for g in model.box.life_goals]
    state.trait_box = [look(deck.trait_ids, t, "box.traits") for t in model.box.traits]
    for seat, (p, pm) in enumerate(zip(state.players, model.players, strict=True)):
        where = f"players.{seat}"
        p.alive, p.died, p.rounds_lived = pm.alive, -1 if pm.died is None else pm.died, pm.rounds_lived
        p.res = [pm.resources.knowledge, pm.resources.creativity, pm.resources.influence,
                 pm.resources.money]
        p.stress, p.sth, p.lth = pm.stress, pm.sth, pm.lth
        h = pm.hourglasses
        p.hand, p.total, p.overtime, p.spent, p.health_bonus = (
            h.hand, h.total, h.overtime, h.spent, h.health_bonus)
        p.trait = -1 if pm.trait is None else look(deck.trait_ids, pm.trait, f"{where}.trait")
        p.offer = tuple(look(deck.trait_ids, t, f"{where}.offer") for t in pm.offer)
        p.projects = tuple((card(h.card, f"{where}.projects"), h.level, h.hourglasses) for h in pm.projects)
        p.items = tuple((card(h.card, f"{where}.items"), h.level, h.hourglasses) for h in pm.items)
        p.partners = tuple((card(h.card, f"{where}.partners"), h.level, h.hourglasses) for h in pm.partners)
        p.job = -1 if pm.job is None else card(pm.job, f"{where}.job")
        p.retired = -1 if pm.retired is None else card(pm.retired, f"{where}.retired")
        p.completed = tuple(card(c, f"{where}.completed") for c in pm.completed)
        p.gathered = pm.gathered
        p.due = tuple(card(c, f"{where}.due") for c in pm.due)
        named = [h.card for h in pm.partners] + [c for c in (pm.job, pm.retired) if c]
        p.sides = {deck.by_id[c]: 1 for c in named if deck.cards[deck.by_id[c]].id != c}
        p.popularity, p.bought, p.outcomes = pm.popularity, pm.bought, pm.outcomes
    state.shopping = model.shopping
    if deck.community is not None:
        _community_from_json(state, model.community)
    elif model.community is not None:
        raise PositionError("community: the Community expansion is not in play")
    if check:
        try:
            check_invariants(state)
        except PositionError as error:
            raise PositionError(f"inconsistent position: {error}") from None
    return state


def _community_from_json(state: PursuitState, model: CommunityModel | None) -> None:
    community = state.deck.community
    if community is None:
        raise PositionError("the Community expansion is not in play")
    if model is None:
        raise PositionError("community: the Community board is missing")

    def card(ident: str, where: str) -> int:
        if ident not in community.by_id:
            raise PositionError(f"community.{where}: there is no Community card {ident!r}")
        return community.by_id[ident]

    state.community = [-1 if c is None else card(c, "slots") for c in model.slots]
    state.markers = [[(m.seat, m.hourglass) for m in marks] for marks in model.markers]
    state.community_pile = [card(c, "pile") for c in model.pile]
    state.community_discard = [card(c, "discard") for c in model.discard]


# -- consistency -------------------------------------------------------------------------------


def card_places(state: PursuitState) -> list[int]:
    """Every project, item, job and partner card wherever it is (each should be once)."""
    places: list[int] = []
    for group in (state.piles, state.discards, state.rows):
        for cards in group:
            places += cards
    for p in state.players:
        places += [c for c, _, _ in p.projects] + [c for c, _, _ in p.items]
        places += [c for c, _, _ in p.partners] + list(p.completed)
        places += [c for c in (p.job, p.retired) if c >= 0]
    return places


def placed_hourglasses(state: PursuitState, seat: int) -> int:
    p = state.players[seat]
    on_board = sum(p.placed)
    on_cards = sum(h for _, _, h in p.projects) + sum(h for _, _, h in p.items)
    on_cards += sum(h for _, _, h in p.partners)
    roles = sum(roles.count(seat) for roles in state.groups.values())
    # Hourglass markers on Community cards; after the End of Round phase they are back in the box
    # (the markers left on the cards only stand for the engagements still to resolve).
    community = 0
    if state.phase == ACTION:
        community = sum(1 for marks in state.markers for m in marks if m == (seat, True))
    return on_board + on_cards + roles + p.spent + community


def check_invariants(state: PursuitState) -> None:
    deck = state.deck
    places = card_places(state)
    if sorted(places) != list(range(len(deck.cards))):
        raise PositionError(_card_problem(state, places))
    traits = state.trait_box + [t for p in state.players for t in p.offer]
    if sorted(traits) != list(range(len(deck.traits))):
        raise PositionError("each child trait must be in one place")
    goals = list(state.goals) + state.goal_box
    if sorted(goals) != list(range(len(deck.life_goals))):
        raise PositionError("each life goal must be in one place")
    board = deck.board
    for seat, p in enumerate(state.players):
        who = f"{p.name} (seat {seat})"
        if not (min(p.res) >= 0):
            raise PositionError(f"{who} has negative resources {p.res}")
        if not (p.lth >= 0):
            raise PositionError(f"{who} has negative LTH")
        if not (board.sth_min <= p.sth <= board.sth_max):
            raise PositionError(f"{who}: STH {p.sth} is off the track")
        if not (deck.stress.first <= p.stress <= deck.stress.last + 1):
            raise PositionError(f"{who}: stress off the track")
        if not (p.alive == (p.died < 0)):
            raise PositionError(f"{who}: alive and died disagree")
        if not (not p.alive or p.stress <= deck.stress.last):
            raise PositionError(f"{who} is alive beyond the stress track")
        if not (p.trait < 0 or p.trait in p.offer):
            raise PositionError(f"{who} keeps a trait he was not dealt")
        if len(p.offer) not in (0, 2):
            raise PositionError(f"{who} must be dealt 2 child traits")
        if p.alive and state.phase != 0:
            placed = placed_hourglasses(state, seat)
            if not (p.hand >= 0 and p.hand + placed == p.total):
                raise PositionError(f"{who}: hourglasses do not add up "
                                    f"({p.hand} in hand + {placed} placed != {p.total})")
        for card, level, _ in p.projects:
            spec = deck.cards[card]
            if spec.row != 0:
                raise PositionError(f"{who}: {spec.id} is not a project")
            if not ((level == 0) == (spec.kind == "group")):
                raise PositionError(f"{who}: {spec.id} has a wrong level")
            if not (spec.kind == "group" or 1 <= level <= (3 if spec.kind == "basic" else 4)):
                raise PositionError(f"{who}: {spec.id} at level {level}")
        for card, level, _ in p.items:
            spec = deck.cards[card]
            if not (spec.row == 1 and 1 <= level <= len(spec.steps)):
                raise PositionError(f"{who}: bad item {spec.id}")
        for card, level, _ in p.partners:
            spec = deck.cards[card]
            if not (spec.row == 3 and 1 <= level <= len(spec.steps)):
                raise PositionError(f"{who}: bad partner {spec.id}")
        for card in (p.job, p.retired):
            if not (card < 0 or deck.cards[card].row == 2):
                raise PositionError(f"{who}: {deck.cards[card].id} is not a job")
        if not (p.retired < 0 or deck.cards[p.retired].job_level == 3):
            raise PositionError(f"{who}: retired from a low job")
    for card, roles in state.groups.items():
        owners = [s for s, p in enumerate(state.players) if any(c == card for c, _, _ in p.projects)]
        if len(owners) != 1:
            raise PositionError(f"group project {deck.cards[card].id} must be in front of one player")
        if not (all(roles.count(s) <= 2 for s in range(state.num_players))):
            raise PositionError("more than 2 roles")
        if not (all(-1 <= s < state.num_players for s in roles)):
            raise PositionError("a role is covered by no seat")
    for p in state.players:
        for card, _, _ in p.projects:
            if deck.cards[card].kind == "group" and card not in state.groups:
                raise PositionError(f"{deck.cards[card].id} has no roles")
    if deck.community is not None:
        _check_community(state)
    else:
        if state.shopping:
            raise PositionError("only Black Friday (Community expansion) starts a shopping spree")


def _check_community(state: PursuitState) -> None:
    """Each Community card in one place; markers on cards, within the rules of Engage."""
    community = state.deck.community
    if community is None:
        raise PositionError("the Community expansion is not in play")
    on_board = [c for c in state.community if c >= 0]
    places = on_board + state.community_pile + state.community_discard
    if sorted(places) != list(range(len(community.cards))):
        raise PositionError("each Community card must be in one place")
    if not (len(state.community) == len(state.markers) == 5):
        raise PositionError("the Community board has 5 slots")
    top = len(community.popularity) - 1
    for seat, p in enumerate(state.players):
        if not (0 <= p.popularity <= top):
            raise PositionError(f"{p.name}: Popularity off the track")
        tokens = sum(1 for marks in state.markers for m in marks if m == (seat, False))
        if not (tokens <= 1):
            raise PositionError(f"{p.name} has one Community token")
        hourglasses = sum(1 for marks in state.markers for m in marks if m == (seat, True))
        # The Outcomes phase removes them card by card.
        if state.phase == ACTION and not (hourglasses == 0 or tokens == 1):
            raise PositionError(f"{p.name}: Hourglass markers engage after the token")
    for slot, marks in enumerate(state.markers):
        if not (not marks or state.community[slot] >= 0):
            raise PositionError(f"markers on the empty slot {slot + 1}")
        seats = [seat for seat, _ in marks]
        if not (all(0 <= seat < state.num_players for seat in seats)):
            raise PositionError("a marker of no seat")
        if len(set(seats)) != len(seats):
            raise PositionError("two markers of one player on one Community card")
        if marks and not (community.cards[state.community[slot]].multiple or len(marks) == 1):
            raise PositionError(f"only one player engages in {community.cards[state.community[slot]].id}")
    if state.shopping and state.phase != ACTION:
        raise PositionError("a shopping spree happens in the Action phase")
    if state.phase == COMMUNITY:
        if not any(state.markers):
            raise PositionError("the Outcomes phase resolves markers")
        first = community_rules.chooser(state, community_rules.resolving(state))
        if state.current != first:
            raise PositionError(f"seat {first} chooses an Outcome of the leftmost engaged card first "
                                "(the coming round's turn order)")


def _card_problem(state: PursuitState, places: list[int]) -> str:
    ids = [c.id for c in state.deck.cards]
    twice = sorted({ids[c] for c in places if places.count(c) > 1})
    missing = sorted(set(ids) - {ids[c] for c in places})
    return f"each card must be in exactly one place (twice: {twice}, missing: {missing})"


def reconcile(deck: Deck, data: JSON) -> JSON:
    """Repair a hand-edited position (see :meth:`vita.core.game.Game.reconcile_position`).

    Cards named in rows, in front of players or in discard piles leave the draw
    piles; cards named nowhere go back to the end of their pile that is drawn last;
    a player's kept trait is put in his offer; life goals in play leave the box;
    each living player's hourglass total is recomputed from his hand and what is placed;
    Community cards named on the board or in the discard pile leave the Community pile, and
    those named nowhere go to its bottom.
    """
    data = {**data}
    piles = {name: list(data["piles"][name]) for name in ROW_NAMES}
    mentioned: list[str] = []
    for section in ("rows", "discards"):
        for name in ROW_NAMES:
            mentioned += data[section][name]
    for p in data["players"]:
        for key in ("projects", "items", "partners"):
            mentioned += [h["card"] for h in p.get(key, [])]
        mentioned += p.get("completed", [])
        mentioned += [c for c in (p.get("job"), p.get("retired")) if c]
    # A job or partner may be named by its other side.
    named = {deck.cards[deck.by_id[c]].id if c in deck.by_id else c for c in mentioned}
    for row, name in enumerate(ROW_NAMES):
        group = (deck.projects, deck.items, deck.jobs, deck.partners)[row]
        pile = [c for c in piles[name] if c not in named]
        for card in group:
            if card.id not in named and card.id not in pile:
                # Where it will be drawn last: jobs and partners are drawn from index 0.
                if name in ("jobs", "partners"):
                    pile.append(card.id)
                else:
                    pile.insert(0, card.id)
        piles[name] = pile
    data["piles"] = piles
    _reconcile_traits(deck, data)
    if deck.community is not None and isinstance(data.get("community"), dict):
        board = {**data["community"]}
        named = {c for c in [*board.get("slots", []), *board.get("discard", [])] if c}
        pile = [c for c in board.get("pile", []) if c not in named]
        pile[:0] = [c.id for c in deck.community.cards if c.id not in named and c.id not in pile]
        board["pile"] = pile
        data["community"] = board
    goals = list(data["life_goals"])
    data["box"] = {**data["box"],
                   "life_goals": [g.id for g in deck.life_goals if g.id not in goals]}
    state = from_json(deck, data, check=False)
    for seat, p in enumerate(state.players):
        if p.alive and state.phase != 0:
            data["players"][seat] = {**data["players"][seat],
                                     "hourglasses": {**data["players"][seat]["hourglasses"],
                                                     "total": p.hand + placed_hourglasses(state, seat)}}
    return data


def _reconcile_traits(deck: Deck, data: JSON) -> None:
    """Each player's offer holds his kept trait; no trait is dealt twice; the rest is in the box."""
    players = [dict(p) for p in data["players"]]
    kept = {p["trait"] for p in players if p.get("trait")}
    taken = set(kept)
    for p in players:
        offer = [p["trait"]] if p.get("trait") else []
        for trait in p.get("offer", []):
            if trait not in taken and len(offer) < 2:
                offer.append(trait)
                taken.add(trait)
        p["offer"] = offer
    spare = [t.id for t in deck.traits if t.id not in taken]
    for p in players:
        while len(p["offer"]) < 2 and spare:
            p["offer"].append(spare.pop())
    data["players"] = players
    data["box"] = {**data["box"], "traits": spare}


# -- views and determinisation ------------------------------------------------------------------------


