"""Our Life's cards and sheets in words, and the catalogue front ends draw from."""

from __future__ import annotations

from typing import Any

from vita.core.prompt import listing
from vita.core.state import Action
from vita.games.our_life.actions import (
    Choose,
    KeepGoal,
    KeepShared,
    Mark,
    Post,
)
from vita.games.our_life.cards import ROW_ACTIONS, SYMBOLS, Bonus, Book, PersonalGoal, Row, SharedGoal
from vita.games.our_life.rules.scoring import CATEGORY_NAMES
from vita.games.our_life.state import OurLifeState


def action_card_text(book: Book, card: int) -> str:
    """
    >>> from vita.games.our_life.cards import load_book
    >>> action_card_text(load_book(), 5)
    'Marathon training: health, health, health; 2 Stress dice'
    """
    action = book.actions[card]
    parts = [", ".join(SYMBOLS[a] for a in action.actions)]
    if action.relax:
        parts.append(f"{action.relax} Relaxation")
    if action.stress:
        parts.append(f"{action.stress} Stress dice")
    if action.opportunity:
        parts.append(f"{action.opportunity} Opportunity")
    return f"{action.title}: " + "; ".join(parts)


def personal_goal_text(book: Book, goal: PersonalGoal) -> str:
    """What a Personal Goal gives: Joy at the goal rounds' ends, by the squares counted.

    >>> from vita.games.our_life.cards import load_book
    >>> book = load_book()
    >>> personal_goal_text(book, book.personal_goals[201])
    'at the end of rounds 4, 7 and 10, by squares of Education and Creativity: 3+ → 2 Joy, 8+ → 7 Joy, 13+ → 12 Joy'
    """
    steps = ", ".join(f"{marks}+ → {joy} Joy" for marks, joy in goal.thresholds)
    rows = listing([book.rows[r].name if r in book.rows else r for r in goal.counts])
    return f"at the end of rounds {listing([str(r) for r in book.goal_rounds])}, by squares of {rows}: {steps}"


def shared_goal_text(shared: SharedGoal) -> str:
    """What a Shared Goal asks, and what falling short of it costs."""
    targets = ", ".join(f"{sections} section(s) of {row.name}" for row, sections in shared.targets)
    return f"finish {targets}; -{shared.penalty} per section short"


def _bonus(bonus: Bonus | None) -> str | None:
    return None if bonus is None else bonus.describe()


def row_layout(row: Row) -> dict[str, Any]:
    sections, start = [], 0
    for end in row.section_ends:
        sections.append(end - start)
        start = end
    return {
        "id": row.id, "name": row.name, "action": ROW_ACTIONS[row.action],
        "category": CATEGORY_NAMES[row.category] if row.category >= 0 else None,
        "sections": sections, "size": row.size,
        "points": {str(k): row.score_at[k] for k in range(1, row.size + 1) if row.score_at[k] != row.score_at[k - 1]},
        "bonuses": [_bonus(b) for b in row.bonuses], "romance": [_bonus(b) for b in row.romance_bonuses],
        "opportunities": {str(k + 1): SYMBOLS[s] for k, s in enumerate(row.opportunities) if s >= 0},
    }


def sheets(book: Book) -> dict[str, Any]:
    """The sheets' layout: rows, sections, icons, bonuses, tracks."""
    return {
        "character": [row_layout(r) for r in book.character],
        "family": [row_layout(r) for r in book.family],
        "columns": [{"rows": [book.character[i].id for i in rows], "bonuses": {str(k): b.describe()
                                                                                for k, b in bonuses.items()}}
                    for rows, bonuses in book.columns],
        "persona": {"length": book.persona_length, "bonuses": {str(k): b.describe()
                                                               for k, b in book.persona_bonuses.items()}},
        "opportunities": list(book.opportunity_points),
        "stress": {"green": book.stress_green, "white": book.stress_white,
                   "red": book.stress_size - book.stress_green - book.stress_white},
        "rounds": book.rounds, "goal_rounds": list(book.goal_rounds), "floor": book.happiness_floor,
    }


def catalogue(book: Book) -> dict[str, Any]:
    """Every card by number (its title and text), and ``sheets``: the sheets' layout."""
    out: dict[str, Any] = {"sheets": sheets(book)}
    for number in book.actions:
        action = book.actions[number]
        out[str(number)] = {"title": action.title, "text": action_card_text(book, number), "kind": "action",
                            "actions": [SYMBOLS[a] for a in action.actions], "relax": action.relax,
                            "stress": action.stress, "opportunity": action.opportunity}
    for goal in book.personal_goals.values():
        out[str(goal.id)] = {"title": goal.title, "kind": "personal goal",
                             "text": f"{goal.title}: {personal_goal_text(book, goal)}"}
    for shared in book.shared_goals.values():
        out[str(shared.id)] = {"title": shared.title, "kind": "shared goal",
                               "text": f"{shared.title}: {shared_goal_text(shared)}"}
    for child in book.children.values():
        out[str(child.id)] = {"title": child.title, "kind": "child", "squares": child.squares,
                              "action": SYMBOLS[child.action],
                              "text": f"{child.title}: {child.squares} {SYMBOLS[child.action]} to finish; then "
                                      f"{child.bonus.describe()}; unfinished -{child.penalty}"}
    for story in book.stories.values():
        out[str(story.id)] = {"title": story.title, "kind": "story", "text": f"{story.title}: {story.bonus.describe()}"}
    for vacation in book.vacations.values():
        first, second = (b.describe() for b in vacation.bonuses)
        out[str(vacation.id)] = {"title": vacation.title, "kind": "vacation", "bonuses": [first, second],
                                 "text": f"{vacation.title}: 1) {first} or 2) {second}"}
    for background in book.background.values():
        out[str(background.id)] = {"title": background.title, "kind": "background",
                                   "text": f"{background.title}: {book.character[background.row].name}, "
                                           f"and a {SYMBOLS[background.action]} row"}
    return out


def _markdown_row(row: Row) -> str:
    points = ", ".join(f"{k}: {row.score_at[k]}" for k in range(1, row.size + 1)
                       if row.score_at[k] != row.score_at[k - 1])
    bonuses = "; ".join(f"§{i + 1} {b.describe()}" for i, b in enumerate(row.bonuses) if b is not None)
    if row.romance_bonuses:
        bonuses += "; both partners: " + "; ".join(f"§{i + 1} {b.describe()}"
                                                   for i, b in enumerate(row.romance_bonuses) if b is not None)
    opps = ", ".join(f"{k + 1}: {SYMBOLS[s]}" for k, s in enumerate(row.opportunities) if s >= 0) or "—"
    sections = "+".join(str(b - a) for a, b in zip((0, *row.section_ends), row.section_ends, strict=False))
    return (f"| {row.name} (`{row.id}`) | {ROW_ACTIONS[row.action]} | {sections} | {points} | {bonuses or '—'} "
            f"| {opps} | {row.source} |")


def markdown_tables(book: Book) -> str:
    """The sheets and decks as the markdown tables of docs/games/our-life.md (a test keeps them equal)."""
    out = ["### Character sheet (per player)", "",
           "| row | marked by | sections | points (marks: points) | bonuses | Opportunities (square: paid with) "
           "| source |", "|---|---|---|---|---|---|---|"]
    out += [_markdown_row(r) for r in book.character]
    for rows, bonuses in book.columns:
        names = " and ".join(book.character[i].name for i in rows)
        out.append("")
        out.append(f"Columns of {names}: " + "; ".join(f"column {k}: {b.describe()}" for k, b in bonuses.items())
                   + " (the first printed, the rest designed).")
    out += ["", f"Digital Persona: two rows of {book.persona_length // 2}; bonuses on squares "
            + "; ".join(f"{k}: {b.describe()}" for k, b in book.persona_bonuses.items()) + " (designed).",
            "", "Opportunities track, the value of the leftmost square not crossed with 0, 1, ... crossed: "
            + ", ".join(str(p) for p in book.opportunity_points) + " (designed).", "",
            "### Family sheet (per couple or single)", "",
            "| row | marked by | sections | points (marks: points) | bonuses | Opportunities | source |",
            "|---|---|---|---|---|---|---|"]
    out += [_markdown_row(r) for r in book.family]
    red = book.stress_size - book.stress_green - book.stress_white
    out += ["", f"Stress track: green {book.stress_green}, white {book.stress_white}, red {red} (designed; 3 "
            f"marks at the start, printed); entering white or red {-book.section_change} Happiness, leaving "
            f"+{book.section_change} (printed); fully relaxed +{book.relaxed_joy} Joy per Relaxation (printed); "
            f"full, -{book.stressed_joy} Joy per mark (designed).",
            f"Stress die faces (stress icons): {', '.join(str(f) for f in book.stress_die)} (designed).", "",
            "### Action cards (designed)", ""]
    out += [f"- {number}. {action_card_text(book, number)}" for number in book.actions]
    out += ["", "### Background cards (designed)", ""]
    out += [f"- {c.id}. {c.title}: {book.character[c.row].name}, and a {SYMBOLS[c.action]} row"
            for c in book.background.values()]
    out += ["", "### Personal Goals (Joy at the end of rounds 4, 7 and 10)", ""]
    for goal in book.personal_goals.values():
        steps = ", ".join(f"{n}+: {j}" for n, j in goal.thresholds)
        out.append(f"- {goal.id}. {goal.title}: {', '.join(goal.counts)} — {steps} ({goal.source})")
    out += ["", "### Shared Goals", ""]
    for shared in book.shared_goals.values():
        targets = ", ".join(f"{s} section(s) of {row.name}" for row, s in shared.targets)
        out.append(f"- {shared.id}. {shared.title}: {targets}; -{shared.penalty} per section short ({shared.source})")
    out += ["", "### Children (designed)", ""]
    for child in book.children.values():
        deck = "couple" if child.couple else "single"
        out.append(f"- {child.id}. {child.title} ({deck}): {child.squares} {SYMBOLS[child.action]}; "
                   f"{child.bonus.describe()}; unfinished -{child.penalty}")
    out += ["", "### Post a Story (designed)", ""]
    out += [f"- {s.id}. {s.title}: {s.bonus.describe()}" for s in book.stories.values()]
    out += ["", "### Vacation (designed)", ""]
    out += [f"- {v.id}. {v.title}: {v.bonuses[0].describe()} or {v.bonuses[1].describe()}"
            for v in book.vacations.values()]
    return "\n".join(out)


def label(state: OurLifeState, action: Action) -> str:
    """A human wording: card titles beside their numbers."""
    book = state.book
    if isinstance(action, Choose) and action.slot < len(state.display):
        card = book.actions[state.display[action.slot]]
        return f"choose {card.title} ({', '.join(SYMBOLS[a] for a in card.actions)})"
    if isinstance(action, KeepGoal | KeepShared | Post):
        return f"{action} ({book.title(action.card)})"
    if isinstance(action, Mark) and action.row in book.rows:
        return str(action).replace(action.row, book.rows[action.row].name, 1)
    return str(action)
