"""The Community expansion's rules: sections "Community Cards" (Engage, Outcome), "Popularity"
and "Solo game" of its rulebook, and the card-specific rulings of its FAQ.

The board's 5 slots are filled when the first Adult round begins. On his turn, instead of an
action, a player may Engage in a card: the Community token first, then Hourglass markers, at
most as many a round as his Popularity score; one player per card unless it has the Multiple
Players indicator (and one marker per player per card); requirements and costs are met, and the
Engage reward taken, at once. After the End of Round phase the cards with markers are resolved
left to right; on each, the engaged players choose an Outcome in the coming round's turn order,
pay it and take its reward; the card is then discarded. A card left in slot 5 is discarded, the
others slide right, and new cards fill the empty slots. Then each player gains LTH equal to his
Popularity score and moves one space left. The readings the rulebook leaves open are in
``docs/games/pursuit.md`` ("Community expansion").
"""

from __future__ import annotations

from vita.core.errors import Reason
from vita.games.pursuit.actions import Engage, Outcome
from vita.games.pursuit.cards import Amount
from vita.games.pursuit.community_cards import Community, CommunityCard, Gain
from vita.games.pursuit.community_cards import Outcome as OutcomeSpec
from vita.games.pursuit.community_deckfile import SLOTS
from vita.games.pursuit.rules.board_actions import take_partner
from vita.games.pursuit.rules.game_end import measure
from vita.games.pursuit.rules.tracks import add_stress, can_pay, gain, pay
from vita.games.pursuit.state import COMMUNITY, ROW_PARTNERS, PursuitState


def data(state: PursuitState) -> Community:
    community = state.deck.community
    assert community is not None, "the Community expansion is not in play"
    return community


def card_of(state: PursuitState, slot: int) -> CommunityCard:
    return data(state).cards[state.community[slot]]


# -- Popularity ------------------------------------------------------------------------------


def score(state: PursuitState, seat: int) -> int:
    """The Popularity score under a player's indicator."""
    return data(state).popularity[state.players[seat].popularity]


def gain_popularity(state: PursuitState, seat: int, count: int) -> None:
    """One space right per Popularity icon; at a score of 5, 1 LTH instead ("Popularity")."""
    p = state.players[seat]
    track = data(state).popularity
    top = max(track)
    for _ in range(count):
        if track[p.popularity] == top:
            p.lth += 1
            if state.log is not None:
                state.say(f"{p.name} is as popular as can be: 1 LTH instead of Popularity.")
        else:
            p.popularity += 1


def popularity_lth(state: PursuitState) -> None:
    """End of each round, after the Community cards: LTH equal to the score, then one space left."""
    for seat, p in enumerate(state.players):
        if not p.alive:
            continue
        points = score(state, seat)
        if points:
            p.lth += points
            if state.log is not None:
                state.say(f"{p.name} gains {points} LTH for a Popularity score of {points}.")
        if p.popularity > 0:
            p.popularity -= 1


def _base(reward: Gain, times: int) -> Amount:
    """The part of a Community reward the base game's tracks take, ``times`` over."""
    return Amount(res=tuple(n * times for n in reward.res), sth=reward.sth * times,  # type: ignore[arg-type]
                  lth=reward.lth * times, relax=reward.relax * times)


def take(state: PursuitState, seat: int, reward: Gain, times: int = 1) -> None:
    """A Community reward (``times`` over: Black Friday counts the Items bought)."""
    gain(state, seat, _base(reward, times))
    if reward.popularity and state.players[seat].alive:
        gain_popularity(state, seat, reward.popularity * times)
    if reward.stress:
        add_stress(state, seat, reward.stress * times)


def words(reward: Gain, times: int = 1) -> str:
    parts = [_base(reward, times).words()]
    if reward.popularity:
        parts.append(f"{reward.popularity * times} Popularity")
    if reward.stress:
        parts.append(f"{reward.stress * times} Stress")
    parts = [part for part in parts if part != "nothing"]
    return " and ".join(parts) if parts else "nothing"


def cost_words(cost: tuple[int, int, int, int]) -> str:
    return Amount(res=cost).words()


# -- the board -------------------------------------------------------------------------------


def draw(state: PursuitState) -> int:
    """The top card of the Community pile (its discard pile shuffled in when it runs out; -1 if
    both are empty). Solo: a card that needs "the most" of something is discarded, another drawn."""
    community = data(state)
    while True:
        pile = state.community_pile
        if not pile:
            if not state.community_discard:
                return -1
            pile.extend(state.community_discard)
            state.community_discard.clear()
            state.rng.shuffle(pile)
            state.say("The Community discard pile is shuffled into a new pile.")
            if state.solo and all(community.cards[c].needs_most for c in pile):
                state.community_discard.extend(pile)
                pile.clear()
                return -1
        card = pile.pop()
        if state.solo and community.cards[card].needs_most:
            state.community_discard.append(card)
            if state.log is not None:
                state.say(f"'{community.cards[card].name}' needs the most of something: discarded in the solo game.")
            continue
        return card


def fill(state: PursuitState) -> None:
    drawn = []
    for slot in range(SLOTS):
        if state.community[slot] < 0:
            state.community[slot] = draw(state)
            if state.community[slot] >= 0:
                drawn.append(card_of(state, slot).name)
    if drawn and state.log is not None:
        state.say("Community cards drawn: " + ", ".join(drawn) + ".")


def start_of_round(state: PursuitState) -> None:
    """Upkeep: the board is filled when the first Adult round begins; no Item is bought yet."""
    for p in state.players:
        p.bought = 0
    rounds = state.deck.board.rounds
    if rounds[state.round].stage == "adult" and rounds[state.round - 1].stage != "adult":
        fill(state)


# -- Engage ----------------------------------------------------------------------------------


def token_placed(state: PursuitState, seat: int) -> bool:
    return any(m == (seat, False) for marks in state.markers for m in marks)


def hourglasses_placed(state: PursuitState, seat: int) -> int:
    return sum(1 for marks in state.markers for m in marks if m == (seat, True))


def engaged_in(state: PursuitState, seat: int, special: str) -> bool:
    """Whether a player has a marker on a card with this special rule (Black Friday)."""
    return any(state.community[slot] >= 0 and card_of(state, slot).special == special
               and any(s == seat for s, _ in state.markers[slot]) for slot in range(len(state.community)))


def can_engage_now(state: PursuitState, seat: int) -> bool:
    """The token is still free, or an Hourglass marker within the Popularity score is."""
    if not token_placed(state, seat):
        return True
    return state.players[seat].hand >= 1 and hourglasses_placed(state, seat) < score(state, seat)


def why_not_engage(state: PursuitState, seat: int, slot: int) -> str | None:
    """Why ``seat`` may not engage in the card in ``slot`` now (None: he may)."""
    card = card_of(state, slot)
    p = state.players[seat]
    if not can_engage_now(state, seat):
        if p.hand < 1:
            return "you have no hourglass left for another Community card"
        return (f"you have engaged with {hourglasses_placed(state, seat)} Hourglass marker(s) this round, "
                f"as many as your Popularity score of {score(state, seat)} allows")
    marks = state.markers[slot]
    if any(s == seat for s, _ in marks):
        return f"you have already engaged in '{card.name}'"
    if marks and not card.multiple:
        return f"'{card.name}' has no Multiple Players indicator and {state.name(marks[0][0])} has engaged in it"
    if card.requires == "job" and p.job < 0:
        return f"'{card.name}' needs a Job to engage in it"
    if card.requires == "partner" and not p.partners:
        return f"'{card.name}' needs a Partner to engage in it"
    if card.requires == "no-partner" and p.partners:
        return f"'{card.name}' is only for a player without a Partner"
    if not can_pay(p.res, card.engage_cost):
        return Reason(f"you cannot pay {cost_words(card.engage_cost)} to engage in '{card.name}'",
                      "not-enough-resources")
    return None


def engage_options(state: PursuitState, seat: int) -> list[Engage]:
    if not state.community or state.shopping or not can_engage_now(state, seat):
        return []
    return [Engage(card_of(state, slot).id) for slot in range(SLOTS)
            if state.community[slot] >= 0 and why_not_engage(state, seat, slot) is None]


def slot_of(state: PursuitState, ident: str) -> int:
    """The slot of the Community card ``ident`` (-1 if it is not on the board)."""
    index = data(state).by_id.get(ident, -1)
    return state.community.index(index) if index >= 0 and index in state.community else -1


def do_engage(state: PursuitState, seat: int, action: Engage) -> None:
    slot = slot_of(state, action.card)
    card = card_of(state, slot)
    p = state.players[seat]
    hourglass = token_placed(state, seat)
    if hourglass:
        p.hand -= 1
    state.markers[slot].append((seat, hourglass))
    pay(state, seat, card.engage_cost)
    marker = "an Hourglass marker" if hourglass else "the Community token"
    paid = f", pays {cost_words(card.engage_cost)}" if any(card.engage_cost) else ""
    if state.log is not None:
        state.say(f"{p.name} engages in '{card.name}' ({card.engage_name}) with {marker}{paid}, "
                  f"gains {words(card.engage_reward)}.")
    take(state, seat, card.engage_reward)


# -- Black Friday ------------------------------------------------------------------------------


def bought_item(state: PursuitState, seat: int) -> None:
    """After an Item is bought (its replacement drawn): Black Friday lets its player buy another."""
    state.players[seat].bought += 1
    if state.community and state.players[seat].alive and engaged_in(state, seat, "black-friday"):
        state.shopping = True


# -- Outcomes ----------------------------------------------------------------------------------


def turn_order(state: PursuitState, seat: int) -> int:
    return (seat - state.first) % state.num_players


def has_most(state: PursuitState, seat: int, what: str) -> bool:
    """"The most" among all players still in the game; a tie counts (FAQ)."""
    living = [other for other, p in enumerate(state.players) if p.alive]
    return measure(state, seat, what) >= max(measure(state, other, what) for other in living)


def outcome_options(state: PursuitState, seat: int, slot: int) -> list[Outcome]:
    card = card_of(state, slot)
    out = []
    for number, outcome in enumerate(card.outcomes, start=1):
        if why_not_outcome(state, seat, outcome) is not None:
            continue
        if outcome.special == "blind-date":
            named = board_partner_names(state)
            out += [Outcome(number, name) for name in named]
        else:
            out.append(Outcome(number))
    return out


def board_partner_names(state: PursuitState) -> list[str]:
    return [state.deck.cards[c].id for c in state.rows[ROW_PARTNERS]]


def why_not_outcome(state: PursuitState, seat: int, outcome: OutcomeSpec) -> str | None:
    p = state.players[seat]
    if not can_pay(p.res, outcome.cost):
        return Reason(f"you cannot pay {cost_words(outcome.cost)} for '{outcome.name}'", "not-enough-resources")
    if outcome.most and not has_most(state, seat, outcome.most):
        return f"'{outcome.name}' needs the most {outcome.most.capitalize()} of all players"
    if outcome.special == "blind-date" and not state.rows[ROW_PARTNERS]:
        return f"'{outcome.name}' takes a Partner from the board and there is none"
    return None


def resolving(state: PursuitState) -> int:
    """The slot of the card being resolved (the leftmost with a marker; -1: none)."""
    return next((slot for slot in range(len(state.markers)) if state.markers[slot]), -1)


def chooser(state: PursuitState, slot: int) -> int:
    return min((seat for seat, _ in state.markers[slot]), key=lambda seat: turn_order(state, seat))


def begin_outcomes(state: PursuitState) -> bool:
    """After the End of Round phase: the first engaged player to choose; False when none is."""
    state.phase = COMMUNITY
    return next_chooser(state)


def next_chooser(state: PursuitState) -> bool:
    """Make the next engaged player to choose the current player (markers of players who cannot
    choose are removed, with their cards once empty); False when every card is resolved."""
    while (slot := resolving(state)) >= 0:
        seat = chooser(state, slot)
        p = state.players[seat]
        card = card_of(state, slot)
        if not p.alive:
            if state.log is not None:
                state.say(f"{p.name}'s marker leaves '{card.name}' (no longer in the game).")
        elif not outcome_options(state, seat, slot):
            if state.log is not None:
                state.say(f"{p.name} can meet no Outcome of '{card.name}' and removes the marker.")
        else:
            state.current = seat
            return True
        remove_marker(state, slot, seat)
    return False


def remove_marker(state: PursuitState, slot: int, seat: int) -> None:
    marks = state.markers[slot]
    marks[:] = [m for m in marks if m[0] != seat]
    if not marks:
        card = state.community[slot]
        state.community_discard.append(card)
        state.community[slot] = -1
        if state.log is not None:
            state.say(f"'{data(state).cards[card].name}' is discarded.")


def choose_outcome(state: PursuitState, seat: int, action: Outcome) -> None:
    slot = resolving(state)
    card = card_of(state, slot)
    outcome = card.outcomes[action.number - 1]
    p = state.players[seat]
    pay(state, seat, outcome.cost)
    p.outcomes += 1
    paid = f"pays {cost_words(outcome.cost)}, " if any(outcome.cost) else ""
    if outcome.special == "blind-date":
        if state.log is not None:
            state.say(f"{p.name} chooses '{outcome.name}' on '{card.name}'.")
        blind_date(state, seat, state.deck.by_id[action.partner])
    else:
        times = p.bought if outcome.per_item else 1
        each = f" ({p.bought} Item(s) bought this round)" if outcome.per_item else ""
        if state.log is not None:
            state.say(f"{p.name} chooses '{outcome.name}' on '{card.name}': "
                      f"{paid}gains {words(outcome.reward, times)}{each}.")
        take(state, seat, outcome.reward, times)
    remove_marker(state, slot, seat)


def blind_date(state: PursuitState, seat: int, partner: int) -> None:
    """FAQ, Blind Date: a Partner from the board at the Relationship level (2), its requirement
    ignored and none of its rewards; 1 Stress if the player already has a Partner (and the
    3-slot rule's, as for any Partner taken)."""
    p = state.players[seat]
    if not take_partner(state, seat, partner, 2):
        return
    if state.log is not None:
        state.say(f"{p.name} meets {state.card_name(partner)} at a Blind Date: a Relationship (level 2), "
                  "with no rewards.")


def after_outcomes(state: PursuitState) -> None:
    """Slot 5's card is discarded, the rest slide right, the gaps are filled; then Popularity."""
    if started(state):
        last = state.community[SLOTS - 1]
        if last >= 0:
            state.community_discard.append(last)
            if state.log is not None:
                state.say(f"'{data(state).cards[last].name}' was left on the 5th space and is discarded.")
        kept = [c for c in state.community[: SLOTS - 1] if c >= 0]
        state.community[:] = [-1] * (SLOTS - len(kept)) + kept
        fill(state)
    popularity_lth(state)


def started(state: PursuitState) -> bool:
    """Whether the Community board is in play: the expansion, from the first Adult round on."""
    rounds = state.deck.board.rounds
    return bool(state.community) and any(r.stage == "adult" for r in rounds[: state.round + 1])
