"""The Story variant: invitations and stories told as life events happen ("Story Variant",
"Invitation cards"). Flavour only: a line in the log, no effect on the rules."""

from __future__ import annotations

from vita.games.our_life.state import OurLifeState


def tell(state: OurLifeState, event: str, **fields: str) -> None:
    """Log the invitation text for ``event`` (when the variant is on and the data has one)."""
    if not state.story_variant:
        return
    text = state.book.invitations.get(event)
    if text is None:
        return
    try:
        state.say("Invitation: " + text.format(**fields))
    except (KeyError, IndexError, ValueError):  # a hand-written text naming a field we lack
        state.say("Invitation: " + text)
