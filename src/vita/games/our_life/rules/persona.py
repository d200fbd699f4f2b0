"""The Digital Persona and Post a Story ("Digital Persona Track", "Post a Story").

A Like marks the next square of the Digital Persona (two rows, the top one first); a square
with a bonus gives it at once; when both rows are full they are erased and marking starts
again ("The Digital Persona Track is infinite"). The Post a Story square draws two Post a
Story cards: the poster keeps one, the other goes back on top; the poster gains its bonus,
then one player of each other family may Like it to gain the bonus too, and the poster gains a
Like per liker. The card then goes back into the deck, which is shuffled.
"""

from __future__ import annotations

from vita.games.our_life.actions import LikeStory, Pass, Post
from vita.games.our_life.rules import bonuses
from vita.games.our_life.rules.story import tell
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import POST, STORY


def like(state: OurLifeState, seat: int, count: int = 1) -> None:
    """``seat`` gains ``count`` Likes: each marks the Digital Persona."""
    book = state.book
    for _ in range(count):
        state.likes[seat] += 1
        state.persona[seat] += 1
        square = state.persona[seat]
        if square == book.persona_length:
            state.persona[seat] = 0
            state.say(f"{state.name(seat)}'s Digital Persona is full: erased, marking starts again")
        bonus = book.persona_bonuses.get(square)
        if bonus is not None:
            bonuses.gain(state, seat, bonus, f"Digital Persona square {square}")


def post(state: OurLifeState, seat: int) -> None:
    """Draw two Post a Story cards for ``seat`` to choose from."""
    deck = state.story_deck
    count = min(2, len(deck))
    drawn = [deck[-1 - i] for i in range(count)]
    state.story_deck = deck[:len(deck) - count]
    if not drawn:
        state.say(f"{state.name(seat)} has no Post a Story card to draw")
        return
    state.prompts.append((POST, seat, *drawn))
    state.say(f"{state.name(seat)} draws Post a Story cards")


def choose_story(state: OurLifeState, seat: int, action: Post) -> None:
    """The poster keeps the card posted; the other goes back on top; likes are asked round the table."""
    card = action.card
    prompt = state.prompts[0]
    state.story_deck += tuple(other for other in prompt[2:] if other != card)
    askers = tuple(s for s in range(state.num_players) if state.family_of[s] != state.family_of[seat])
    if askers:
        state.prompts[0] = (STORY, seat, card, askers, 0)
    else:
        state.prompts.pop(0)
    story = state.book.stories[card]
    state.say(f"{state.name(seat)} posts a story: {story.title}")
    tell(state, "story", name=state.name(seat), story=story.title)
    bonuses.gain(state, seat, story.bonus, f"the story {story.title}")
    if not askers:
        _end_story(state, seat, card, 0)


def answer(state: OurLifeState, seat: int, action: LikeStory | Pass) -> None:
    """``seat`` Likes the story (gaining its bonus) or passes; only one partner of a couple may."""
    likes_it = isinstance(action, LikeStory)
    _, poster, card, askers, likers = state.prompts[0]
    left = tuple(s for s in askers if s != seat and (not likes_it or s != state.partner[seat]))
    likers += likes_it
    if left:
        state.prompts[0] = (STORY, poster, card, left, likers)
    else:
        state.prompts.pop(0)
    story = state.book.stories[card]
    if likes_it:
        state.say(f"{state.name(seat)} likes {state.name(poster)}'s story")
        bonuses.gain(state, seat, story.bonus, f"the story {story.title}")
    if not left:
        _end_story(state, poster, card, likers)


def _end_story(state: OurLifeState, poster: int, card: int, likers: int) -> None:
    state.story_deck = state.rng.shuffled((*state.story_deck, card))
    if likers:
        like(state, poster, likers)
