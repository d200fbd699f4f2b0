"""The position codec: positions as JSON (in and out, with explicit checks), invariants and hand-edited positions.

Rows are written by id with their count of marks (a row is marked left to right), cards by
number. The format is documented in ``docs/games/our-life.md`` ("Positions"); :func:`to_json`
writes it and :func:`from_json` reads and checks it.
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.errors import PositionError
from vita.core.rng import Rng
from vita.core.state import JSON, load_model
from vita.games.our_life.cards import BUILT_IN, SYMBOLS, Book
from vita.games.our_life.rules.setup import seating
from vita.games.our_life.schema import FamilyModel, PlayerModel, PositionModel, PromptModel
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import OPPORTUNITY, OVER, POST, PROMPTS, SETUP, STEPS, STORY, TRAVEL, USE

DECKS: Final = ("actions", "action_discard", "children_single", "children_couple", "stories", "vacations",
                "vacation_discard", "personal_goals", "shared_goals")


# -- writing -----------------------------------------------------------------------------------


def to_json(state: OurLifeState) -> JSON:
    book = state.book
    return {
        "game": "our-life",
        "cards": None if book.directory in BUILT_IN else book.directory,
        "fingerprint": book.fingerprint,
        "couples": sum(1 for seats in state.families if len(seats) == 2),
        "story": state.story_variant,
        "step": STEPS[state.step],
        "round": state.round,
        "display": state.display[:],
        "decks": {
            "actions": list(state.action_deck), "action_discard": list(state.action_discard),
            "children_single": list(state.child_decks[0]), "children_couple": list(state.child_decks[1]),
            "stories": list(state.story_deck), "vacations": list(state.vacation_deck),
            "vacation_discard": list(state.vacation_discard), "personal_goals": list(state.goal_box),
            "shared_goals": list(state.shared_box),
        },
        "players": [_player_json(state, seat) for seat in range(state.num_players)],
        "families": [_family_json(state, f) for f in range(len(state.families))],
        "prompts": [_prompt_json(state, p) for p in state.prompts],
        "offers": state.offers[:],
        "rolls": [r[:] for r in state.rolls],
        "rng": state.rng.state,
        "ply": state.ply,
    }


def _player_json(state: OurLifeState, seat: int) -> JSON:
    book = state.book
    return {
        "name": state.names[seat],
        "rows": {row.id: state.rows[seat][row.index] for row in book.character},
        "opportunities": {row.id: [k + 1 for k in range(row.size) if state.opps[seat][row.index] >> k & 1]
                          for row in book.character if state.opps[seat][row.index]},
        "opportunity_track": state.opp_track[seat],
        "persona": state.persona[seat],
        "likes": state.likes[seat],
        "personal_goal": state.personal[seat],
        "goal_options": list(state.goal_options[seat]),
        "background": state.background[seat],
        "background_row": state.setup_rows[seat],
        "choice": state.choice[seat] + 1 if state.choice[seat] >= 0 else None,
        "actions": {SYMBOLS[s]: n for s, n in enumerate(state.pool[seat]) if n},
        "extra": [SYMBOLS[s] for s in range(len(SYMBOLS)) if state.extra[seat] >> s & 1],
        "done": state.done[seat],
    }


def _family_json(state: OurLifeState, family: int) -> JSON:
    return {
        "rows": {row.id: state.frows[family][row.index] for row in state.book.family},
        "stress": state.stress[family],
        "happiness": state.happiness[family],
        "balance": state.balance[family],
        "chart": {"happiness": list(state.chart_happiness[family]), "joy": list(state.chart_joy[family])},
        "children": [[card, marks] for card, marks in state.children[family]],
        "shared_goal": state.shared[family],
        "shared_options": list(state.shared_options[family]),
        "half_child": state.half_child[family] if state.half_child[family] >= 0 else None,
    }


def _prompt_json(state: OurLifeState, prompt: tuple[Any, ...]) -> JSON:
    kind = prompt[0]
    data: JSON = {"kind": PROMPTS[kind], "seat": prompt[1]}
    if kind == OPPORTUNITY:
        data |= {"row": state.book.character[prompt[2]].id, "square": prompt[3]}
    elif kind == POST:
        data["cards"] = list(prompt[2:])
    elif kind == STORY:
        data |= {"card": prompt[2], "askers": list(prompt[3]), "likers": prompt[4]}
    else:
        data["card"] = prompt[2]
    return data


# -- reading -----------------------------------------------------------------------------------


def from_json(state: OurLifeState, book: Book, data: Any, log: bool = True) -> OurLifeState:
    """Fill the blank ``state`` from position JSON; :class:`PositionError` names the problem."""
    model = load_model(PositionModel, data, "Our Life position")
    if model.game != "our-life":
        raise PositionError(f"this is a position of {model.game[:40]!r}, not of 'our-life'")
    if model.fingerprint is not None and model.fingerprint != book.fingerprint:
        raise PositionError("this position was saved with other sheet and card data than the data loaded")
    if model.step not in STEPS:
        raise PositionError(f"step: one of {', '.join(STEPS)}")
    n = len(model.players)
    if 2 * model.couples > n:
        raise PositionError(f"couples: {model.couples} couples need {2 * model.couples} players, not {n}")
    families = seating(n, model.couples)
    if len(model.families) != len(families):
        raise PositionError(f"families: {len(families)} families ({model.couples} couples), not {len(model.families)}")
    state.num_players, state.rng, state.log, state.ply = n, Rng(model.rng), [] if log else None, model.ply
    state.book = book
    state.story_variant = model.story
    state.names = [p.name for p in model.players]
    state.families = families
    state.family_of = tuple(f for s in range(n) for f, seats in enumerate(families) if s in seats)
    state.partner = tuple(next((o for o in families[state.family_of[s]] if o != s), -1) for s in range(n))
    state.step, state.round = STEPS.index(model.step), model.round
    state.display = model.display[:]
    decks = {key: tuple(model.decks.get(key, [])) for key in DECKS}
    if set(model.decks) - set(DECKS):
        raise PositionError(f"decks: only {', '.join(DECKS)}")
    state.action_deck, state.action_discard = decks["actions"], decks["action_discard"]
    state.child_decks = (decks["children_single"], decks["children_couple"])
    state.story_deck, state.vacation_deck = decks["stories"], decks["vacations"]
    state.vacation_discard = decks["vacation_discard"]
    state.goal_box, state.shared_box = decks["personal_goals"], decks["shared_goals"]
    _read_players(state, model.players)
    _read_families(state, model.families)
    state.prompts = [_read_prompt(state, p) for p in model.prompts]
    state.offers = model.offers[:]
    state.rolls = [r[:] for r in model.rolls]
    try:
        check_invariants(state)
    except PositionError as error:
        raise PositionError(f"inconsistent position: {error}") from None
    except (KeyError, IndexError, ValueError) as error:
        raise PositionError(f"inconsistent position: {str(error)[:100]}") from None
    return state


def _rows(book_rows: tuple[Any, ...], given: dict[str, int], where: str) -> tuple[int, ...]:
    names = {row.id for row in book_rows}
    unknown = set(given) - names
    if unknown:
        raise PositionError(f"{where}: no row {sorted(unknown)[0][:20]!r} (rows: {', '.join(sorted(names))})")
    return tuple(given.get(row.id, 0) for row in book_rows)


def _read_players(state: OurLifeState, players: list[PlayerModel]) -> None:
    book = state.book
    state.rows = [_rows(book.character, p.rows, f"players.{i}.rows") for i, p in enumerate(players)]
    opps = []
    for i, p in enumerate(players):
        bits = [0] * len(book.character)
        for name, squares in p.opportunities.items():
            if name not in book.rows or book.rows[name].family:
                raise PositionError(f"players.{i}.opportunities: no Character row {name[:20]!r}")
            for square in squares:
                if not 1 <= square <= 40:
                    raise PositionError(f"players.{i}.opportunities.{name}: squares are numbered from 1")
                bits[book.rows[name].index] |= 1 << (square - 1)
        opps.append(tuple(bits))
    state.opps = tuple(opps)
    state.opp_track = [p.opportunity_track for p in players]
    state.persona = [p.persona for p in players]
    state.likes = [p.likes for p in players]
    state.personal = tuple(p.personal_goal for p in players)
    state.goal_options = tuple(tuple(p.goal_options) for p in players)
    state.background = tuple(p.background for p in players)
    state.setup_rows = tuple(p.background_row for p in players)
    state.choice = [p.choice - 1 if p.choice is not None else -1 for p in players]
    state.pool = []
    for i, p in enumerate(players):
        if set(p.actions) - set(SYMBOLS) or set(p.extra) - set(SYMBOLS):
            raise PositionError(f"players.{i}: actions are {', '.join(SYMBOLS)}")
        state.pool.append(tuple(p.actions.get(s, 0) for s in SYMBOLS))
    state.extra = [sum(1 << SYMBOLS.index(s) for s in set(p.extra)) for p in players]
    state.done = [p.done for p in players]


def _read_families(state: OurLifeState, families: list[FamilyModel]) -> None:
    book = state.book
    state.frows = [_rows(book.family, f.rows, f"families.{i}.rows") for i, f in enumerate(families)]
    state.stress = [f.stress for f in families]
    state.happiness = [f.happiness for f in families]
    state.balance = tuple(f.balance for f in families)
    state.chart_happiness = [tuple(f.chart.happiness) for f in families]
    state.chart_joy = [(*f.chart.joy, *[0] * (book.rounds - len(f.chart.joy))) for f in families]
    state.children = [tuple((card, marks) for card, marks in f.children) for f in families]
    state.shared = tuple(f.shared_goal for f in families)
    state.shared_options = tuple(tuple(f.shared_options) for f in families)
    state.half_child = tuple(f.half_child if f.half_child is not None else -1 for f in families)


def _read_prompt(state: OurLifeState, prompt: PromptModel) -> tuple[Any, ...]:
    if prompt.kind not in PROMPTS:
        raise PositionError(f"prompts: a kind is one of {', '.join(PROMPTS)}")
    kind = PROMPTS.index(prompt.kind)
    if kind == OPPORTUNITY:
        row = state.book.rows.get(prompt.row)
        if row is None or row.family:
            raise PositionError(f"prompts: no Character row {prompt.row[:20]!r}")
        return (kind, prompt.seat, row.index, prompt.square)
    if kind == POST:
        return (kind, prompt.seat, *prompt.cards)
    if kind == STORY:
        return (kind, prompt.seat, prompt.card, tuple(prompt.askers), prompt.likers)
    return (kind, prompt.seat, prompt.card)


# -- invariants --------------------------------------------------------------------------------


def check_invariants(state: OurLifeState) -> None:
    """Every mark where the sheets allow it, every card in one place, every count in range."""
    book = state.book
    n, f = state.num_players, len(state.families)
    if not (1 <= state.round <= book.rounds):
        raise PositionError("round out of range")
    if len(state.display) != book.display:
        raise PositionError(f"the display holds {book.display} cards")
    for seat in range(n):
        for row in book.character:
            marks = state.rows[seat][row.index]
            if not (0 <= marks <= row.size):
                raise PositionError(f"{state.names[seat]}'s {row.id} has {marks} of {row.size} squares")
            for k in range(40):
                if state.opps[seat][row.index] >> k & 1 and not (k < marks and row.opportunities[k] >= 0):
                    raise PositionError(f"{row.id}: no Opportunity crossed at {k + 1}")
        if not (0 <= state.opp_track[seat] < len(book.opportunity_points)):
            raise PositionError("Opportunities track over-filled")
        if not (0 <= state.persona[seat] < book.persona_length):
            raise PositionError("Digital Persona over-filled")
        if not (state.likes[seat] >= state.persona[seat]):
            raise PositionError("fewer Likes than Digital Persona marks")
        if not (min(state.pool[seat]) >= 0):
            raise PositionError("a negative count of actions")
        if not (-1 <= state.choice[seat] < book.display):
            raise PositionError("choice: a display position")
        if state.background[seat] not in book.background:
            raise PositionError(f"no Background card {state.background[seat]}")
        if state.setup_rows[seat]:
            action = book.background[state.background[seat]].action
            if state.setup_rows[seat] not in [r.id for r in book.rows_for(action)]:
                raise PositionError("background_row: a row its action marks")
        partner = state.partner[seat]
        if partner >= 0 and state.choice[seat] >= 0 and state.choice[seat] == state.choice[partner]:
            raise PositionError("partners chose the same card")
    for family in range(f):
        for row in book.family:
            marks = state.frows[family][row.index]
            if not (0 <= marks <= row.size):
                raise PositionError(f"family {family}'s {row.id} has {marks} of {row.size} squares")
        if not (0 <= state.stress[family] <= book.stress_size):
            raise PositionError("stress track over-filled")
        if not (state.happiness[family] >= book.happiness_floor):
            raise PositionError("Happiness below its floor")
        finished = state.round if state.step == OVER else state.round - 1
        if len(state.chart_happiness[family]) != finished:
            raise PositionError("the Happiness Chart holds one value per finished round")
        if len(state.chart_joy[family]) != book.rounds:
            raise PositionError("the Happiness Chart has a row per round")
        for card, marks in state.children[family]:
            child = book.children[card]
            if not (child.couple == (len(state.families[family]) == 2)):
                raise PositionError(f"{child.title} is from the wrong Children deck")
            if not (0 <= marks <= child.squares):
                raise PositionError(f"{child.title}'s track over-filled")
        if len(state.children[family]) != state.frows[family][book.row("children").index]:
            raise PositionError("a mark on the Children row per child")
        if state.half_child[family] != -1 and state.half_child[family] not in state.families[family]:
            raise PositionError("half_child: a partner's seat")
    for seat in state.offers:
        if not (0 <= seat < n):
            raise PositionError("offers: seats")
    if len(set(state.offers)) != len(state.offers):
        raise PositionError("one vacation waiting per seat")
    for prompt in state.prompts:
        if not (0 <= prompt[1] < n):
            raise PositionError("a prompt for no seat")
    if state.step == USE and not state.prompts and all(state.done):
        raise PositionError("while using actions, somebody is still to act (done: false)")
    _check_setup(state)
    _check_cards(state)


def _check_setup(state: OurLifeState) -> None:
    book = state.book
    if state.step == SETUP:
        return
    if not (all(state.personal[s] in book.personal_goals for s in range(state.num_players))):
        raise PositionError("a Personal Goal each")
    if not (all(state.shared[f] in book.shared_goals for f in range(len(state.families)))):
        raise PositionError("a Shared Goal each")
    if not (not any(state.goal_options) and not any(state.shared_options)):
        raise PositionError("goal options left after setup")
    if not all(state.setup_rows):
        raise PositionError("a background row each")


def _check_cards(state: OurLifeState) -> None:
    """Each card in exactly one place."""
    book = state.book

    def exactly(what: str, every: list[int], cards: set[int]) -> None:
        if sorted(every) != sorted(cards):
            raise PositionError(f"the {what} cards are not each in one place")

    exactly("Action", [*state.display, *state.action_deck, *state.action_discard], set(book.actions))
    prompt_stories = [c for p in state.prompts if p[0] == POST for c in p[2:]]
    prompt_stories += [p[2] for p in state.prompts if p[0] == STORY]
    exactly("Post a Story", [*state.story_deck, *prompt_stories], set(book.stories))
    exactly("Vacation", [*state.vacation_deck, *state.vacation_discard], set(book.vacations))
    travel = {p[2] for p in state.prompts if p[0] == TRAVEL}
    if not (travel <= set(state.vacation_discard)):
        raise PositionError("a vacation bonus from a card not drawn")
    kept = [g for g in state.personal if g]
    exactly("Personal Goals", [*state.goal_box, *kept, *(c for o in state.goal_options for c in o)],
            set(book.personal_goals))
    exactly("Shared Goals", [*state.shared_box, *(g for g in state.shared if g),
                             *(c for o in state.shared_options for c in o)], set(book.shared_goals))
    born = [card for kids in state.children for card, _ in kids]
    singles = any(len(s) == 1 for s in state.families)
    couples = any(len(s) == 2 for s in state.families)
    exactly("Children (single)", [*state.child_decks[0], *(c for c in born if not book.children[c].couple)],
            set(book.children_single) if singles else set())
    exactly("Children (couple)", [*state.child_decks[1], *(c for c in born if book.children[c].couple)],
            set(book.children_couple) if couples else set())


# -- what a seat sees --------------------------------------------------------------------------


# -- hand-edited positions ---------------------------------------------------------------------


def reconcile(book: Book, data: JSON, patch: JSON) -> JSON:
    """Repair a hand-edited position: past the setup, each seat keeps its first goal option and
    background row unless the patch says otherwise; a card the patch names leaves the decks;
    every family's rows of counts and its Happiness Chart are as long as the round says."""
    data = {**data, "players": [dict(p) for p in data["players"]], "families": [dict(f) for f in data["families"]],
            "decks": {k: list(v) for k, v in data["decks"].items()}}
    decks = data["decks"]
    if data["step"] != "setup":
        for player in data["players"]:
            _keep_first(player, "goal_options", "personal_goal", decks["personal_goals"])
            if not player["background_row"]:
                action = book.background[player["background"]].action
                player["background_row"] = book.rows_for(action)[0].id
        for index, family in enumerate(data["families"]):  # by place: two families may read alike
            _keep_first(family, "shared_options", "shared_goal", decks["shared_goals"])
            if "chart" not in _family_patch(patch, index):
                done = data["round"] - (data["step"] != "over")
                family["chart"] = {"happiness": [0] * done, "joy": family["chart"]["joy"]}
    named = _named_cards(data)
    for key in ("actions", "action_discard", "personal_goals", "shared_goals", "children_single",
                "children_couple", "stories", "vacations"):
        if key not in patch.get("decks", {}):
            decks[key] = [c for c in decks[key] if c not in named[key]]
    _return_missing(book, data)
    return data


def _keep_first(holder: JSON, options: str, kept: str, box: list[int]) -> None:
    """A goal choice left open past the setup: keep the first option (unless one is kept), box the rest."""
    if holder[options]:
        if not holder[kept]:
            holder[kept] = holder[options][0]
        box += [c for c in holder[options] if c != holder[kept]]
        holder[options] = []


def _family_patch(patch: JSON, index: int) -> JSON:
    given = patch.get("families")
    if isinstance(given, list):
        return given[index] if index < len(given) and isinstance(given[index], dict) else {}
    if isinstance(given, dict):
        mine = given.get(index, given.get(str(index), {}))
        return mine if isinstance(mine, dict) else {}
    return {}


def _named_cards(data: JSON) -> dict[str, set[int]]:
    players, families = data["players"], data["families"]
    return {
        "actions": set(data["display"]), "action_discard": set(data["display"]),
        "personal_goals": {p["personal_goal"] for p in players} | {c for p in players for c in p["goal_options"]},
        "shared_goals": {f["shared_goal"] for f in families} | {c for f in families for c in f["shared_options"]},
        "children_single": {c for f in families for c, _ in f["children"]},
        "children_couple": {c for f in families for c, _ in f["children"]},
        "stories": {c for p in data.get("prompts", []) for c in [*p.get("cards", []), p.get("card", 0)]},
        "vacations": set(data["decks"].get("vacation_discard", [])),
    }


def _return_missing(book: Book, data: JSON) -> None:
    """A card left nowhere goes back to the bottom of its deck."""
    decks = data["decks"]
    named = _named_cards(data)
    for key, table in (("actions", book.actions), ("personal_goals", book.personal_goals),
                       ("shared_goals", book.shared_goals), ("stories", book.stories),
                       ("vacations", book.vacations)):
        present = set(decks[key]) | named[key] | (set(decks["action_discard"]) if key == "actions" else set())
        decks[key] = [c for c in table if c not in present] + decks[key]
    couples = data.get("couples", 0)
    singles = len(data["players"]) > 2 * couples
    for key, children, used in (("children_single", book.children_single, singles),
                             ("children_couple", book.children_couple, couples > 0)):
        if used:
            present = set(decks[key]) | named[key]
            decks[key] = [c for c in children if c not in present] + decks[key]

