"""Our Life for learning agents: a fixed action numbering and observation.

Actions are numbered by their notation, from the complete list the sheets and decks allow:
the setup choices (every goal card, every row), ``choose`` each display position, ``mark``
each row and child track, ``like``, ``child``, ``vacation`` (start, or join each seat), each
paid in the three ways, then the answers to prompts and ``done``.

The observation is read from the seat's own view (so it can hold nothing the seat may not
see), seats rotated so the observer comes first: the step, the round and the prompt; the
display's cards (their actions, Relaxations, Stress dice, Opportunities); per seat its
Character sheet, pool of actions, extra action, done flag, chosen card (where visible) and
goal; per seat its family's sheet, stress, Happiness, Balance and Joy. Every entry lies in
[0, 1]: a count is divided by a cap and held at 1 beyond it, a value that can go below 0 runs
from a low end (0) to a high end (1) (version 2; version 1 gave some raw counts).
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.codec import UNIT, NotationCodec, between, one_hot, scaled
from vita.core.state import State
from vita.games.our_life.actions import PAYS
from vita.games.our_life.cards import SYMBOLS, Book
from vita.games.our_life.steps import PROMPTS, STEPS

MAX_SEATS: Final = 8
ENCODING_VERSION: Final = 2  # bump on any change of what an action number or observation entry means

# Where counts are read as 1 (designed: the rulebook bounds none of them, and Happiness,
# Balance and the chart's sums can go below 0; a little beyond the most seen in some hundreds of
# random and heuristic games, docs/games/our-life.md). A display card's figures are read
# against the largest of the book's cards, so they never pass 1.
CAP_LIKES: Final = 100
CAP_POOL: Final = 8
CAP_TRACK: Final = 10
HAPPINESS_LINE: Final = (-10, 50)  # Happiness and Balance: 0 at the low end, 1 at the high end
CHART: Final = (-20, 250)  # the sums of Joy and of Happiness on the scoring chart
CAP_CHILDREN: Final = 4


def notations(book: Book) -> list[str]:
    """Every action's notation, in the fixed order of the numbering."""
    pays = [f" with {p}" if p else "" for p in PAYS]
    children = book.row("children").size
    rows = [r.id for r in (*book.character, *book.family) if r.action < 6]
    rows += [f"child{k + 1}" for k in range(children)]
    used = [f"{verb}{pay}" for verb in (*(f"mark {r}" for r in rows), "like", "child", "vacation",
                                         *(f"vacation join {s + 1}" for s in range(MAX_SEATS)), "opportunity")
            for pay in pays]
    return [
        *(f"goal {c}" for c in book.personal_goals), *(f"shared {c}" for c in book.shared_goals),
        *(f"background {r.id}" for r in (*book.character, *book.family)),
        *(f"choose {k + 1}" for k in range(book.display)),
        *used, "skip", *(f"post {c}" for c in book.stories), "like-story", "pass", "pick 1", "pick 2", "done",
    ]


class OurLifeObserver:
    """What a seat may see, as floats (see the module docstring)."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.goals = {c: i for i, c in enumerate(book.personal_goals)}
        self.shared = {c: i for i, c in enumerate(book.shared_goals)}
        self.per_card = len(SYMBOLS) + 3
        self.per_seat = (len(book.character) * 2 + 3 + 2 * len(SYMBOLS) + 1 + book.display + 1
                         + len(book.personal_goals) + len(book.family) + 6 + len(book.shared_goals))
        self.size = len(STEPS) + 1 + len(PROMPTS) + 2 + book.display * self.per_card + MAX_SEATS * self.per_seat
        cards = book.actions.values()
        self.most = (max(1, *(card.actions.count(s) for card in cards for s in range(len(SYMBOLS)))),
                     max(1, *(card.relax for card in cards)), max(1, *(card.stress for card in cards)),
                     max(1, *(card.opportunity for card in cards)))

    def layout(self) -> list[tuple[str, int, str]]:
        book = self.book
        symbols = ", ".join(SYMBOLS)
        seat = (f"Character sheet rows filled / row size ({len(book.character)}: "
                f"{', '.join(r.id for r in book.character)}), Opportunities taken per row / row size "
                f"({len(book.character)}), Opportunity track / {CAP_TRACK}, Digital Persona / its length, Likes / "
                f"{CAP_LIKES}, actions in the pool / {CAP_POOL} ({symbols}), "
                f"extra actions ({symbols}), done, the chosen display card one-hot ({book.display}, where visible), "
                f"a card chosen but hidden, personal goal one-hot ({len(book.personal_goals)}, its own only), "
                f"the family's sheet rows filled / size ({len(book.family)}: {', '.join(r.id for r in book.family)}), "
                f"its stress / track size, Happiness and Balance from {HAPPINESS_LINE[0]} (0) to "
                f"{HAPPINESS_LINE[1]} (1), Joy and Happiness on the chart from {CHART[0]} (0) to {CHART[1]} (1), "
                f"children / {CAP_CHILDREN}, "
                f"its shared goal one-hot ({len(book.shared_goals)})")
        return [("step", len(STEPS), f"one-hot: {', '.join(STEPS)}"),
                ("round", 1, f"round / {book.rounds}"),
                ("prompt", len(PROMPTS), f"one-hot: the question asked ({', '.join(PROMPTS)})"),
                ("asked", 2, "the prompt is the observer's; the observer is asked to act"),
                ("display", book.display * self.per_card,
                 f"per display card ({book.display}): its actions by symbol ({symbols}) / {self.most[0]}, "
                 f"Relaxations / {self.most[1]}, Stress dice / {self.most[2]}, Opportunity / {self.most[3]} (each "
                 "read against the most on one of the book's cards)"),
                ("seats", MAX_SEATS * self.per_seat, f"{MAX_SEATS} blocks of {self.per_seat}, the observer's first, "
                                                     f"then in turn order (zeros past the players): {seat}")]

    def bounds(self) -> list[tuple[float, float]]:
        """Every entry in [0, 1] (see the module docstring)."""
        return [UNIT] * len(self.layout())

    def observe(self, state: State, seat: int) -> list[float]:
        book = self.book
        view = state.view(seat)
        out = [*one_hot(STEPS.index(view["step"]), len(STEPS)), view["round"] / book.rounds]
        prompt = view["prompts"][0] if view["prompts"] else None
        out += one_hot(PROMPTS.index(prompt["kind"]) if prompt else -1, len(PROMPTS))
        out += [float(prompt is not None and prompt["seat"] == seat), float(seat in view["to_move"])]
        most = self.most
        for card in view["display"]:
            action = book.actions[card]
            out += [action.actions.count(s) / most[0] for s in range(len(SYMBOLS))]
            out += [action.relax / most[1], action.stress / most[2], action.opportunity / most[3]]
        n = len(view["players"])
        for k in range(MAX_SEATS):
            out += self._seat(view, (seat + k) % n) if k < n else [0.0] * self.per_seat
        return out

    def _seat(self, view: dict[str, Any], other: int) -> list[float]:
        book = self.book
        player = view["players"][other]
        family = next(sheet for sheet in view["families"] if other in sheet["seats"])
        out = [scaled(player["rows"][r.id], r.size) for r in book.character]
        out += [scaled(len(player["opportunities"].get(r.id, [])), r.size) for r in book.character]
        out += [scaled(player["opportunity_track"], CAP_TRACK), scaled(player["persona"], book.persona_length),
                scaled(player["likes"], CAP_LIKES)]
        out += [scaled(player["actions"].get(s, 0), CAP_POOL) for s in SYMBOLS]
        out += [float(s in player["extra"]) for s in SYMBOLS] + [float(player["done"])]
        choice = player["choice"]
        out += one_hot(choice - 1 if isinstance(choice, int) and not isinstance(choice, bool) else -1, book.display)
        out += [float(choice is True)]
        goal = player["personal_goal"]
        out += one_hot(self.goals.get(goal, -1) if not isinstance(goal, bool) else -1, len(self.goals))
        out += [scaled(family["rows"][r.id], r.size) for r in book.family]
        out += [scaled(family["stress"], book.stress_size), between(family["happiness"], *HAPPINESS_LINE),
                between(family["balance"], *HAPPINESS_LINE), between(sum(family["chart"]["joy"]), *CHART),
                between(sum(family["chart"]["happiness"]), *CHART), scaled(len(family["children"]), CAP_CHILDREN)]
        shared = family["shared_goal"]
        out += one_hot(self.shared.get(shared, -1) if not isinstance(shared, bool) else -1, len(self.shared))
        return out


_MADE: Final[dict[str, tuple[NotationCodec, OurLifeObserver]]] = {}


def interface(book: Book) -> tuple[NotationCodec, OurLifeObserver]:
    """The numbering and observer for ``book`` (made once per data directory)."""
    if book.directory not in _MADE:
        _MADE[book.directory] = NotationCodec(notations(book), ENCODING_VERSION), OurLifeObserver(book)
    return _MADE[book.directory]


def interface_for(game: Any, options: Any) -> tuple[NotationCodec, OurLifeObserver]:
    """Our Life's numbering and observer for ``options`` (its book of sheets and cards)."""
    return interface(game.book(options))
