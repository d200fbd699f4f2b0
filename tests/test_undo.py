"""One meaning of undo (vita.core.undo): a person takes back their last action, with the bots'
actions after it, while none of them told that person anything hidden and no other person
acted since; what the person showed of their own stays seen, as at a real table."""

from __future__ import annotations

from vita.core.undo import Taken, learns, take_back
from vita.registry import get_game

ANA, BOT, BEN = 0, 1, 2


def test_the_bots_actions_after_it_go_with_it() -> None:
    history = [Taken(ANA, True, True), Taken(BOT, False, True), Taken(BOT, False, True)]
    assert take_back(history, ANA) == 0


def test_not_past_a_bots_action_that_told_something_hidden() -> None:
    assert take_back([Taken(ANA, True, True), Taken(BOT, False, False)], ANA) is None


def test_not_once_another_person_acted() -> None:
    assert take_back([Taken(ANA, True, True), Taken(BEN, True, True)], ANA) is None
    assert take_back([Taken(ANA, True, True), Taken(BEN, True, True)], BEN) == 1


def test_not_an_action_that_told_the_person_something() -> None:
    assert take_back([Taken(ANA, True, True), Taken(ANA, True, False)], ANA) is None
    assert take_back([Taken(ANA, True, False), Taken(ANA, True, True)], ANA) == 1  # the later one only


def test_nothing_to_take_back_at_the_start() -> None:
    assert take_back([], ANA) is None and take_back([Taken(BOT, False, True)], ANA) is None


def _card_game_at_the_first_meld() -> tuple[object, object, int]:
    game = get_game("pursuit-cards")
    state = game.new(seed=1, players=2, log=False)
    seat = state.to_move()[0]
    meld = next(a for a in state.legal_actions(seat) if str(a).startswith("meld "))
    return state, meld, seat


def test_laying_a_card_from_your_hand_tells_you_nothing_even_though_the_others_see_it() -> None:
    # "Melds": a meld is laid from the hand, face up. The player who lays it learns nothing
    # (the card was theirs), so it may be taken back while nobody else has acted.
    state, meld, seat = _card_game_at_the_first_meld()
    after = state.clone()  # type: ignore[attr-defined]
    after.apply(meld, seat)
    assert not learns(state, seat, meld, after, people=[0, 1])  # type: ignore[arg-type]


def test_a_bots_discard_shows_a_card_of_its_hand_and_blocks_a_take_back() -> None:
    # "Discards": the discard is face up; a person learns a card the bot held.
    game = get_game("pursuit-cards")
    state = game.new(seed=1, players=2, log=False)
    seat = state.to_move()[0]
    person = 1 - seat
    discard = next(a for a in state.legal_actions(seat) if str(a).startswith("discard "))
    after = state.clone()
    after.apply(discard, seat)
    assert learns(state, seat, discard, after, people=[person])
    assert not learns(state, seat, discard, after, people=[])  # nobody at the table to learn it


def test_a_bots_secret_choice_neither_blocks_nor_tells_which_it_was() -> None:
    # Our Life, "Choose Action cards": the choices stay face down until everyone has chosen.
    # A bot choosing before the person tells the person only that it has chosen, so the
    # take-back is not blocked, whichever card the bot took.
    game = get_game("our-life")
    state = game.new(seed=1, players=3, log=False)
    while state.view(None)["step"] != "choose":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    person, bot = 0, 1
    assert {person, bot} <= set(state.to_move())
    answers = set()
    for choice in state.legal_actions(bot):
        after = state.clone()
        after.apply(choice, bot)
        answers.add(learns(state, bot, choice, after, people=[person]))
    assert answers == {False}


def test_an_action_the_game_says_shows_nothing_is_not_sampled() -> None:
    # The board game answers exactly (State.reveals): "study" touches no pile and no secret.
    game = get_game("pursuit")
    state = game.new(seed=3, players=2, log=False)
    while state.view(None)["phase"] != "action":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    seat = state.to_move()[0]
    study = state.parse("study")
    assert state.reveals(seat, study) is False
    after = state.clone()
    after.apply(study, seat)

    class Unsampled(type(state)):  # type: ignore[misc]
        __slots__ = ()

        def determinize(self, seat: int | None, rng: object) -> object:
            raise AssertionError("sampled")

    state.__class__ = Unsampled
    assert not learns(state, seat, study, after, people=[0, 1])
