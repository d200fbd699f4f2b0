"""Search bots for every game: information-set Monte Carlo tree search.

``ISMCTSBot`` is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 2012): each iteration deals the hidden cards again as
the searching seat may believe them (the game's :meth:`~vita.core.state.State.determinize`),
walks one tree of action sequences shared by all those deals, choosing among the actions legal
in that deal by UCB1 with availability counts, adds one node, plays the rest of the game at
random, and scores each node for the seat that chose its action (``Game.outcome``: +1 first
... -1 last). It answers with the most visited action at the root.

A bot's choice depends only on its seed, the move number and what its seat may see: each
decision's generator is seeded from the bot's seed and ``state.ply``, and the search starts
from deals of the seat's information set, never from the true hidden cards. A time budget
(``time=1s``) is for people: what it finds then depends on the machine.

By name: ``ismcts`` (500 iterations), ``ismcts:iters=2000``, ``ismcts:time=1s``,
``ismcts:iters=300:c=0.5``, ``ismcts:depth=10``, ``ismcts:top=3`` (only the root's three
actions the game's judgement likes best are searched), ``ismcts:playout=heuristic`` (the
playouts are played by the game's ``heuristic`` bot at every seat instead of at random, and
with ``top`` the root always keeps the action that bot would choose: the search then
improves on that bot's play, as a rollout of a base policy does, Tesauro and Galperin,
"On-line Policy Improvement using Monte-Carlo Search", NIPS 1996), and ``keep=Z`` with it
plays that bot's move unless another action's mean reward is higher by more than Z standard
errors (so noise alone never overrules it), and ``confirm=N`` with it has N more pairs of
playouts on fresh deals, both moves from the same deal and generator, decide whether the
search's choice really beats that bot's move (by more than ``keep`` standard errors of the
pairs' differences, where ``keep`` is given); ``tree=1`` grows no tree below the root's
actions (each iteration tries one of them and the playout bot plays on: with a small budget a
deeper tree meets the opponents' replies once each, in a random order, and so mostly judges a
move by the answers of a random player), and ``rounds=N`` stops each playout where the game's
round (``Game.round_of``) has advanced N times since the root, so that the judgement compares
positions at the same point of the game (``depth``, where given, still caps it), and
``halving=1`` races the root's actions by sequential halving on common deals instead of
growing a tree; ``vita.registry.make_bot`` reads the parameters; ``mcts`` takes the same and
sees every hidden card (:class:`MCTSBot`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from vita.core.bots import GENERIC_BOTS, Bot, BotFactory, decision_seed, restored
from vita.core.game import Game
from vita.core.rng import Rng
from vita.core.state import Action, State

DEFAULT_ITERATIONS: Final = 500
JUDGED_DEAL: Final = 7_777_777  # offsets the generator of the deal on which ``top=K`` judges the root's actions
CONFIRM_DEALS: Final = 3_333_333  # offsets the generator of the deals that confirm a move (``confirm=N``)
EXPLORATION: Final = 0.7  # UCB1's constant: rewards lie in [-1, 1]


def squashed_leads(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat, squashed by ``tanh`` to -1..+1: a game's
    judgement of a position (``Game.evaluate``) from its own measure of each seat.

    >>> [round(v, 3) for v in squashed_leads([10.0, 2.0, 4.0], 8.0)]
    [0.635, -0.762, -0.635]
    """
    return [math.tanh((mine - max(v for other, v in enumerate(values) if other != seat)) / scale)
            for seat, mine in enumerate(values)]


class _Node:
    __slots__ = ("available", "children", "mover", "outlook", "reward", "squares", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose action led here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0  # iterations in which this node's action was legal at its parent
        self.reward = 0.0  # the mover's total reward
        self.squares = 0.0  # the sum of its squares (how much the rewards spread)
        self.outlook: list[float] | None = None  # per seat, its outcomes summed as 0 (last) to 1 (first); studies only

    def record(self, outcome: Sequence[float]) -> None:
        """One more visit, scored for the seat whose action led here."""
        reward = outcome[self.mover]
        self.visits += 1
        self.reward += reward
        self.squares += reward * reward


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on the search
class ISMCTSBot:
    """Single-observer information-set MCTS with random playouts (see the module's notes)."""

    name = "ismcts"

    def __init__(self, game: Game[Any, Any], seed: int = 0, iters: int | None = None, time: float | None = None,
                 c: float = EXPLORATION, depth: int | None = None, top: int | None = None,
                 playout: str | None = None, keep: float | None = None, confirm: int | None = None,
                 tree: int | None = None, rounds: int | None = None, halving: int | None = None) -> None:
        if iters is not None and iters < 1:
            raise ValueError(f"iters must be at least 1, not {iters}")
        if time is not None and time <= 0:
            raise ValueError(f"time must be more than 0 seconds, not {time}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        if top is not None and top < 1:
            raise ValueError(f"top must be at least 1, not {top}")
        if keep is not None and (playout is None or keep < 0):
            raise ValueError("keep= needs a playout bot (playout=heuristic) and is 0 or more")
        if confirm is not None and (playout is None or confirm < 2):
            raise ValueError("confirm= needs a playout bot (playout=heuristic) and is at least 2")
        if tree is not None and tree < 1:
            raise ValueError(f"tree must be at least 1, not {tree}")
        if halving not in (None, 0, 1):
            raise ValueError(f"halving is 1 (on) or 0 (off), not {halving}")
        if rounds is not None and rounds < 1:
            raise ValueError(f"rounds must be at least 1, not {rounds}")
        if rounds is not None and type(game).round_of is Game.round_of:
            raise ValueError(f"rounds= needs a game with rounds, and {game.info.id} has none (use depth=)")
        policies: dict[str, BotFactory] = {**GENERIC_BOTS, **game.bots()}
        if playout is not None and playout not in policies:
            raise ValueError(f"playout={playout} is not a bot of this game (known: {', '.join(policies)})")
        self.game = game
        self.seed = seed
        self.iterations = iters if iters is not None else (None if time is not None else DEFAULT_ITERATIONS)
        self.seconds = time
        self.c = c
        self.depth = depth  # playout moves before scoring the position as it stands (None: to the end)
        # Playouts also stop where the game's round has advanced this many times since the root.
        self.rounds = rounds
        self.tree = tree  # how many actions deep the tree grows (None: as deep as the iterations take it)
        # Compare the root's actions by sequential halving on common deals instead of growing a tree.
        self.halving = bool(halving)
        self.top = top  # search only the root's actions the game's judgement ranks among its best few
        # The bot that plays the playouts at every seat (None: uniformly random moves).
        self.playout: BotFactory | None = policies[playout] if playout is not None else None
        # The root keeps the playout bot's own move unless another's mean reward is higher by
        # more than this many standard errors of the difference (None: the most visited wins).
        self.keep = keep
        # Where the search's choice is not the playout bot's move: this many more pairs of
        # playouts, both moves from the same deal and generator, decide between them.
        self.confirm = confirm

    # What a search bot is, beside its game: given back after it is made again (pickle).
    _KEPT = ("name", "seed", "iterations", "seconds", "c", "depth", "rounds", "tree", "halving", "top", "playout",
             "keep", "confirm")

    def __reduce__(self) -> tuple[Any, ...]:
        return restored, (type(self), (self.game,), {name: getattr(self, name) for name in self._KEPT})

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        root, own = self._search(state, seat)
        return self._decide(state, seat, legal, root, own)

    def _decide(self, state: State, seat: int, legal: list[Action], root: _Node, own: Action | None) -> Action:
        """The action played after a search: the most visited, unless the playout bot's own
        move ``own`` stands against it (``confirm``, ``keep``)."""
        children = root.children

        def rank(action: Action) -> tuple[int, float]:
            child = children.get(action)
            return (-1, 0.0) if child is None else (child.visits, child.reward)

        best = max(legal, key=rank)
        if own is None or own == best:
            return best
        if self.confirm is not None:
            return best if self._confirmed(state, seat, best, own) else own
        if self.keep is not None and own in children and not _clearly_better(children[best], children[own], self.keep):
            return own
        return best

    def _confirmed(self, state: State, seat: int, best: Action, own: Action) -> bool:
        """Whether ``best`` beats ``own``, the playout bot's move, over ``confirm`` fresh
        pairs of playouts: each pair plays both moves from one fresh deal with one generator
        (:meth:`_on_one_deal`), and ``best`` must lead by more than ``keep`` standard errors of the pairs' differences
        (by anything where ``keep`` is not given). Fresh deals, not the search's own rewards,
        judge: the search's most visited action is the winner of many noisy comparisons, so
        its own mean flatters it."""
        assert self.confirm is not None
        rng = Rng(decision_seed(self.seed, state.ply, CONFIRM_DEALS))
        base = state.clone()
        base.log = None
        until = self._until(base)
        differences = []
        for _ in range(self.confirm):
            ours, theirs = self._on_one_deal(base, seat, (best, own), rng, until)
            differences.append(ours[seat] - theirs[seat])
        return paired_lead(differences) > (self.keep or 0.0)

    def _on_one_deal(self, base: State, seat: int, actions: Sequence[Action], rng: Rng,
                     until: int | None) -> list[list[float]]:
        """Each of ``actions`` played out from one fresh deal of the seat's information set, all
        with one generator (common random numbers: the dice, draws and playout bots after two
        moves are the same wherever the moves leave them so, so a difference between their
        outcomes comes from the moves, not from the luck of the deal): each one's outcome."""
        world = self.deal(base, seat, rng)
        seed = rng.next_u64()
        outcomes = []
        for action in actions:
            after = world.clone()
            after.apply_trusted(seat, action)
            outcomes.append(self._playout(after, Rng(seed), until))
        return outcomes

    def values(self, state: State, seat: int) -> dict[str, tuple[int, float]]:
        """Each legal action's visits and mean reward for ``seat`` (+1 first ... -1 last) after a
        search: what the analysis of a game shows."""
        root = self.search(state, seat)
        return {str(action): (child.visits, child.reward / child.visits)
                for action, child in root.children.items() if child.visits}

    def study(self, state: State, seat: int) -> tuple[list[float], dict[str, tuple[int, float, list[float]]], str]:
        """What the analysis of a decision shows: each seat's outlook before the move, from 0
        (surely last) to 1 (surely first), the mean of its outcomes over the search's playouts
        (in a two-player game, its chance to win; a playout stopped early counts the game's
        judgement), for each action tried its visits, mean reward for ``seat`` and each
        seat's outlook after it, and the action the bot would play (what :meth:`choose`
        answers: the same search, then ``confirm`` or ``keep`` where the bot has them)."""
        root, own = self._search(state, seat, chances=True)
        assert root.outlook is not None
        done = max(1, sum(child.visits for child in root.children.values()))
        actions = {str(action): (child.visits, child.reward / child.visits,
                                 [o / child.visits for o in child.outlook or []])
                   for action, child in root.children.items() if child.visits}
        choice = self._decide(state, seat, state.legal_actions(seat), root, own)
        return [o / done for o in root.outlook], actions, str(choice)

    def search(self, state: State, seat: int, *, chances: bool = False) -> _Node:
        """The search tree grown from ``state`` for ``seat`` within the budget (``chances``: and
        every seat's outlook, at the root and its children)."""
        return self._search(state, seat, chances=chances)[0]

    def _search(self, state: State, seat: int, *, chances: bool = False) -> tuple[_Node, Action | None]:
        """The search tree, and the playout bot's own move at the root where the search
        weighs it (``top``, ``keep`` or ``confirm`` with a playout bot; else None)."""
        rng = Rng(decision_seed(self.seed, state.ply))
        base = state.clone()
        base.log = None  # the deals tell nobody anything: no log to copy or write
        root = _Node(seat)
        if chances:
            root.outlook = [0.0] * state.num_players
        own = None
        if self.playout is not None and (self.top is not None or self.keep is not None or self.confirm is not None):
            own = self._playout_move(self._judged_deal(base, seat), seat)
        allowed = self._best_at_root(base, seat, own) if self.top is not None else None
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        until = self._until(base)
        if self.halving:
            self._halve(root, base, seat, rng, allowed, until, deadline)
            return root, own
        done = 0
        while (self.iterations is None or done < self.iterations) and time.perf_counter() < deadline:
            self._iterate(root, self.deal(base, seat, rng), rng, allowed, until)
            done += 1
        return root, own

    def _halve(self, root: _Node, base: State, seat: int, rng: Rng, allowed: set[Action] | None,
               until: int | None, deadline: float) -> None:
        """``halving=1``: the root's actions (``allowed``, else all) compared by sequential
        halving (Karnin, Koren and Somekh, "Almost Optimal Exploration in Multi-Armed Bandits",
        ICML 2013): the budget is shared out over ⌈log2 K⌉ phases; in each, every action still
        in the race is played out on the same fresh deals (:meth:`_on_one_deal`), and the
        better half by mean reward goes on. The survivors have the most visits, so the most
        visited action is the winner."""
        children = root.children
        remaining = [action for action in base.legal_actions(seat) if allowed is None or action in allowed]
        if not remaining:
            return
        for action in remaining:
            children[action] = _Node(seat)
        phases = max(1, math.ceil(math.log2(len(remaining))))
        spent = 0
        for phase in range(phases):
            now = time.perf_counter()
            stop = now + (deadline - now) / (phases - phase) if deadline < math.inf else math.inf
            deals = math.inf if self.iterations is None else max(
                1, (self.iterations - spent) // (phases - phase) // len(remaining))
            done = 0
            while done < deals and (done == 0 or time.perf_counter() < stop):
                for action, outcome in zip(remaining, self._on_one_deal(base, seat, remaining, rng, until),
                                           strict=True):
                    child = children[action]
                    child.record(outcome)
                    child.available += 1
                    if root.outlook is not None:
                        _add_outlook(root, outcome)
                        _add_outlook(child, outcome)
                done += 1
            spent += done * len(remaining)
            remaining.sort(key=lambda action: children[action].reward / children[action].visits, reverse=True)
            remaining = remaining[:math.ceil(len(remaining) / 2)]

    def deal(self, state: State, seat: int, rng: Rng) -> State:
        """A position the seat may believe it is in: its information set dealt again."""
        return state.determinize(seat, rng)

    def _best_at_root(self, base: State, seat: int, own: Action | None) -> set[Action] | None:
        """With ``top=K``: the K legal actions whose result the game's judgement
        (``Game.evaluate``) likes best for ``seat``, each tried on one deal of the seat's
        information set (its own generator: the search's deals are the same with or without
        it), and ``own``, the playout bot's move (the root keeps the move of the bot the
        search improves on). ``None`` (search them all) where the game has no judgement."""
        assert self.top is not None
        legal = base.legal_actions(seat)
        if len(legal) <= self.top:
            return None
        world = self._judged_deal(base, seat)
        kept: set[Action] = set() if own is None else {own}
        scored = []
        for index, action in enumerate(legal):
            after = world.clone()
            after.apply_trusted(seat, action)
            judged = self.game.outcome(after) if after.is_over() else self.game.evaluate(after)
            if judged is None:
                return None
            scored.append((-judged[seat], index))
        scored.sort()
        return kept | {legal[index] for _, index in scored[:self.top]}

    def _judged_deal(self, base: State, seat: int) -> State:
        """The one deal of the seat's information set on which the root's actions are judged
        (a generator of its own: the search's deals are the same with or without it)."""
        return self.deal(base, seat, Rng(decision_seed(self.seed, base.ply, JUDGED_DEAL)))

    def _playout_move(self, world: State, seat: int) -> Action:
        """What the playout bot would play for ``seat`` in ``world``."""
        assert self.playout is not None
        return self.playout(decision_seed(self.seed, world.ply, JUDGED_DEAL)).choose(world.clone(), seat)

    def _until(self, root: State) -> int | None:
        """The round at which a playout from ``root``'s search stops (``rounds=N``; else None)."""
        if self.rounds is None:
            return None
        start = self.game.round_of(root)
        assert start is not None
        return start + self.rounds

    def _iterate(self, root: _Node, deal: State, rng: Rng, allowed: set[Action] | None = None,
                 until: int | None = None) -> None:
        """One iteration from a deal; ``allowed``: the only actions searched at the root;
        ``until``: the round at which the playout stops."""
        node = root
        path: list[_Node] = []
        while not deal.is_over() and (self.tree is None or len(path) < self.tree):  # selection and expansion
            mover = deal.to_move()[0]
            legal = deal.legal_actions(mover)
            if node is root and allowed is not None:
                legal = [action for action in legal if action in allowed] or legal
            children = node.children  # by action: equal actions of different deals are one child
            untried = []
            for index, action in enumerate(legal):
                child = children.get(action)
                if child is None:
                    untried.append(index)
                else:
                    child.available += 1
            if untried:
                index = untried[rng.below(len(untried))]
                child = children[legal[index]] = _Node(mover)
                child.available = 1
                deal.apply_trusted(mover, legal[index])
                path.append(child)
                break
            index = max(range(len(legal)), key=lambda i: self._ucb(children[legal[i]]))
            node = children[legal[index]]
            deal.apply_trusted(mover, legal[index])
            path.append(node)
        outcome = self._playout(deal, rng, until)
        for visited in path:
            visited.record(outcome)
        if root.outlook is not None:
            _add_outlook(root, outcome)
            if path:
                _add_outlook(path[0], outcome)

    def _playout(self, deal: State, rng: Rng, until: int | None = None) -> list[float]:
        """Play on from ``deal`` (changing it) and score the end: each seat's outcome, or, stopped
        at the depth or at round ``until``, the game's own judgement of the position (else the
        places as the scores stand)."""
        played = 0
        bots: dict[int, Bot] = {}  # the playout's bot of each seat, made when it first moves
        while not deal.is_over() and (self.depth is None or played < self.depth) and (
                until is None or self._before(deal, until)):
            mover = deal.to_move()[0]
            if self.playout is None:
                legal = deal.legal_actions(mover)
                deal.apply_trusted(mover, legal[rng.below(len(legal))])
            else:
                bot = bots.get(mover)
                if bot is None:
                    bot = bots[mover] = self.playout(rng.below(1 << 62))
                deal.apply_trusted(mover, bot.choose(deal, mover))
            played += 1
        outcome = None if deal.is_over() else self.game.evaluate(deal)
        return self.game.outcome(deal) if outcome is None else outcome

    def _before(self, deal: State, until: int) -> bool:
        """Whether ``deal`` is still before round ``until`` (a game without rounds always is)."""
        reached = self.game.round_of(deal)
        return reached is None or reached < until

    def _ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.c * math.sqrt(math.log(node.available) / node.visits)


def _clearly_better(best: _Node, own: _Node, margin: float) -> bool:
    """Whether ``best``'s mean reward beats ``own``'s by more than ``margin`` standard errors
    of the difference (each mean's error from its rewards' spread and visits)."""
    if not own.visits:  # never tried (``best``, the most visited, has at least as many)
        return True
    means = best.reward / best.visits, own.reward / own.visits
    spread = sum(max(0.0, node.squares / node.visits - mean * mean) / node.visits
                 for node, mean in ((best, means[0]), (own, means[1])))
    return means[0] - means[1] > margin * math.sqrt(spread)


def paired_lead(differences: Sequence[float]) -> float:
    """The mean of paired differences in standard errors of that mean (0 when they are all
    equal: no evidence either way; infinite when they are all the same positive number).

    >>> round(paired_lead([0.2, 0.4, 0.0, 0.2]), 3)
    2.449
    >>> paired_lead([0.0, 0.0]), paired_lead([0.5, 0.5])
    (0.0, inf)
    """
    count = len(differences)
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
    if spread == 0.0:
        return 0.0 if mean <= 0.0 else math.inf
    return mean / math.sqrt(spread / count)


def _add_outlook(node: _Node, outcome: list[float]) -> None:
    if node.outlook is None:
        node.outlook = [0.0] * len(outcome)
    for seat, value in enumerate(outcome):
        node.outlook[seat] += (value + 1.0) / 2.0


class MCTSBot(ISMCTSBot):
    """The same search over positions that keep every hidden card where it is and re-sample
    only what chance has not decided (``State.resample_chance``: the order of the piles still
    to be drawn): it sees every hand. A yardstick for tests and balance runs (how close honest
    search comes to cheating search), never an opponent for people."""

    name = "mcts"

    def deal(self, state: State, seat: int, rng: Rng) -> State:
        return state.resample_chance(rng)


def parse_parameters(text: str) -> dict[str, Any]:
    """``iters=2000:time=1s:c=0.5`` as keyword arguments; :class:`ValueError` says what is wrong.

    >>> parse_parameters("iters=2000:time=1.5s")
    {'iters': 2000, 'time': 1.5}
    """
    found: dict[str, Any] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep or not value:
            raise ValueError(f"a bot parameter is written key=value, not {part!r}")
        try:
            if key == "iters":
                found[key] = int(value)
            elif key == "time":
                found[key] = float(value.removesuffix("s"))
            elif key == "c":
                found[key] = float(value)
            elif key in ("depth", "top", "confirm", "tree", "rounds", "halving"):
                found[key] = int(value)
            elif key == "playout":
                found[key] = value
            elif key in ("mistakes", "keep"):
                found[key] = float(value)
            else:
                known = "iters, time, c, depth, top, playout, keep, confirm, tree, rounds, halving, mistakes"
                raise ValueError(f"unknown bot parameter {key!r} (known: {known})")
        except ValueError as error:
            if "unknown bot parameter" in str(error):
                raise
            raise ValueError(f"bot parameter {key}={value!r} is not a number") from None
    return found
