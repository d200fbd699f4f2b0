"""The Community expansion's data: the values the rulebook prints, the Popularity track's shape,
and refusals of a broken file (the rules are in test_community.py and the conformance cases)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from vita.games.pursuit.community_cards import COMMUNITY_DIR, load_community, validate


def test_the_popularity_track_as_printed() -> None:
    scores = load_community().popularity
    # "the first 3 spaces on the Popularity track after the starting position correspond to a
    # Popularity score of 1"; "If you have a Popularity score of 5 ..."
    assert scores[:4] == (0, 1, 1, 1) and max(scores) == 5


def test_the_cards_the_rulebook_names_keep_its_values() -> None:
    community = load_community()
    card = {c.id: c for c in community.cards}
    party = card["organize-a-party"]
    # "pays 2 Creativity and 1 Coin, the card's Engage cost. She then gets 1 STH and 1 Popularity"
    assert party.engage_cost == (0, 2, 0, 1) and party.engage_reward.sth == 1 and party.engage_reward.popularity == 1
    assert not party.multiple                                     # "only one player may Engage in it"
    assert party.outcomes[0].name == "Just a Few Friends" and party.outcomes[0].cost == (0, 0, 0, 0)
    assert party.outcomes[0].reward.res == (0, 0, 1, 0)           # "gets her only 1 Influence"
    fair = card["renaissance-fair"]
    assert fair.multiple and fair.engage_cost == (0, 0, 0, 1)     # "paying 1 Coin for the cost"
    knight, battle = fair.outcomes[1], fair.outcomes[2]
    assert (knight.name, knight.cost, knight.reward.res, knight.reward.popularity, knight.reward.lth) == (
        "Dressed as a Knight", (2, 1, 0, 0), (0, 0, 3, 0), 1, 1)
    assert (battle.name, battle.cost, battle.reward.res, battle.reward.popularity, battle.reward.lth) == (
        "Re-enacted a Battle", (2, 0, 3, 0), (0, 4, 0, 0), 2, 1)
    present = card["safety-seminar"].outcomes[2]
    assert (present.name, present.cost, present.reward.popularity, present.reward.lth) == (
        "Present", (5, 0, 0, 0), 2, 2)
    assert card["romantic-getaway"].requires == card["meet-the-parents"].requires == "partner"
    assert card["big-project-at-work"].requires == card["office-party"].requires == "job"
    assert card["blind-date"].requires == "no-partner" and card["blind-date"].outcomes[2].special == "blind-date"
    assert card["black-friday"].special == "black-friday"
    assert card["new-family-next-door"].outcomes[1].most == "popularity"
    assert card["pumpkin-contest"].outcomes[1].most and card["pumpkin-contest"].outcomes[2].most
    assert {c.id for c in community.cards if c.needs_most} == {"new-family-next-door", "pumpkin-contest"}


def test_a_broken_file_names_its_problems(tmp_path: Path) -> None:
    shutil.copytree(COMMUNITY_DIR, tmp_path / "c")
    data = yaml.safe_load((tmp_path / "c" / "community.yaml").read_text())
    data["popularity"]["scores"] = [0, 1, 2, 3, 4, 5]          # the first 3 spaces must score 1
    data["cards"][0]["outcomes"] = data["cards"][0]["outcomes"][:2]
    data["cards"][1]["id"] = data["cards"][2]["id"]
    (tmp_path / "c" / "community.yaml").write_text(yaml.safe_dump(data))
    _, problems = validate(tmp_path / "c")
    assert any("popularity" in p and "score 1" in p for p in problems)
    first = data["cards"][0]["id"]
    assert any(p.startswith(f"community.yaml: card 1 ({first}): outcomes: ") for p in problems), problems


def test_the_doc_lists_every_community_card_and_added_card() -> None:
    """docs/games/pursuit.md names each Community card (with its id) and each added card."""
    from vita.games.pursuit.cards import load_deck

    doc = (Path(__file__).parents[3] / "docs" / "games" / "pursuit.md").read_text()
    for card in load_community().cards:
        assert f"(`{card.id}`)" in doc, card.id
    base, expanded = load_deck(), load_deck(expansion="community")
    for card in expanded.cards:
        if card.id not in base.by_id:
            assert card.name in doc, card.name
    for goal in expanded.life_goals[len(base.life_goals):]:
        assert goal.name in doc
    for trait in expanded.traits[len(base.traits):]:
        assert trait.name in doc
