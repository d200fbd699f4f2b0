"""The card data: full decks, the values the rulebook prints, validation with clear errors."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from vita.core import Rng
from vita.games.pursuit import GAME
from vita.games.pursuit.cards import DATA_DIR, Amount, Deck, check_directory, load_deck


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def test_full_decks(deck: Deck) -> None:
    assert len(deck.projects) == 60
    assert Counter(c.kind for c in deck.projects) == {"basic": 34, "single-round": 16, "group": 10}
    assert len(deck.items) == 60
    assert Counter(c.kind for c in deck.items) == {"item": 30, "activity": 30}
    assert len(deck.jobs) == 18
    assert Counter((c.job_type, c.job_level) for c in deck.jobs) == {
        (t, lv): 2 for t in ("science", "art", "social") for lv in (1, 2, 3)}
    assert all(len(c.names) == 2 for c in deck.jobs)
    assert len(deck.partners) == 12 and all(len(c.names) == 2 for c in deck.partners)
    assert len(deck.life_goals) == 10 and all(g.solo.text for g in deck.life_goals)
    assert len(deck.traits) == 10


def test_every_card_says_where_its_values_come_from() -> None:
    for filename in ("projects.yaml", "items.yaml", "jobs.yaml", "partners.yaml"):
        for card in yaml.safe_load((DATA_DIR / filename).read_text()):
            assert card["source"] in ("rulebook", "designed", "mixed"), card["id"]
            if card["source"] != "designed":
                assert card.get("note"), f"{card['id']}: say which values are printed"


PRINTED = [
    # (card, level or role index, cost, reward) as printed in the rulebook's examples.
    ("act-in-play", 0, {"influence": 1}, {"creativity": 2}),
    ("learn-cooking", 2, {"knowledge": 3}, {"creativity": 2, "lth": 2}),
    ("singing-festival", 2, {"knowledge": 2, "creativity": 5}, {"money": 1, "lth": 4}),
    ("magazine", 0, {"knowledge": 3, "creativity": 2}, {"lth": 1, "influence": 3}),
    ("magazine", 1, {"knowledge": 3, "influence": 2}, {"lth": 2}),
    ("magazine", 2, {"creativity": 3, "influence": 2}, {"lth": 2}),
    ("car", 1, {"money": 4}, {"influence": 1, "sth": 1, "lth": 2}),
    ("concert", 0, {"money": 1}, {"creativity": 2, "sth": 1}),
    ("boardgame-collection", 2, {"money": 6}, {"knowledge": 4, "creativity": 5, "lth": 1}),
]


@pytest.mark.parametrize(("card", "index", "cost", "reward"), PRINTED)
def test_printed_values(
    deck: Deck, card: str, index: int, cost: dict[str, int], reward: dict[str, int]
) -> None:
    step = deck.card(card).steps[index]
    assert step.cost == Amount.of_dict(cost)
    assert step.reward == Amount.of_dict(reward)


def test_printed_values_beyond_costs_and_rewards(deck: Deck) -> None:
    magazine = deck.card("magazine")
    assert magazine.additional[:3] == (Amount.of_dict({"money": 1}), Amount.of_dict({"lth": 1}),
                                       Amount.of_dict({"influence": 2}))
    assert [s.name for s in magazine.steps[:3]] == ["Writer", "Editor", "Photographer"]
    car = deck.card("car").steps[1]
    assert car.name == "Family Car"
    assert (car.upkeep_cost, car.upkeep_reward) == (Amount.of_dict({"money": 3}), Amount.of_dict({"lth": 1}))
    collection = deck.card("boardgame-collection")
    assert [collection.steps[0].name, collection.steps[2].name] == ["Shelf", "Room"]
    assert collection.steps[2].upkeep_cost == Amount.of_dict({"money": 3})
    assert collection.steps[2].upkeep_reward == Amount.of_dict({"lth": 1})
    assert deck.card("concert").steps[0].name == "Local Band"
    assert deck.card("healthy-eating").steps[3].reward.good_health == 1
    library = deck.card("library").steps
    assert any(s.upkeep_cost == Amount.of_dict({"money": 3})
               and s.upkeep_reward == Amount.of_dict({"knowledge": 3}) for s in library)
    job = deck.card("event-coordinator")
    assert job.names == ("Event Coordinator", "Civil Servant") and deck.card("civil-servant") is job
    assert (job.job_type, job.job_level) == ("social", 1)
    assert job.hire is not None and job.promotion is not None
    assert job.hire.cost == Amount.of_dict({"influence": 4})
    assert job.hire.reward == Amount.of_dict({"money": 6})
    assert job.upkeep_cost == Amount.of_dict({"hourglass": 1, "influence": 2})
    assert job.upkeep_reward == Amount.of_dict({"money": 6})
    assert job.promotion.cost == Amount.of_dict({"knowledge": 2, "influence": 4})
    assert job.promotion.reward == Amount.of_dict({"money": 3, "lth": 3})
    hr = deck.card("hr-executive")
    assert (hr.job_type, hr.job_level, hr.upkeep_reward) == ("social", 2, Amount.of_dict({"money": 11}))
    martha = deck.card("martha")
    assert martha.steps[0].reward == Amount.of_dict({"knowledge": 1, "creativity": 2})
    assert martha.steps[1].name == "Relationship"
    assert martha.steps[1].requires == (0, 0, 5, 0)
    assert martha.steps[1].reward == Amount.of_dict({"knowledge": 1, "creativity": 2, "sth": 1})
    assert martha.upkeep_cost == Amount.of_dict({"hourglass": 1})
    assert martha.upkeep_reward == Amount.of_dict({"knowledge": 1, "creativity": 2, "sth": 1})


def test_good_health_is_rare_but_there(deck: Deck) -> None:
    sources = [c.id for c in deck.cards if any(s.reward.good_health for s in c.steps)]
    assert 5 <= len(sources) <= 16, sources


def test_the_builtin_deck_is_valid() -> None:
    assert check_directory(DATA_DIR) == []


def _copy_deck(tmp_path: Path) -> Path:
    target = tmp_path / "deck"
    shutil.copytree(DATA_DIR, target)
    return target


def test_cards_check_names_file_card_and_field(tmp_path: Path) -> None:
    target = _copy_deck(tmp_path)
    projects = yaml.safe_load((target / "projects.yaml").read_text())
    projects[0]["levels"][1]["cost"]["knowledge"] = -2
    projects[1]["kind"] = "epic"
    del projects[3]["levels"][3]  # a designed card (a mixed one would also lose a printed value)
    (target / "projects.yaml").write_text(yaml.safe_dump(projects))
    jobs = yaml.safe_load((target / "jobs.yaml").read_text())
    jobs[0]["names"] = ["Only One"]
    (target / "jobs.yaml").write_text(yaml.safe_dump(jobs))
    problems = check_directory(target)
    text = "\n".join(problems)
    assert "projects.yaml: card 1 (act-in-play): levels.1.cost.knowledge" in text
    assert "projects.yaml: card 2 (learn-cooking): kind" in text
    assert "card 4 (learn-an-instrument)" in text and "4 levels" in text
    assert "jobs.yaml: card 1 (event-coordinator): names" in text
    assert len(problems) >= 4


def test_cards_check_reports_missing_files_and_bad_yaml(tmp_path: Path) -> None:
    target = _copy_deck(tmp_path)
    (target / "partners.yaml").unlink()
    (target / "items.yaml").write_text("- id: [unclosed\n")
    problems = "\n".join(check_directory(target))
    assert "partners.yaml: missing file" in problems
    assert "items.yaml: not valid YAML" in problems


def test_a_users_deck_is_played(tmp_path: Path) -> None:
    target = _copy_deck(tmp_path)
    projects = yaml.safe_load((target / "projects.yaml").read_text())
    projects[0]["levels"][0]["reward"] = {"creativity": 5}
    (target / "projects.yaml").write_text(yaml.safe_dump(projects))
    deck = load_deck(target)
    assert deck.card("act-in-play").steps[0].reward == Amount.of_dict({"creativity": 5})
    assert deck.fingerprint != load_deck().fingerprint
    state = GAME.new(seed=3, players=2, cards=str(target))
    assert state.deck is deck
    rng = Rng(1)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    loaded = GAME.state_from_json(state.to_json())
    assert loaded.deck is deck


def test_the_stress_track_reads_each_position_from_its_section() -> None:
    """"Stress Track": a position's section (colour) and the hourglasses it gives or takes
    are its section's in the board data; past either end there is no section."""
    track = load_deck().stress
    for index, (_, low, high, hourglasses) in enumerate(track.sections):
        for position in range(low, high + 1):
            assert track.section_of(position) == index and track.hourglasses_at(position) == hourglasses
    for off in (track.first - 1, track.last + 1):
        with pytest.raises(ValueError, match="off the track"):
            track.hourglasses_at(off)
