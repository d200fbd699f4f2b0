"""The words of the choices offered in The Pursuit of Happiness."""

from __future__ import annotations

import random

from vita.core.wording import slug
from vita.games.pursuit import GAME


def test_a_double_sided_card_is_named_by_the_side_it_shows() -> None:
    """Job cards are double-sided ("Get Job"): a player who takes HR Executive as a Journalist
    is offered to discard or keep up the Journalist, never the HR Executive."""
    state, rng = GAME.new(seed=0, players=2), random.Random(0)
    taken = None
    for _ in range(400):  # random play until a job is offered, then take it by its other side
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        job = next((a for a in actions if str(a).startswith("get-job")), None)
        if job is not None:
            names = state.deck.cards[state.deck.by_id[job.card]].names
            if len(names) > 1:
                state.apply(state.parse(f"get-job {slug(names[1])}", seat), seat)
                taken = (seat, names)
                break
        state.apply(rng.choice(actions), seat)
    assert taken is not None, "a double-sided job was offered"
    seat, (front, back) = taken
    labels = []
    for _ in range(600):
        if state.is_over():
            break
        mover = state.to_move()[0]
        actions = state.legal_actions(mover)
        if mover == seat:
            labels += [state.label(a) for a in actions if str(a).split()[0] in ("upkeep", "discard")
                       and slug(back) in str(a)]
        state.apply(rng.choice(actions), mover)
    assert labels and all(back in text and front not in text for text in labels), labels


def test_a_choice_states_its_stress_and_sth_before_it_is_chosen() -> None:
    """"Action Phase": a second hourglass on a space gives 1 Stress; "Upkeep Phase": an upkeep
    not paid discards the card with 1 Stress and -1 STH. The choices say so beforehand."""
    state = GAME.new(seed=4, players=2)
    while state.view(0)["phase"] == "setup":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    first = state.to_move()[0]
    state.apply(state.parse("study", first), first)
    other = state.to_move()[0]
    state.apply(state.parse("play", other), other)
    assert state.to_move()[0] == first
    labels = {str(a): state.label(a) for a in state.legal_actions(first)}
    assert labels["study"].endswith("(1 more stress: not your first hourglass here)")
    assert "stress" not in labels["play"] and "stress" not in labels["interact"]
    rng = random.Random(4)
    for _ in range(2000):  # on to an upkeep choice
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        drops = [a for a in actions if str(a).startswith("upkeep drop")]
        if drops:
            assert all(state.label(a).endswith("(1 stress and -1 STH)") for a in drops)
            assert not any("stress" in state.label(a) for a in actions if str(a).startswith("upkeep pay"))
            return
        state.apply(rng.choice(actions), seat)
    raise AssertionError("no upkeep choice came up")


def test_a_card_beyond_the_three_slots_says_its_stress() -> None:
    """"Take Project": "You have 3 "slots" in front of you in which Projects, Jobs and Partners
    are put. If all 3 slots are filled, ... any Projects taken after that cause you to get 1
    Stress." A new Job replaces the old one, so it frees the old one's slot."""
    from vita.games.pursuit.rules.upkeep import slot_cards

    for seed in range(30):
        state, rng = GAME.new(seed=seed, players=2), random.Random(seed)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            actions = state.legal_actions(seat)
            full = slot_cards(state, seat) >= 3
            for action in actions:
                word = str(action).split()[0]
                joining = word == "take-project" and state.deck.by_id[action.card] in state.groups
                replacing = word == "get-job" and state.players[seat].job >= 0 and slot_cards(state, seat) == 3
                expected = full and word in ("take-project", "get-job", "start-relationship") \
                    and not joining and not replacing and not state.shopping
                assert ("your 3 slots are full" in state.label(action)) == expected, (seed, str(action))
                if expected:
                    return
            state.apply(rng.choice(actions), seat)
    raise AssertionError("no player with 3 full slots was offered a card")


def test_a_project_choice_states_what_negative_sth_adds_to_its_cost() -> None:
    """"Short Term Happiness Track": "if you have negative STH, you have to pay additional
    resources when taking or advancing Projects: You pay 1 resource of your choice for each
    point of negative STH". At STH -1, advancing 'Open a Cafe' to L3 (printed cost 1
    Knowledge and 3 Influence) with 1 Knowledge, 1 Creativity and 3 Influence has one way to
    pay: 1 Knowledge, 1 Creativity and 3 Influence. The choice says so before it is chosen,
    and that is what is charged."""
    state = GAME.new(seed=4, players=2)
    while state.view(0)["phase"] == "setup":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    seat = state.to_move()[0]
    p = state.players[seat]
    cafe = state.deck.by_id["open-a-cafe"]
    p.projects = ((cafe, 2, 0),)
    p.sth, p.res = -1, [1, 1, 3, 0]
    advances = [a for a in state.legal_actions(seat) if str(a).startswith("advance open-a-cafe")]
    assert [str(a) for a in advances] == ["advance open-a-cafe"]
    text = state.label(advances[0])
    assert "pay 1 Knowledge, 1 Creativity and 3 Influence" in text, text
    assert "STH -1" in text, text
    state.apply(advances[0], seat)
    assert p.res[:3] == [0, 0, 0]


def test_a_card_is_drawn_as_its_levels_with_cost_and_reward_apart() -> None:
    """"Start a Relationship": John takes Martha and, at her Date level, gains 1 Knowledge and
    2 Creativity. The catalogue the browser draws cards from has her levels as rows, the Date
    first with that reward; a Partner's upkeep is a row of its own, due from the Relationship
    level (L2) on (John pays it only once Martha is developed to Relationship; the ruling in
    docs/games/pursuit.md)."""
    from vita.games.pursuit.describe import catalogue

    state = GAME.new(seed=0, players=2)
    martha = next(c for c in state.deck.cards if "Martha" in c.names)
    levels = catalogue(state.deck)[martha.id]["levels"]
    assert isinstance(levels, list)
    assert levels[0] == {"level": "1", "name": "Date", "cost": "—", "reward": "1K 2C"}
    assert [row["level"] for row in levels] == ["1", "2", "3", "4", "upkeep"]
    assert levels[-1]["name"] == "from L2" and levels[-1]["from"] == "2"


def test_rest_says_how_far_the_player_to_move_may_rest() -> None:
    """"Rest": up to 2 spaces to the left, within the section; the child trait Easygoing's text
    ("Rest moves you up to 4 spaces left") raises it for its holder only. The choice says so
    to each player before it is taken."""
    for seed in range(40):
        state, rng = GAME.new(seed=seed, players=2), random.Random(seed)
        holder = None
        for _ in range(40):  # the child traits are chosen first ("Setup")
            seat = state.to_move()[0]
            actions = state.legal_actions(seat)
            easygoing = [a for a in actions if str(a) == "trait easygoing"]
            if easygoing:
                holder = seat
            state.apply(easygoing[0] if easygoing else rng.choice(actions), seat)
            if holder is not None:
                break
        if holder is None:
            continue
        seen: dict[bool, str] = {}
        for _ in range(200):
            if state.is_over() or len(seen) == 2:
                break
            seat = state.to_move()[0]
            actions = state.legal_actions(seat)
            rest = next((a for a in actions if str(a) == "rest"), None)
            if rest is not None:
                seen[seat == holder] = state.label(rest)
            state.apply(rng.choice(actions), seat)
        if len(seen) == 2:
            assert "up to 4 spaces" in seen[True] and "Easygoing" in seen[True], seen
            assert "up to 2 spaces" in seen[False] and "Easygoing" not in seen[False], seen
            return
    raise AssertionError("no game in 40 seeds dealt Easygoing and offered both players Rest")
