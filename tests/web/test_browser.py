"""End to end in headless Chromium (Debian's package, driven by Playwright): two people in two
browser contexts play a whole game; a reload and a server restart mid-game; a spectator who
cannot see a hand; the hot seat's hand-over screen."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import HTTP, Server

from vita.web.bots import BotPool

# Whole games and pages in a real browser: part of the full run, not of the edit loop.
pytestmark = pytest.mark.slow

CHROMIUM = os.environ.get("VITA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def require_browser() -> None:
    if not Path(CHROMIUM).exists() or (shutil.which("node") is None and False):
        message = f"no Chromium at {CHROMIUM} (Debian's chromium package)"
        if os.environ.get("VITA_REQUIRE_BROWSER") == "1":
            pytest.fail(f"a browser is required (VITA_REQUIRE_BROWSER=1): {message}")
        pytest.skip(message)


@pytest.fixture
def server(tmp_path: Path, bot_pool: BotPool) -> Iterator[Server]:
    require_browser()
    running = Server(str(tmp_path / "e2e.sqlite"), bot_pool)
    running.start()
    yield running
    if running.server is not None and not running.server.should_exit:
        running.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def table(server: Server, game: str = "pursuit-cards", seed: int = 11) -> dict[str, Any]:
    data: dict[str, Any] = server.api("POST", "/api/tables", json={
        "game": game, "seed": seed, "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    return data


def public(server: Server, table_id: str) -> dict[str, Any]:
    data: dict[str, Any] = server.api("GET", f"/api/tables/{table_id}/view")
    return data


def play_one(page: Any, seq: int) -> None:
    """On the page of the seat to act, at move ``seq``: click the first choice offered."""
    page.wait_for_selector(f'#app[data-seq="{seq}"]', timeout=30_000)  # room for a loaded CI machine
    for _ in range(10):
        choice = page.locator("#actions button.choice")
        if choice.count():
            choice.first.click()
            return
        page.locator("#actions .words button").first.click()
    raise AssertionError("no choice could be reached")


def unfold(page: Any) -> None:
    """On a phone, open the docked list of choices (it starts folded to one line)."""
    folded = page.locator('#actions .dock-toggle[aria-expanded="false"]')
    if folded.count():
        folded.click()
        page.wait_for_selector('#actions .dock-toggle[aria-expanded="true"]')


def wait_past(server: Server, table_id: str, seq: int) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = public(server, table_id)
        if state["seq"] > seq:
            return state
        time.sleep(0.03)
    raise AssertionError(f"the game did not move past {seq}")


# What no card, space, die or pile stands for, offered in the bar above the table: the only
# kinds of action each game may leave there.
BAR_KINDS = {"pursuit": {"done", "retire"}, "pursuit-cards": {"pass"},
             "cv": {"stop", "done", "magician", "trip", "no-assist"}, "our-life": {"pass", "done", "skip"}}


def targets_of(prompt: dict[str, Any]) -> list[str]:
    """A prompt's targets as the table's ``data-target`` names them: its kind, then its parts
    (a set of dice as one target per die)."""
    out = [f"kind:{prompt['kind']}"]
    for part in prompt["parts"]:
        ids = part["id"] if part["type"] == "dice" else [part["id"]]
        out += [f"{'die' if part['type'] == 'dice' else part['type']}:{i}" for i in ids]
    return out


def on_the_table(page: Any) -> set[str]:
    found: list[str] = page.evaluate(
        '[...document.querySelectorAll("#board [data-target]")].flatMap(n => n.dataset.target.split(" "))')
    return set(found)


def act_on_the_table(page: Any, prompt: dict[str, Any]) -> None:
    """Reach ``prompt`` by clicking the table only, through the prompt's part ids: each of its
    targets drawn on the table (``data-target``) in turn, then the button that sends it (the
    menu beside what was clicked, the dice's throw, a meld's way in the hand, the bar)."""
    action = prompt["notation"]
    seq = page.get_attribute("#app", "data-seq")
    sender = page.locator(f'#board [data-notation="{action}"]:visible, .board-menu [data-notation="{action}"]')
    drawn = on_the_table(page)
    steps = [t for t in targets_of(prompt) if t in drawn]
    dice = [t for t in steps if t.startswith("die:")]
    steps = [t for t in steps if not t.startswith("die:")]
    for target in dice:  # the dice to throw again are picked one by one
        page.locator(f'#board [data-target~="{target}"]').first.click()
    for target in [*steps, None]:
        if sender.count():
            sender.first.click()
            return
        if target is None:
            break
        if page.locator(".board-menu").count():  # the menu of the last pick may cover the next thing
            page.locator(".board-menu .close").click()
        page.locator(f'#board [data-target~="{target}"]').first.click()
        if page.locator(".board-menu").count():
            continue  # a pick: its menu opened at once (the page's click handler draws it)
        deadline = time.monotonic() + 0.5  # no menu: a direct element (an action space) has sent
        while time.monotonic() < deadline and not sender.count():
            if page.get_attribute("#app", "data-seq") != seq:
                return
            time.sleep(0.02)
    raise AssertionError(f"{action!r} not reached on the table through {steps + dice} (drawn: {sorted(drawn)})")


def my_decision(server: Server, table_id: str, token: str, page: Any) -> dict[str, Any] | None:
    """The seat's view once it alone is to act (a bot may choose at the same time, in Our
    Life) and its page shows the position it is asked about; ``None`` once the game is over."""
    deadline = time.monotonic() + 60
    while True:
        mine: dict[str, Any] = server.api("GET", f"/api/tables/{table_id}/view?token={token}")
        if mine["over"]:
            return None
        if mine["legal"] and mine["to_move"] == [mine["seat"]] \
                and page.get_attribute("#app", "data-seq") == str(mine["seq"]):
            return mine
        assert time.monotonic() < deadline, f"the page stayed behind the game at {mine['seq']}"
        time.sleep(0.03)


@pytest.mark.parametrize(("game", "options"), [("pursuit", {}), ("pursuit", {"expansion": "community"}),
                                               ("pursuit-cards", {}), ("cv", {}), ("our-life", {})])
def test_a_whole_game_is_played_on_the_board_and_hand_alone(server: Server, browser: Any, game: str,
                                                             options: dict[str, Any]) -> None:
    """At 1280x800, Ana plays a whole game against a bot by clicking the table only (the things
    each prompt's parts name, found by their ids, the menus beside them and the bar above the
    table), never the choice panel and never typing; at every decision every prompt has its
    element on the table, and the bar holds only what no element stands for."""
    import random

    data = server.api("POST", "/api/tables", json={"game": game, "seed": 3, "options": options, "seats": [
        {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}]})
    # Asking for less motion: cards do not slide after each move, so a click does not wait for
    # them to come to rest (Playwright clicks a still element); the clicks are the same.
    page = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    token = data["seats"][0]["token"]
    page.goto(data["seats"][0]["link"])
    rng, decisions = random.Random(3), 0
    while (mine := my_decision(server, data["table"], token, page)) is not None:
        drawn = on_the_table(page)
        for prompt in mine["legal"]:
            parts = targets_of(prompt)
            assert any(t in drawn for t in parts) or prompt["kind"] in BAR_KINDS[game], \
                f"{game}: nothing on the table for {prompt['notation']} ({parts}) at decision {decisions}"
        loose = page.locator("#table-bar [data-notation]").evaluate_all("nodes => nodes.map(n => n.dataset.notation)")
        kinds = {p["notation"]: p["kind"] for p in mine["legal"]}
        stray = [n for n in loose if kinds.get(n) not in BAR_KINDS[game]]
        assert not stray, f"{game}: {stray} only in the bar at decision {decisions}"
        act_on_the_table(page, rng.choice(mine["legal"]))
        wait_past(server, data["table"], mine["seq"])
        decisions += 1
        assert decisions < 1500
    assert decisions >= 10
    page.wait_for_selector("#end:not([hidden])", timeout=15_000)


@pytest.mark.parametrize("game", ["cv"])
def test_two_people_play_a_whole_game(server: Server, browser: Any, game: str) -> None:
    """Every click is on a choice the page offers: a whole game is playable by clicking only."""
    data = table(server, game)
    pages = []
    for seat in data["seats"]:
        context = browser.new_context(viewport={"width": 1200, "height": 900}, reduced_motion="reduce")  # as above
        page = context.new_page()
        page.goto(seat["link"])
        pages.append(page)
    state = public(server, data["table"])
    moves = 0
    while not state["over"]:
        play_one(pages[state["to_move"][0]], state["seq"])
        state = wait_past(server, data["table"], state["seq"])
        moves += 1
        assert moves < 3000
    for page in pages:
        page.wait_for_selector("#end:not([hidden])", timeout=15_000)
        end = page.inner_text("#end")
        assert "Final scores" in end and ("wins" in end or "share the win" in end)
        # The end is told at the top of the page, above the table; nothing asks to be notified.
        assert page.locator("#end").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
        assert "Notify me" not in page.inner_text("#actions") and "step: over" not in page.inner_text("#board")
    record = server.api("GET", f"/api/tables/{data['table']}/record")
    assert record["result"]["scores"] == state["scores"] and len(record["actions"]) == moves


@pytest.mark.parametrize("game", ["pursuit", "pursuit-cards", "cv", "our-life"])
def test_on_a_phone_the_choices_are_on_screen_and_nothing_is_wider(server: Server, browser: Any, game: str) -> None:
    """At 390x844, for 16 of Ana's decisions against a bot: the list of choices, docked and
    unfolded, holds every choice she is offered inside the screen without scrolling, and no
    page is wider than the screen."""
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 6, "seats": [
        {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}]})
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.goto(data["seats"][0]["link"])
    decisions, seen = 0, 0
    while decisions < 16 and not public(server, data["table"])["over"]:
        page.wait_for_selector("#turn.mine", timeout=30_000)
        seq = int(page.get_attribute("#app", "data-seq") or 0)
        if seq < seen:  # the page has not caught up with the last move yet
            time.sleep(0.05)
            continue
        unfold(page)  # the docked list starts folded to one line (the table is where one chooses)
        for _ in range(10):  # grouped choices narrow to a list: each step is on screen too
            choices = page.locator("#actions button.choice, #actions .words button")
            # Every box measured at one moment (one script run), so that a bot's move pushed
            # meanwhile cannot replace the buttons between counting them and measuring them.
            boxes = page.evaluate("""() => [...document.querySelectorAll(
                '#actions button.choice, #actions .words button')].map(b => {
                    const r = b.getBoundingClientRect();
                    return b.getClientRects().length ? [r.top, r.bottom] : null; })""")
            assert boxes, "a choice is offered"
            for i, box in enumerate(boxes):
                assert box is not None and box[0] >= 0 and box[1] <= 844, \
                    f"{game}: choice {i} at {box} is off the screen (or hidden) at decision {decisions}"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, f"{game}: wider than the screen"
            final = page.locator("#actions button.choice").count() > 0
            choices.first.click()
            if final:
                break
        seen = wait_past(server, data["table"], seq)["seq"]
        decisions += 1
    assert decisions >= 10, f"{game}: only {decisions} decisions were reached"
    lobby = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    lobby.goto(server.base + "/")
    assert lobby.evaluate("document.documentElement.scrollWidth") <= 390, "the lobby is wider than the screen"


def test_reload_and_server_restart_mid_game(server: Server, browser: Any) -> None:
    data = table(server, seed=12)
    pages = []
    for seat in data["seats"]:
        page = browser.new_context().new_page()
        page.goto(seat["link"])
        pages.append(page)
    state = public(server, data["table"])
    for _ in range(6):
        play_one(pages[state["to_move"][0]], state["seq"])
        state = wait_past(server, data["table"], state["seq"])
    # A reload shows exactly the same table.
    ana = pages[0]
    ana.wait_for_selector(f'#app[data-seq="{state["seq"]}"]')
    hand = ana.inner_text(".hand")
    ana.reload()
    ana.wait_for_selector(f'#app[data-seq="{state["seq"]}"]')
    assert ana.inner_text(".hand") == hand
    # The server restarts: the pages reconnect and the game goes on where it was.
    server.stop()
    server.start()
    mover = pages[state["to_move"][0]]
    play_one(mover, state["seq"])
    after = wait_past(server, data["table"], state["seq"])
    assert after["seq"] == state["seq"] + 1


def test_a_new_meld_is_laid_by_picking_its_cards_in_the_hand(server: Server, browser: Any) -> None:
    """Seed 1 deals Ana 2C 3C 10C 2D 6D 6D 7D 4H 4H 5H 4S 5S 8S 10S JK, and she starts.

    The rulebook's "Melds": 3 to 5 cards of one suit whose neighbours differ by one pattern
    number, counting round from Ten to Ace. The ways to lay a set of cards, worked out by hand:
    - 4S 8S 10S: 8-4-10 (pattern 6) or 10-4-8 (pattern 4); no other order has one pattern.
    - 4H 5H and the Joker: pattern 1 or 9 only (4 and 5 are one apart, and no pattern puts a
      card between them), the Joker as the Three or the Six of Hearts at either end.
    """
    data = table(server, seed=1)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"]')
    hand = page.locator(".hand .pcard")
    assert [hand.nth(i).get_attribute("data-card") for i in range(hand.count())] == \
        ["2C", "3C", "10C", "2D", "6D", "6D", "7D", "4H", "4H", "5H", "4S", "5S", "8S", "10S", "JK"]

    def pick(*cards: str) -> None:
        for card in cards:
            page.locator(f'.hand .pcard[data-card="{card}"]:not(.selected)').first.click()

    def ways() -> set[str]:
        return {w.get_attribute("data-notation") for w in page.locator(".builder .way").all()}

    # One card picked: the choices are the actions with that card (here, discarding it).
    pick("2C")
    offered = [b.get_attribute("data-notation") for b in page.locator("#actions button.choice").all()]
    assert offered and all("2C" in n.split() for n in offered), offered
    page.click(".hand .pcard.selected")  # picked again: put back
    assert page.locator(".hand .pcard.selected").count() == 0

    # With the Joker, its value is chosen among the melds it can make.
    pick("JK", "4H", "5H")
    assert ways() == {"meld JK=3H 4H 5H", "meld 4H 5H JK=6H", "meld 5H 4H JK=3H", "meld JK=6H 5H 4H"}
    assert "Joker" in page.inner_text(".builder")
    page.click(".builder button:has-text('clear selection')")

    # Two cards: those that could join them light up; a card of another suit does not.
    pick("4S", "8S")
    assert page.locator('.hand .pcard.fits[data-card="10S"]').count() == 1
    assert page.locator('.hand .pcard.fits[data-card="2C"]').count() == 0
    pick("2C")
    assert ways() == set() and "make no meld" in page.inner_text(".builder")
    page.click('.hand .pcard.selected[data-card="2C"]')
    pick("10S")
    assert ways() == {"meld 8S 4S 10S", "meld 10S 4S 8S"}
    page.click('.builder .way[data-notation="meld 10S 4S 8S"]')
    page.wait_for_selector('#app[data-seq="1"]')
    view = server.api("GET", f"/api/tables/{data['table']}/view")["view"]
    assert [(m["owner"], m["cards"], m["pattern"]) for m in view["melds"]] == [(0, ["10S", "4S", "8S"], 4)]


def test_the_board_game_is_drawn_and_its_spaces_are_clicked_on_the_board(server: Server, browser: Any) -> None:
    """The rulebook's round track runs from Teen through 4 Adult rounds to Old Age 3; the board
    has the action spaces Study, Play, Interact, Temp Job, Take a Project, Spend, Get a Job,
    Start a Relationship, Overtime and Rest; in the Teen round Get a Job, Start a Relationship
    and Overtime carry Unavailable tokens."""
    data = table(server, game="pursuit", seed=4)
    pages = [browser.new_context(viewport={"width": 1280, "height": 800}).new_page() for _ in data["seats"]]
    for page, seat in zip(pages, data["seats"], strict=True):
        page.goto(seat["link"])
    state = public(server, data["table"])
    while state["view"]["phase"] == "setup":  # each keeps a child trait
        play_one(pages[state["to_move"][0]], state["seq"])
        state = wait_past(server, data["table"], state["seq"])
    page = pages[state["to_move"][0]]
    page.wait_for_selector(f'#app[data-seq="{state["seq"]}"] svg.pboard')
    rounds = [g.get_attribute("data-round") for g in page.locator("svg.pboard [data-round]").all()]
    assert rounds == ["Teen", "Adult 1", "Adult 2", "Adult 3", "Adult 4", "Old Age 1", "Old Age 2", "Old Age 3"]
    assert page.locator("svg.pboard [data-round].now").get_attribute("data-round") == "Teen"
    spaces = [g.get_attribute("data-space") for g in page.locator("svg.pboard [data-space]").all()]
    assert spaces == ["study", "play", "interact", "temp-job", "take-project", "spend", "get-job",
                      "start-relationship", "overtime", "rest"]
    closed = [g.get_attribute("data-space") for g in page.locator("svg.pboard .space-svg.closed").all()]
    assert closed == ["get-job", "start-relationship", "overtime"]
    # A player's area shows the 3 slots for Projects, Jobs and Partners: empty at the start.
    assert page.locator('.area[data-seat="0"] .slots .slot.empty').count() == 3
    # Tapping a card shows its text in a strip at the top, over no card; the next tap removes it.
    card = page.locator('.row[data-row="projects"] .card').first
    card.click()
    tip, box = page.locator(".tip").bounding_box(), card.bounding_box()
    assert tip is not None and box is not None
    assert tip["y"] + tip["height"] < box["y"] or box["y"] + box["height"] < tip["y"], (tip, box)
    page.click("#title")
    page.wait_for_selector(".tip", state="detached")
    # "Projects" have 4 levels: a project card shows them as rows L1-L4, each with its cost and
    # its reward side by side.
    project = page.locator('.row[data-row="projects"] .card', has_text="Project").filter(
        has_not_text="Group").filter(has_not_text="Single-Round").first
    assert project.locator("table.levels tr th").all_inner_texts() == ["L1", "L2", "L3", "L4"]
    assert project.locator("table.levels tr td.cost").count() == 4
    assert all(t.strip() for t in project.locator("table.levels tr td.reward").all_inner_texts())
    # A card in a row offers what can be done with it in a menu beside it; Escape closes it.
    offered = page.locator('.row[data-row="projects"] .card.clickable').first
    offered.click()
    menu = [b.get_attribute("data-notation") for b in page.locator(".board-menu button.menu-choice").all()]
    card_id = offered.get_attribute("data-card")
    assert menu and all(n.split()[:2] == ["take-project", card_id] for n in menu), (card_id, menu)
    page.keyboard.press("Escape")
    assert page.locator(".board-menu").count() == 0
    # Study is one action: a click on its space places the hourglass there at once, and the
    # hourglass is shown arriving there (an animation keyed to it).
    page.evaluate("""() => {
        window.moved = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            window.moved.push(this.dataset.key || "");
            return animate.apply(this, args);
        };
    }""")
    seat = state["to_move"][0]
    page.click('svg.pboard [data-space="study"]')
    wait_past(server, data["table"], state["seq"])
    assert public(server, data["table"])["view"]["spaces"]["study"][seat] == 1, "no hourglass on Study"
    deadline = time.monotonic() + 10
    while f"hourglass:study:{seat}:0" not in page.evaluate("window.moved") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert f"hourglass:study:{seat}:0" in page.evaluate("window.moved")


def test_the_pages_meld_finder_agrees_with_the_engines_melds(server: Server, browser: Any) -> None:
    """The meld builder proposes melds in the page (the server checks what is sent): for 300
    random picks of 3 to 5 cards (Jokers among them), its ways to lay them are exactly the
    orderings and Joker declarations that the engine's "Melds" rule (melds.is_meld) accepts."""
    import itertools
    import random

    from vita.games.pursuit_cards.cards import DECLARED, card, name, parse_card
    from vita.games.pursuit_cards.rules.melds import is_meld

    def engine_ways(words: list[str]) -> set[str]:
        naturals = [parse_card(w) for w in words if w != "JK"]
        suits = {c // 10 for c in naturals} or set(range(4))
        stand_ins = [card(suit, value) for suit in suits for value in range(1, 11)]
        ways = set()
        for order in set(itertools.permutations(words)):
            jokers = [i for i, w in enumerate(order) if w == "JK"]
            for declared in itertools.product(stand_ins, repeat=len(jokers)):
                entries = [parse_card(w) if w != "JK" else 0 for w in order]
                for i, c in zip(jokers, declared, strict=True):
                    entries[i] = DECLARED + c
                if is_meld(entries):
                    ways.add("meld " + " ".join(name(e) for e in entries))
        return ways

    data = table(server, seed=1)
    page = browser.new_context().new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"]')
    rng = random.Random(5)
    checked = found = 0
    for _ in range(300):
        suit = rng.randrange(4)
        size = rng.choice([3, 3, 4, 5])
        jokers = rng.choice([0, 0, 1, 1, 2]) if size < 5 else rng.choice([0, 1])
        pool = [card(suit, v) for v in range(1, 11)] * 3 + [card(rng.randrange(4), rng.randrange(1, 11))]
        words = [name(c) for c in rng.sample(pool, size - jokers)] + ["JK"] * jokers
        page_ways = {"meld " + " ".join(w) for w in page.evaluate("w => VitaMelds.waysToLay(w)", words)}
        assert page_ways == engine_ways(words), words
        checked += 1
        found += bool(page_ways)
    assert checked == 300 and found > 50, found


def test_choices_and_refusals_quote_the_rulebook(server: Server, browser: Any) -> None:
    data = table(server, seed=1)  # Ana starts; she holds 2C but no 9H
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"]')
    page.click('.hand .pcard[data-card="2C"]')  # the choices narrow to starting a meld or discarding it
    page.hover('#actions button.choice[data-notation="discard 2C"]')
    assert page.inner_text("#rule") == \
        "Discards: “Every player must end his turn by discarding a card from his hand.”"
    page.hover('#actions button.choice[data-notation="meld 2C"]')
    assert page.inner_text("#rule").startswith("Melds: “A meld is any set of three to five cards")
    page.click("#actions summary")  # "type notation"
    page.fill("#actions input[type=text]", "discard 9H")
    page.click("#actions form button[type=submit]")
    page.wait_for_selector("#problem .rule")
    refusal = page.inner_text("#problem")
    assert "no Nine of Hearts in hand" in refusal and "Rule — Discards: “Every player must end his turn" in refusal


def test_the_others_moves_stay_highlighted_until_your_next_action(server: Server, browser: Any) -> None:
    data = table(server, seed=12)
    pages = []
    for seat in data["seats"]:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(seat["link"])
        pages.append(page)
    state = public(server, data["table"])
    mover = state["to_move"][0]
    watcher = pages[1 - mover]
    play_one(pages[mover], state["seq"])  # a whole turn of the other player, action by action
    while (state := wait_past(server, data["table"], state["seq"]))["to_move"][0] == mover:
        play_one(pages[mover], state["seq"])
    watcher.wait_for_selector(f'#app[data-seq="{state["seq"]}"]')
    news = watcher.locator("#log li.fresh").count()
    assert news >= 2, "the other's turn is highlighted"
    pages[mover].reload()  # "… is here" is pushed: the watcher's page is drawn again
    watcher.wait_for_selector("#note:has-text('is here')")
    assert watcher.locator("#log li.fresh").count() == news, "still highlighted after a redraw"
    play_one(watcher, state["seq"])
    watcher.wait_for_selector(f'#app[data-seq="{state["seq"] + 1}"]')
    watcher.wait_for_selector("#log li.fresh", state="detached", timeout=10_000)  # one's own action is no news


def test_a_spectator_cannot_see_a_hand(server: Server, browser: Any) -> None:
    data = table(server)
    page = browser.new_context().new_page()
    page.goto(data["spectator_link"])
    page.wait_for_selector('#app[data-seq="0"]')
    assert page.locator(".hand").count() == 0
    assert "cards in hand" in page.inner_text("#board")
    assert "You are watching" in page.inner_text("#actions")
    # Nor can a guessed token open a seat.
    guessed = page.goto(f"{server.base}/t/{data['table']}?token=guess")
    assert guessed is not None and guessed.status == 403


def test_hot_seat_hands_over_between_people(server: Server, browser: Any) -> None:
    data = table(server, game="pursuit", seed=4)
    page = browser.new_context().new_page()
    page.goto(data["hotseat_link"])
    page.wait_for_selector('#app[data-seat="0"]')
    play_one(page, 0)  # Ana keeps a child trait; then it is Ben's choice
    page.wait_for_selector("#handover:not([hidden])")
    assert "Pass the device to Ben" in page.inner_text("#handover")
    assert page.inner_text("#board") == ""
    page.click("#handover-ok")
    page.wait_for_selector('#app[data-seat="1"]')
    assert "Ben" in page.inner_text("#title")
    assert "trait chosen (shown once everyone has chosen)" in page.inner_text("#board"), "Ana's choice stays secret"


def test_your_turn_signal_in_the_title(server: Server, browser: Any) -> None:
    data = table(server)
    page = browser.new_context().new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"]')
    assert page.title().startswith("● Your turn")
    assert page.locator("#favicon").get_attribute("href").startswith("data:image/svg")


def test_the_lobby_creates_a_table_with_options(server: Server, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "pursuit-cards")
    page.fill('input[name="name0"]', "Ana")          # typed before the player count changes
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert page.input_value('input[name="name0"]') == "Ana", "a new player count must not wipe a typed name"
    page.wait_for_selector('#game-options input[name="passes"]')
    page.fill('#game-options input[name="passes"]', "2")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    links = [a.get_attribute("href") for a in page.locator("#links a").all()]
    assert len(links) == 4 and links[-1].endswith("/watch")  # 1 person, owner, hot seat, spectators
    table_id = links[-1].split("/t/")[1].split("/")[0]
    info = server.api("GET", f"/api/tables/{table_id}")
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot"]
    assert info["seats"][0]["name"] == "Ana"
    assert info["options"]["passes"] == 2
    # The lobby's list of one's tables says who the bots are and whose turn it is.
    row = page.locator(f'#mine tr[data-table="{table_id}"]')
    page.wait_for_selector(f'#mine tr[data-table="{table_id}"] .status:has-text("to play")')
    bots = [s["bot"] for s in info["seats"][1:]]
    assert all(f"({bot} bot)" in row.inner_text() for bot in bots) and "Ana" in row.inner_text()


def test_a_table_with_a_time_limit_shows_the_time_left_in_the_lobby_and_at_the_table(server: Server,
                                                                                    browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "pursuit-cards")
    page.fill('input[name="name0"]', "Ana")
    page.select_option("#move-limit", "86400")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    links = [a.get_attribute("href") for a in page.locator("#links a").all()]
    table_id = links[-1].split("/t/")[1].split("/")[0]
    assert server.api("GET", f"/api/tables/{table_id}")["move_limit"] == 86400
    # "Your tables": whose turn it is and the time left (a day, less the moments gone by).
    status = f'#mine tr[data-table="{table_id}"] .status'
    page.wait_for_selector(f'{status}:has-text("left")')
    assert "Ana to play (23 h" in page.locator(status).inner_text()
    seat = page.context.new_page()
    seat.goto(links[0])
    seat.wait_for_selector("#turn .clock")
    assert "you: 23 h" in seat.locator("#turn .clock").inner_text()


def test_the_lobby_offers_the_community_expansion_and_the_table_shows_its_board(server: Server, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "pursuit")
    page.fill("#players", "5")
    page.dispatch_event("#players", "change")
    page.wait_for_selector('#game-options select[name="expansion"]')
    page.click("#new-table button[type=submit]")  # 5 players without the expansion: refused, said why
    page.wait_for_selector("#form-error:has-text('Community expansion')")  # no eval: the page's CSP forbids it
    assert "Community expansion" in page.inner_text("#form-error")
    page.select_option('#game-options select[name="expansion"]', "community")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    links = [a.get_attribute("href") for a in page.locator("#links a").all()]
    table_id = links[-1].split("/t/")[1].split("/")[0]
    assert server.api("GET", f"/api/tables/{table_id}")["options"]["expansion"] == "community"
    page.goto(links[0])
    page.wait_for_selector(".community [data-slot='5']")
    assert "Community board" in page.inner_text("#board")
    assert page.locator(".track.popularity li").count() == 16


MARKUP = "<img src=x onerror=window.__xss=1>"
BOLD = "<b id=injected>Bo</b>"


def assert_inert(page: Any, where: str) -> None:
    """Typed markup shows as text on ``page``: it ran nothing and made no element."""
    assert page.evaluate("window.__xss") is None, f"markup ran on {where}"
    assert page.locator("#injected").count() == 0, f"markup made an element on {where}"
    assert page.locator("img[src=x]").count() == 0, f"markup made an element on {where}"


def test_markup_typed_by_a_person_is_text_on_every_page(server: Server, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "pursuit-cards")
    page.fill('[name="name0"]', MARKUP)
    page.fill('[name="name1"]', BOLD)
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    assert MARKUP in page.inner_text("#links")
    assert_inert(page, "the lobby's new links")
    page.reload()
    page.wait_for_selector("#mine table")
    assert MARKUP in page.inner_text("#mine")
    assert_inert(page, "the lobby's own tables")
    links = {a.text_content(): a.get_attribute("href") for a in page.locator("#mine a").all()}
    for label in ("play seat 1", "owner", "watch"):
        page.goto(server.base + links[label] if links[label].startswith("/") else links[label])
        page.wait_for_load_state("networkidle")
        assert_inert(page, label)
    page.goto(links["owner"])
    assert MARKUP in page.inner_text("#owner-seats")
    # A finished game between two bots with such names: its end, replay and owner pages.
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 3, "seats": [
        {"name": MARKUP, "kind": "bot", "bot": "random"}, {"name": BOLD, "kind": "bot", "bot": "random"}]})
    deadline = time.monotonic() + 60
    while not public(server, data["table"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    for link, ready in [(data["spectator_link"], "#end:not([hidden])"), (data["replay_link"], "#replay-next"),
                        (data["owner_link"], "#rematch"), (data["hotseat_link"], "#end:not([hidden])")]:
        page.goto(link)
        page.wait_for_selector(ready)
        if ready == "#replay-next":
            for _ in range(5):
                page.click("#replay-next")
        assert_inert(page, link)
    assert MARKUP in page.inner_text("#end")


def test_the_page_says_when_the_server_is_away_and_why_a_choice_is_refused(server: Server, browser: Any) -> None:
    data = table(server)
    page = browser.new_context().new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"][data-connection="live"]')
    page.click("#actions summary")  # "type notation"
    page.fill('#actions input[type="text"]', "discard 10Z")
    page.click('#actions form button[type="submit"]')
    page.wait_for_selector("#problem:has-text('is not a card')")
    assert public(server, data["table"])["seq"] == 0
    server.stop()
    page.wait_for_selector('#app[data-connection="reconnecting"]', timeout=15_000)
    assert "reconnecting" in page.inner_text("#connection")
    assert all(b.is_disabled() for b in page.locator("#actions button.choice, #actions .words button").all())
    server.start()
    page.wait_for_selector('#app[data-connection="live"]', timeout=15_000)
    assert page.locator("#connection").is_hidden()
    play_one(page, 0)
    wait_past(server, data["table"], 0)


def test_a_rematch_from_the_owner_page_reaches_each_open_page(server: Server, browser: Any) -> None:
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 8, "seats": [
        {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "random"}]})
    ana = data["seats"][0]["token"]
    while True:  # Ana plays her turns through the API; the bot plays its own
        state = server.api("GET", f"/api/tables/{data['table']}/view?token={ana}")
        if state["over"]:
            break
        if state["legal"]:
            HTTP.post(f"{server.base}/api/tables/{data['table']}/actions", timeout=10,
                      json={"token": ana, "seq": state["seq"], "action": state["legal"][0]["notation"]})
        else:
            time.sleep(0.02)
    player = browser.new_context().new_page()
    player.goto(data["seats"][0]["link"])
    player.wait_for_selector("#rematch-note")
    owner = browser.new_context().new_page()
    owner.goto(data["owner_link"])
    owner.click("#rematch")
    owner.wait_for_selector("#rematch-links li")
    link = player.wait_for_selector("#rematch-link", timeout=15_000)
    href = link.get_attribute("href")
    assert href and "token=" in href and data["table"] not in href
    player.click("#rematch-link")
    player.wait_for_selector('#app[data-seat="0"][data-seq="0"]')
    assert "Ana" in player.inner_text("#title")


def test_the_hot_seat_on_another_device_takes_the_seats(server: Server, browser: Any) -> None:
    data = table(server, game="pursuit", seed=4)
    page = browser.new_context().new_page()
    page.goto(data["hotseat_link"].split("#")[0])  # the owner's key, but not the people's links
    page.wait_for_selector("#take-seats")
    assert "does not hold the people's links" in page.inner_text("#actions")
    page.click("#take-seats")
    page.wait_for_selector('#app[data-seat="0"]')
    assert "#tokens" not in page.url
    old = HTTP.get(f"{server.base}/api/tables/{data['table']}/view",
                   params={"token": data["seats"][0]["token"]}, timeout=10)
    assert old.status_code == 403, "taking the seats here replaced the old links"
    play_one(page, 0)
    page.wait_for_selector("#handover:not([hidden])")


def test_the_hot_seat_learns_that_a_seat_was_taken_elsewhere(server: Server, browser: Any) -> None:
    data = table(server, game="pursuit", seed=4)
    page = browser.new_context().new_page()
    page.goto(data["hotseat_link"])
    page.wait_for_selector('#app[data-seat="0"][data-connection="live"]')
    server.api("POST", f"/api/tables/{data['table']}/seats/0/link", json={"owner_token": data["owner_token"]})
    # The change is pushed; the page's next look with the old link is refused: it asks again.
    page.wait_for_selector("#take-seats")
    assert public(server, data["table"])["seq"] == 0


def test_a_hint_during_play_and_the_analysis_in_the_replay(server: Server, browser: Any) -> None:
    """Where the owner allows hints, the seat to move has a Hint button that shows the search's
    choice (one of its legal actions); the replay of a finished game analyses a decision."""
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 11, "hints": True,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    page = browser.new_context().new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"]')
    page.click("#hint-button")
    page.wait_for_selector("#hint", timeout=30_000)
    text = page.inner_text("#hint")
    legal = server.api("GET", f"/api/tables/{data['table']}/view", params={"token": data["seats"][0]["token"]})["legal"]
    # In the game's words: one of the legal actions' labels, and no notation.
    assert "The search would play" in text and any(a["label"] in text for a in legal), text
    assert not any(a["notation"] in text for a in legal if a["notation"] != a["label"]), text
    other = browser.new_context().new_page()
    other.goto(data["seats"][1]["link"])
    other.wait_for_selector('#app[data-seq="0"]')
    assert other.locator("#hint-button").count() == 0, "no hint button out of turn"

    bots = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 3, "seats": [
        {"name": "A", "kind": "bot", "bot": "random"}, {"name": "B", "kind": "bot", "bot": "random"}]})
    deadline = time.monotonic() + 60
    while not public(server, bots["table"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    page.goto(bots["replay_link"])
    page.wait_for_selector("#replay-next")
    page.click("#replay-next")
    page.click("#analyse")
    page.wait_for_selector("#analysis p:has-text('Action 2')", timeout=30_000)
    shown = page.inner_text("#analysis")
    assert "played" in shown
    # The replay and its analysis speak in labels: the notations (record, study) are not shown.
    record = server.api("GET", f"/api/tables/{bots['table']}/record")
    study = server.api("GET", f"/api/tables/{bots['table']}/analysis/1")
    options = study["study"]["options"] if study["study"] else []
    named = {study["played"], *(o["action"] for o in options)}
    assert set(study["labels"]) == named and all(study["labels"].values())
    for notation in named:
        assert notation not in shown and study["labels"][notation] in shown, (notation, shown)
    turn = page.inner_text("#turn")
    assert turn.startswith("after action 1 of") and record["actions"][0][1] not in turn, turn


def test_cv_draft_is_nobodys_turn_alone(server: Server, browser: Any) -> None:
    """"Childhood": every player keeps a card of their draft at once, so the table names no
    one player's turn beside the page's "Your turn"."""
    data = server.api("POST", "/api/tables", json={
        "game": "cv", "seed": 3, "seats": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})
    assert public(server, data["table"])["to_move"] == [0, 1, 2]
    page = browser.new_context().new_page()
    page.goto(data["seats"][1]["link"])
    page.wait_for_selector('#app[data-seq="0"] .cv-game')
    header = page.locator(".cv-game > p").first.inner_text()
    assert "turn" not in header and "draft" in header, header
    assert page.locator("#turn").inner_text() == "Your turn"


def test_our_life_stress_dice_are_drawn_not_an_emoji(server: Server, browser: Any) -> None:
    """An Action card's Stress dice are drawn as pictures: an emoji die is an empty box on a
    machine without an emoji font."""
    page = browser.new_context().new_page()
    for seed in range(1, 12):
        data = server.api("POST", "/api/tables", json={"game": "our-life", "seed": seed,
                                                       "seats": [{"name": "Ana"}, {"name": "Ben"}]})
        page.goto(data["seats"][0]["link"])
        page.wait_for_selector('#app[data-seq="0"] .olcard.action')
        if page.locator(".olcard.action .stressdice").count():
            break
    else:
        raise AssertionError("no Action card with Stress dice on the display in 11 deals")
    dice = page.locator(".olcard.action .stressdice")
    for index in range(dice.count()):
        box = dice.nth(index)
        assert box.locator("svg.die-icon").count() >= 1 and "🎲" not in box.inner_text()
    assert "🎲" not in page.locator("#board").inner_text()


@pytest.mark.parametrize("game", ["pursuit-cards", "pursuit", "cv", "our-life"])
def test_the_rule_quote_under_the_choices_is_never_cut_off(server: Server, browser: Any, game: str) -> None:
    """Whichever choice is pointed at, its rulebook quote fits the line under the choices,
    on a desktop and on a phone, and that line keeps one height (the choices do not jump)."""
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 2,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    mover = public(server, data["table"])["to_move"][0]
    for viewport in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(data["seats"][mover]["link"])
        page.wait_for_selector('#app[data-seq="0"] #rule', state="attached")
        unfold(page)
        quotes = page.evaluate("""() => {
            const rule = document.getElementById("rule");
            const seen = [];
            for (const button of document.querySelectorAll("#actions button.choice, #actions [data-word]")) {
                button.dispatchEvent(new MouseEvent("mouseenter"));
                seen.push([rule.textContent, rule.scrollHeight, rule.clientHeight]);
            }
            return seen;
        }""")
        assert quotes and any(text for text, _, _ in quotes), f"{game}: no quote shown"
        for text, needed, shown in quotes:
            assert needed <= shown + 1, f"{game} at {viewport['width']} px: {needed} px of quote in {shown} px: {text}"
        assert len({shown for _, _, shown in quotes}) == 1, f"{game}: the quote's line changes height"
        page.close()


def test_five_pieces_on_one_space_stay_inside_it(server: Server, browser: Any) -> None:
    """At the start of a 5-player game (the Community expansion) every piece shares its space
    on the stress, Short and Long Term Happiness tracks with four others: each stays inside
    its space's box."""
    data = server.api("POST", "/api/tables", json={"game": "pursuit", "seed": 4, "options": {"expansion": "community"},
                                                   "seats": [{"name": f"P{k}"} for k in range(1, 6)]})
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"] svg [data-key^="lth:"]')
    outside = page.evaluate("""() => {
        const out = [];
        const pieces = [...document.querySelectorAll(
            'svg [data-key^="stress:"], svg [data-key^="sth:"], svg [data-key^="lth:"]')];
        for (const piece of pieces) {
            const b = piece.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
            const cell = [...piece.ownerSVGElement.querySelectorAll("rect")].map(r => r.getBBox())
                .find(r => r.x <= cx && cx <= r.x + r.width && r.y <= cy && cy <= r.y + r.height);
            if (!cell || b.x < cell.x - .5 || b.y < cell.y - .5 || b.x + b.width > cell.x + cell.width + .5
                || b.y + b.height > cell.y + cell.height + .5) out.push(piece.dataset.key);
        }
        return [pieces.length, out];
    }""")
    assert outside[0] == 15, outside  # five seats on three tracks
    assert outside[1] == [], f"pieces outside their space: {outside[1]}"


def test_the_card_games_capture_targets_are_whole(server: Server, browser: Any) -> None:
    """"Attack Procedure": the attacker captures from either end of the attacked meld; both
    end cards can be clicked anywhere on their face (no other card lies over them)."""
    from vita.core.rng import Rng
    from vita.registry import get_game

    game = get_game("pursuit-cards")
    state = game.new_state(game.make_options({"players": 2}), 1, log=False)
    rng, moves = Rng(7), []
    while not any(str(a).startswith("capture") for a in state.legal_actions(state.to_move()[0])):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        moves.append((seat, str(action)))
        state.apply(action, seat)
        assert len(moves) < 400, "random play reached no capture"
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 1,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    for seq, (seat, action) in enumerate(moves):
        server.api("POST", f"/api/tables/{data['table']}/actions",
                   json={"token": data["seats"][seat]["token"], "seq": seq, "action": action})
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][state.to_move()[0]]["link"])
    page.wait_for_selector(f'#app[data-seq="{len(moves)}"] [data-target="end:front"]')
    covered = page.evaluate("""() => [...document.querySelectorAll('[data-target^="end:"]')].map(node => {
        node.scrollIntoView({block: "center"});
        const box = node.querySelector(".face").getBoundingClientRect();
        const points = [[.1, .5], [.5, .5], [.9, .5], [.5, .1], [.5, .9]];
        return [node.dataset.target, points.filter(([fx, fy]) => {
            const hit = document.elementFromPoint(box.left + fx * box.width, box.top + fy * box.height);
            return !(hit && node.contains(hit));
        }).length];
    })""")
    assert sorted(target for target, _ in covered) == ["end:back", "end:front"], covered
    assert all(hidden == 0 for _, hidden in covered), f"points of a capture target covered: {covered}"


@pytest.mark.parametrize("phone", [False, True])
def test_our_life_sheet_numbers_collide_with_nothing(server: Server, browser: Any, phone: bool) -> None:
    """The Life Achievement points of a sheet's boxes overlap no other box and no other number,
    on a desktop and on a phone, where a row's boxes wrap onto several lines."""
    data = server.api("POST", "/api/tables", json={"game": "our-life", "seed": 2,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    size = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
            "has_touch": True} if phone else {"viewport": {"width": 1366, "height": 768}}
    page = browser.new_context(**size).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector('#app[data-seq="0"] .olsheet .sq .pts')
    clashes = page.evaluate("""() => {
        const meet = (a, b) => a.left < b.right - .5 && b.left < a.right - .5
            && a.top < b.bottom - .5 && b.top < a.bottom - .5;
        const numbers = [...document.querySelectorAll(".olsheet .sq .pts")];
        const squares = [...document.querySelectorAll(".olsheet .sq")];
        const out = [];
        numbers.forEach((n, i) => {
            const box = n.getBoundingClientRect();
            squares.forEach(s => {
                const hit = s !== n.parentElement && meet(box, s.getBoundingClientRect());
                if (hit) out.push(n.textContent + " on a box");
            });
            numbers.slice(i + 1).forEach(m => {
                if (meet(box, m.getBoundingClientRect())) out.push(n.textContent + " on " + m.textContent);
            });
        });
        return [numbers.length, out];
    }""")
    assert clashes[0] > 10, clashes
    assert clashes[1] == [], clashes[1][:10]


@pytest.mark.parametrize(("game", "options", "players"), [
    ("pursuit", {}, 3), ("pursuit", {"expansion": "community"}, 5), ("pursuit-cards", {}, 3), ("cv", {}, 3),
    ("our-life", {"couples": 1}, 3)])
def test_the_list_of_choices_speaks_in_the_games_words(server: Server, browser: Any, game: str,
                                                      options: dict[str, Any], players: int) -> None:
    """The list of choices beside (or under) the table: grouped under each kind's words with
    its count ("Take a project (3)"), then by what the choices act on; no control (in the list
    or on the table) shows a notation that has a digit, a hyphen or more than one word, nor a
    kind's slug; the typed box is behind a "type notation" toggle. Checked at the first
    decisions, desktop and phone."""
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 3, "options": options,
                                                   "seats": [{"name": f"P{k}"} for k in range(1, players + 1)]})
    for viewport in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page = browser.new_context(viewport=viewport).new_page()
        mover = public(server, data["table"])["to_move"][0]
        page.goto(data["seats"][mover]["link"])
        page.wait_for_selector("#app[data-seq] #actions")
        unfold(page)
        view = server.api("GET", f"/api/tables/{data['table']}/view?token={data['seats'][mover]['token']}")
        notations = [a["notation"] for a in view["legal"]]
        slugs = {a["kind"] for a in view["legal"] if "-" in a["kind"]}
        banned = [n for n in notations if any(c.isdigit() for c in n) or "-" in n or " " in n] + sorted(slugs)
        assert not page.locator("#actions input[aria-label='type an action']").is_visible()
        # On the table too: what can be clicked (its text and its words for a screen reader),
        # the line that says where the game stands, and the bar of what nothing stands for.
        on_table = page.evaluate("""() => [...document.querySelectorAll(
                '#board .clickable, #board button, #board summary, #board .table-line, #table-bar')]
            .filter(n => n.getClientRects().length)
            .flatMap(n => [n.textContent, n.getAttribute("aria-label") || ""])""")
        for text in on_table:
            shown = [n for n in banned if n in text]
            assert not shown, f"{game} {viewport['width']} px: {shown} on the table in {text!r}"
        seen = 0
        for depth in range(3):  # the list, then a group of it, then a group of that
            texts = page.evaluate("""() => [...document.querySelectorAll('#actions button, #actions summary')]
                .filter(b => b.offsetParent !== null).map(b => b.innerText)""")
            for text in texts:
                shown = [n for n in banned if n in text]
                assert not shown, f"{game} {viewport['width']} px: {shown} on {text!r}"
            seen += len(texts)
            groups = page.locator("#actions .words button")
            if not groups.count():
                break
            first = groups.first.inner_text()
            if depth == 0 and len({a["kind"] for a in view["legal"]}) > 1:
                labels = {a["kind_label"] for a in view["legal"]}
                assert any(first.startswith(label + " (") for label in labels), first
            groups.first.click()
        assert seen
        page.locator("#actions summary", has_text="type notation").click()
        assert page.locator("#actions input[aria-label='type an action']").is_visible()
        page.close()


RULEBOOKS = Path(__file__).resolve().parents[2] / "src" / "vita" / "games"


def settled_height(page: Any) -> int:
    """The page's height once it is live and laid out: the docked choices' room under the page
    is set by a resize observer after the first drawing (on a loaded machine, a frame or more
    later), so the height is read once the connection is live and two frames have passed."""
    page.wait_for_selector('#app[data-connection="live"]')
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    height: int = page.evaluate("document.documentElement.scrollHeight")
    return height


@pytest.mark.parametrize(("game", "package", "players"), [
    ("pursuit", "pursuit", 1), ("pursuit-cards", "pursuit_cards", 2), ("cv", "cv", 2), ("our-life", "our_life", 1)])
def test_how_to_win_and_how_to_play_are_one_tap_away(server: Server, browser: Any, game: str, package: str,
                                                     players: int) -> None:
    """On a phone, one tap on "How to win" shows the game's goal, its end and (where the game
    has one) the solo target, quoted from the rulebook (the board game's 50 LTH, Our Life's
    table); one tap on "How to play" shows the rulebook's sections for its actions. Neither
    makes the page taller: they open over the table."""
    import yaml

    book = yaml.safe_load((RULEBOOKS / package / "rulebook.yaml").read_text(encoding="utf-8"))
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 3,
                                                   "seats": [{"name": f"P{k}"} for k in range(1, players + 1)]})
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector("#app[data-seq] #how-to-win summary")
    height = settled_height(page)
    page.click("#how-to-win summary")
    shown = page.inner_text("#how-to-win .guide-body")
    assert book["win"]["summary"] in shown
    for rule in book["win"]["rules"]:
        assert rule["quote"] in shown and rule["section"] in shown
    if game == "pursuit":
        assert "at least 50 LTH" in shown and "60 LTH" in shown
    if game == "our-life":
        assert "400+ for Perfect life!" in shown and "Life could be better" in shown
    assert page.evaluate("document.documentElement.scrollHeight") <= height + 2
    page.click("#how-to-play summary")
    page.wait_for_selector("#how-to-win .guide-body", state="hidden", timeout=2000)  # one open at a time
    shown = page.inner_text("#how-to-play .guide-body")
    for rule in book["actions"].values():
        assert rule["section"] in shown and rule["quote"] in shown
    page.click("#title")  # a tap elsewhere closes it
    page.wait_for_selector("#how-to-play .guide-body", state="hidden", timeout=2000)


def test_a_bot_to_move_is_shown_thinking(tmp_path: Path, browser: Any, bot_pool: BotPool) -> None:
    """While the search bot (the `hard` rung) is to move, the status line and the list of
    players say that it is thinking; once its move lands, they no longer do."""
    require_browser()
    slow = Server(str(tmp_path / "thinking.sqlite"), bot_pool, bot_delay=1.5)  # the floor a bot's move waits for
    slow.start()
    try:
        data = slow.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 4, "seats": [
            {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "hard"}]})
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.goto(data["seats"][0]["link"])
        page.wait_for_selector('#app[data-seq="0"]')
        assert page.locator("#thinking").count() == 0
        while True:  # Ana's turn, to its discard
            view = slow.api("GET", f"/api/tables/{data['table']}/view?token={data['seats'][0]['token']}")
            if view["to_move"] != [0]:
                break
            ends = [a for a in view["legal"] if a["kind"] == "discard"] or view["legal"]
            slow.api("POST", f"/api/tables/{data['table']}/actions", json={
                "token": data["seats"][0]["token"], "seq": view["seq"], "action": ends[0]["notation"]})
        seq = view["seq"]
        page.wait_for_selector("#turn #thinking", timeout=5_000)
        assert "Bo is thinking…" in page.inner_text("#turn")
        assert "Bo (hard bot) ← thinking…" in page.inner_text("#seats")
        wait_past(slow, data["table"], seq)
        # The move has landed; the page catches up (a wait, not a pause: as long as a loaded
        # machine needs).
        page.wait_for_selector("#turn #thinking", state="detached", timeout=30_000)
        assert "thinking" not in page.inner_text("#seats")
    finally:
        slow.stop()


def assert_not_news(page: Any, card: str) -> None:
    """Ana's own discard ``card`` is not highlighted in the discard pile, if it is still there
    (the bot may have taken it, and cards it played in its turn may lie on it: "the cards played
    this turn join the discard pile at its end")."""
    assert card
    mine = page.locator(f'#board .fan.discard .pcard[data-card="{card}"]')
    if mine.count():
        assert "since" not in (mine.last.get_attribute("class") or ""), f"Ana's own discard {card} is marked as news"


def test_a_late_answer_to_your_move_does_not_hide_the_others_moves(server: Server, browser: Any) -> None:
    """On a slow connection the answer to Ana's discard arrives after the pushed views of the
    bot's whole turn: the table must still highlight the bot's moves (its discard on top: "Every
    player must end his turn by discarding a card from his hand"), measured from the table as
    Ana's own discard left it, and not her discard."""
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 7, "seats": [
        {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}]})
    table_id, token = data["table"], data["seats"][0]["token"]
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][0]["link"])
    late = {"on": False}

    def answer_late(route: Any) -> None:
        reply = route.fetch()  # the action is taken now; its answer is held back
        if late["on"]:
            seq = reply.json()["seq"]
            wait_past(server, table_id, seq)  # the bot's turn: pushed to the page meanwhile
            deadline = time.monotonic() + 60
            while public(server, table_id)["to_move"] != [0]:
                assert time.monotonic() < deadline, "Ana's turn never came back"
                time.sleep(0.03)
            time.sleep(1.0)
        route.fulfill(response=reply)

    page.route("**/actions", answer_late)
    while (mine := my_decision(server, table_id, token, page)) is not None:
        discards = [a for a in mine["legal"] if a["kind"] == "discard"]
        if discards:
            break
        act_on_the_table(page, mine["legal"][0])
        wait_past(server, table_id, mine["seq"])
    assert mine is not None
    late["on"] = True
    card = discards[0]["parts"][0]["id"]
    with page.expect_response(lambda r: r.url.endswith("/actions") and r.request.method == "POST"):
        act_on_the_table(page, discards[0])
    assert public(server, table_id)["seq"] > mine["seq"] + 1, "the bot's turn is more than one move"
    assert my_decision(server, table_id, token, page) is not None
    mine_in_pile = page.locator(f'#board .fan.discard .pcard[data-card="{card}"]').last
    assert mine_in_pile.count(), f"Ana's discard {card} is still in the pile (the bot drew from the stock)"
    # Once the answer is taken in, Ana's own discard is not news (drawn before it came: it was).
    page.wait_for_function(f"""() => !document.querySelector('#board .fan.discard .pcard[data-card="{card}"].since')""")
    top = page.locator("#board .fan.discard .pcard.top")
    assert "since" in (top.get_attribute("class") or ""), "the bot's discard is not highlighted"


@pytest.mark.parametrize("game", ["pursuit-cards", "pursuit", "cv", "our-life"])
def test_the_others_moves_are_highlighted_on_the_table_until_you_act(server: Server, browser: Any, game: str) -> None:
    """Ana plays on the table; after the bot's moves, what they changed is highlighted on the
    table itself (class "since"), not only in the log. In the card game the bot's turn ends with
    a discard ("Every player must end his turn by discarding a card from his hand"): the card
    on top of the discard pile is highlighted, and Ana's own discard under it is not."""
    import random

    data = server.api("POST", "/api/tables", json={"game": game, "seed": 7, "seats": [
        {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}]})
    token = data["seats"][0]["token"]
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][0]["link"])
    rng = random.Random(7)
    last, decisions, found, discarded = -1, 0, 0, ""
    while decisions < 40 and (mine := my_decision(server, data["table"], token, page)) is not None:
        # The bot moved since Ana's last action (some of its moves change nothing on view: a
        # hidden card kept in CV's draft); its moves show on the table until Ana acts.
        if last >= 0 and mine["seq"] > last + 1:
            found = page.locator("#board .since").count()
            if found:
                break
        discards = [a for a in mine["legal"] if a["kind"] == "discard"]
        prompt = discards[0] if discards else rng.choice(mine["legal"])
        discarded = prompt["parts"][0]["id"] if discards else ""
        act_on_the_table(page, prompt)
        last, decisions = mine["seq"], decisions + 1
        wait_past(server, data["table"], mine["seq"])
    assert found, f"{game}: nothing of the bot's moves was highlighted on the table in {decisions} decisions"
    assert mine is not None
    if game == "pursuit-cards":
        top = page.locator("#board .fan.discard .pcard.top")
        assert "since" in (top.get_attribute("class") or "")
        assert_not_news(page, discarded)
    if game == "pursuit-cards":  # Ana acts: what was news is not any more
        news = top.get_attribute("data-card")
        discards = [a for a in mine["legal"] if a["kind"] == "discard"]
        act_on_the_table(page, discards[0] if discards else mine["legal"][0])
        page.wait_for_selector(f'#app:not([data-seq="{mine["seq"]}"])')
        assert "since" not in (page.locator(f'#board .fan.discard .pcard[data-card="{news}"]').first
                               .get_attribute("class") or "")


def test_a_log_line_outlines_the_cards_it_names(server: Server, browser: Any) -> None:
    """Pointing at a log line outlines on the table the cards it names: a turn ends with a
    discard ("Every player must end his turn by discarding a card from his hand"), and the line
    of the last discard outlines the card on top of the discard pile."""
    data = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": 7, "seats": [
        {"name": "Ana", "kind": "bot", "bot": "heuristic"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}]})
    deadline = time.monotonic() + 60
    while not public(server, data["table"])["over"]:  # a still table: nothing redraws under the pointer
        assert time.monotonic() < deadline
        time.sleep(0.1)
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{server.base}/t/{data['table']}/watch")
    page.wait_for_selector("#board .fan.discard .pcard.top")
    settled_height(page)  # live and laid out: the table is not drawn again under the pointer
    top = page.locator("#board .fan.discard .pcard.top")
    name = (top.get_attribute("title") or "").split("\n")[0]  # its tooltip: the card, then its rule
    line = page.locator("#log li", has_text=f"discards the {name}").last
    line.hover()
    assert "told" in (page.locator("#board .fan.discard .pcard.top").get_attribute("class") or "")
    page.mouse.move(1, 1)
    assert page.locator("#board .told").count() == 0


def things_to_act_on(page: Any) -> list[list[Any]]:
    """What the decision acts on, where it is drawn (not inside a folded area): each thing's
    target, its top and bottom in the window, and the line above which it is in view (the top
    of the docked list of choices on a phone, else the window's foot)."""
    parts: list[list[Any]] = page.evaluate("""() => {
        const dock = document.getElementById("actions");
        const floor = getComputedStyle(dock).position === "fixed" ? dock.getBoundingClientRect().top : innerHeight;
        return [...document.querySelectorAll("#board .clickable[data-target]")]
            .filter(n => n.getClientRects().length)
            .map(n => { const r = n.getBoundingClientRect(); return [n.dataset.target, r.top, r.bottom, floor]; });
    }""")
    return parts


def in_view(part: list[Any]) -> bool:
    return bool(part[1] >= 0 and part[2] <= part[3] + 1)


SCREENS = {"desktop": ({"width": 1366, "height": 768}, False), "phone": ({"width": 390, "height": 844}, True)}


def ana_among_bots(server: Server, game: str, options: dict[str, Any], players: int, decisions: int) -> dict[str, Any]:
    """A table (seed 2) of Ana and heuristic bots, once she has made ``decisions`` of her own
    (chosen at random) and is to make the next: the table's data from the server."""
    import random

    seats = [{"name": "Ana"}] + [{"name": f"Bot{k}", "kind": "bot", "bot": "heuristic"} for k in range(1, players)]
    data: dict[str, Any] = server.api("POST", "/api/tables", json={"game": game, "seed": 2, "options": options,
                                                                    "seats": seats})
    token, rng = data["seats"][0]["token"], random.Random(1)
    for _ in range(decisions):
        # She moves once she alone is to move: a choice every seat makes at once (a child
        # trait) is the bots' first, so that the game does not depend on which lands first.
        mine = wait_for_my_turn(server, data["table"], token, alone=True)
        reply = HTTP.post(f"{server.base}/api/tables/{data['table']}/actions",
                          json={"token": token, "seq": mine["seq"], "action": rng.choice(mine["legal"])["notation"]})
        assert reply.status_code == 200, reply.text
    wait_for_my_turn(server, data["table"], token, alone=True)
    return data


@pytest.mark.parametrize(("game", "options", "players", "bounds", "decisions"), [
    ("pursuit", {}, 3, (1.5, 3), 4), ("pursuit-cards", {}, 3, (1.5, 3), 4), ("cv", {}, 3, (1.5, 3), 4),
    ("our-life", {"couples": 1}, 3, (1.5, 3), 4),
    # The largest tables: the board game with Community at 5, Our Life at 8 (three couples, two singles).
    ("pursuit", {"expansion": "community"}, 5, (2, 4), 4), ("our-life", {"couples": 3}, 8, (2, 4), 4),
    # Later in a game (the board game grows with the cards in front of its players).
    ("pursuit", {}, 3, (1.5, 3), 30), ("pursuit", {"expansion": "community"}, 5, (2, 4), 14),
    ("pursuit-cards", {}, 3, (1.5, 3), 30), ("cv", {}, 3, (1.5, 3), 30), ("our-life", {"couples": 1}, 3, (1.5, 3), 30),
    ("our-life", {"couples": 3}, 8, (2, 4), 30)])
def test_each_table_fits_its_screen(server: Server, browser: Any, game: str, options: dict[str, Any], players: int,
                                    bounds: tuple[float, float], decisions: int) -> None:
    """Ana, at a table of heuristic bots, after a few decisions of her own (chosen at random):
    at 1366x768 her page is at most 1.5 screens tall and every thing her decision acts on lies on
    the first screen; at 390x844 at most 3 screens, and a thing to act on lies on the first
    screen, above the folded list of choices. At the largest tables, at most 2 and 4 screens,
    with something to act on on the first screen. Later in a game (the board game after 30 of
    her decisions, 14 with Community at 5; every other table after 30), the same heights,
    and something to act on on the first screen. She moves once she alone is to move, so that
    each table is the same game in every run."""
    data = ana_among_bots(server, game, options, players, decisions)
    for size, (viewport, phone) in SCREENS.items():
        page = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
        page.goto(data["seats"][0]["link"])
        # Her decision (in Our Life the bots may choose at the same time: whichever move the page shows).
        page.wait_for_selector("#app[data-seq] #board .clickable[data-target]")
        screens = settled_height(page) / viewport["height"]
        assert screens <= bounds[phone], f"{game} {players}p {size}: {screens:.2f} screens"
        parts = things_to_act_on(page)
        assert parts, f"{game} {size}: nothing to act on is drawn"
        seen = [p for p in parts if in_view(p)]
        if phone or players > 3 or decisions > 4:  # the heights, and something to act on in view
            assert seen, f"{game} {players}p {size}: nothing to act on on the first screen: {parts[:5]}"
        else:
            assert len(seen) == len(parts), f"{game} {players}p desktop: off the first screen: " \
                                            f"{[p for p in parts if p not in seen][:5]}"
        page.close()


@pytest.mark.parametrize(("game", "options"), [("pursuit", {}), ("pursuit-cards", {}), ("cv", {}),
                                               ("our-life", {"couples": 1})])
def test_a_decision_arrives_with_something_to_act_on_in_view(server: Server, browser: Any, game: str,
                                                            options: dict[str, Any]) -> None:
    """On a phone (390x844), Ana's first decision at a table of three (in CV and Our Life a
    setup choice, whose cards lie at the foot of her tall sheet): when it arrives, a thing it
    acts on is in view above the folded list of choices, without her scrolling; and a decision
    arriving while she reads further up (the page scrolled back to the top, the next one
    coming) is brought into view the same way."""
    seats = [{"name": "Ana"}] + [{"name": f"Bot{k}", "kind": "bot", "bot": "heuristic"} for k in (1, 2)]
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 4, "options": options, "seats": seats})
    token = data["seats"][0]["token"]
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.goto(data["seats"][0]["link"])
    for _ in range(2):
        mine = my_decision(server, data["table"], token, page)  # she alone is to act, and the page shows it
        assert mine is not None
        page.wait_for_selector('#app[data-connection="live"]')
        assert any(in_view(p) for p in things_to_act_on(page)), f"{game}: nothing in view at move {mine['seq']}"
        page.evaluate("window.scrollTo(0, 0)")
        reply = HTTP.post(f"{server.base}/api/tables/{data['table']}/actions",
                          json={"token": token, "seq": mine["seq"], "action": mine["legal"][0]["notation"]})
        assert reply.status_code == 200, reply.text
    page.close()


def wait_for_my_turn(server: Server, table_id: str, token: str, alone: bool = False) -> dict[str, Any]:
    """The seat's view once it has a move to make (``alone``: once no other seat has one)."""
    deadline = time.monotonic() + 60
    while True:
        mine: dict[str, Any] = server.api("GET", f"/api/tables/{table_id}/view?token={token}")
        if mine["legal"] and (not alone or mine["to_move"] == [mine["seat"]]):
            return mine
        assert not mine["over"] and time.monotonic() < deadline, "Ana's turn never came"
        time.sleep(0.03)


def finished_bot_table(server: Server, game: str, players: int = 2, options: dict[str, Any] | None = None) -> str:
    seats = [{"name": name, "kind": "bot", "bot": "heuristic"} for name in ("Ana", "Bo", "Cy")[:players]]
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 5, "seats": seats, "options": options or {}})
    deadline = time.monotonic() + 120
    while not public(server, data["table"])["over"]:  # a still table: nothing redraws under the pointer
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return str(data["table"])


def hover_lines(page: Any, pattern: str, limit: int = 4) -> list[tuple[str, list[str]]]:
    """Point at the last log lines matching ``pattern``: each with what it outlined (the drawn
    things marked "told": their data-space, data-name or data-card)."""
    import re

    lines = [t for t in page.locator("#log li").all_inner_texts() if re.search(pattern, t)][-limit:]
    out = []
    for text in lines:
        page.locator("#log li", has_text=text).last.hover()
        told = page.evaluate("""() => [...document.querySelectorAll('#board .told')].map(n =>
            n.dataset.space || n.dataset.name || n.dataset.card || n.dataset.key || String(n.className))""")
        out.append((text, told))
        page.mouse.move(1, 1)
    return out


def test_a_log_line_outlines_the_spaces_rows_and_melds_it_names(server: Server, browser: Any) -> None:
    """Pointing at a log line outlines on the table what it names, not only cards: the board
    game's action space ("takes 'Study'"); Our Life's row on the sheet of the player who marked
    it; the card game's meld it laid, on its player's side of the table."""
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{server.base}/t/{finished_bot_table(server, 'pursuit')}/watch")
    page.wait_for_selector("#board svg [data-space]")
    spaces = {"Study": "study", "Play": "play", "Interact": "interact", "Temp Job": "temp-job"}
    checked = 0
    for text, told in hover_lines(page, r"takes '(Study|Play|Interact|Temp Job)'"):
        space = spaces[text.split("'")[1]]
        assert space in told, (text, told)
        checked += 1
    assert checked
    # Our Life: "<name> marks <row>" outlines that row on that player's Character or Family sheet.
    page.goto(f"{server.base}/t/{finished_bot_table(server, 'our-life')}/watch")
    page.wait_for_selector("#board .olrow")
    checked = 0
    for text, told in hover_lines(page, r" marks [A-Z]"):
        row = text.split(" marks ")[1].split(" (")[0].removesuffix("'s track")  # a child's track: its name
        assert row in told, (text, told)
        checked += 1
    assert checked
    # The card game: "<name> melds the 3-5-7 of Hearts" outlines that meld while it is on the table.
    page.goto(f"{server.base}/t/{finished_bot_table(server, 'pursuit-cards')}/watch")
    page.wait_for_selector("#board .meld")
    names = ["Ana", "Bo"]
    drawn = {(names[int(seat)], words) for seat, words in page.locator("#board .meld").evaluate_all(
        "nodes => nodes.map(n => [n.closest('[data-seat]').dataset.seat, n.dataset.name])")}
    checked = 0
    for text, told in hover_lines(page, r" melds the ", limit=40):
        who, meld = text.split(" melds the ")[0], text.split(" melds the ")[1].split(" (pattern")[0]
        if (who, meld) in drawn:  # (the other player's meld of the same cards is not outlined)
            assert meld in told, (text, told)
            checked += 1
    assert checked


TIPPED = {  # what must carry a tooltip with its rulebook section, per game
    "pursuit": "[data-card], [data-space], [data-track], [data-round], .slot.empty, .goal-name, .trait, "
               ".community [data-slot]",
    "pursuit-cards": "[data-card], .meld, .pile-box",
    "cv": "[data-card], [data-die], .stack h3",
    "our-life": ".sq, .olcard.action, .rowname, .olchart",
}


@pytest.mark.parametrize(("game", "package", "options"), [
    ("pursuit", "pursuit", {}), ("pursuit", "pursuit", {"expansion": "community"}),
    ("pursuit-cards", "pursuit_cards", {}), ("cv", "cv", {}), ("our-life", "our_life", {"couples": 1})])
def test_every_thing_on_the_table_has_a_tooltip_with_its_rulebook_section(server: Server, browser: Any, game: str,
                                                                         package: str, options: dict[str, Any]) -> None:
    """Every card, space, track space, round, pile, meld, die and sheet box on Ana's table
    (her own, the board's and the others' folded ones) has a tooltip that names a section of
    the game's rulebook (rulebook.yaml, whose quotes are checked against the rulebooks)."""
    import yaml

    book = yaml.safe_load((RULEBOOKS / package / "rulebook.yaml").read_text())
    sections = {rule["section"] for rule in [*book["actions"].values(), *book.get("things", {}).values()]}
    seats = [{"name": "Ana"}] + [{"name": name, "kind": "bot", "bot": "heuristic"} for name in ("Bo", "Cy")]
    data = server.api("POST", "/api/tables", json={"game": game, "seed": 4, "options": options, "seats": seats})
    token = data["seats"][0]["token"]
    for _ in range(3):  # a little way into the game: cards in front of players, melds, marks
        mine = wait_for_my_turn(server, data["table"], token)
        HTTP.post(f"{server.base}/api/tables/{data['table']}/actions", timeout=10,
                  json={"token": token, "seq": mine["seq"], "action": mine["legal"][0]["notation"]})
    wait_for_my_turn(server, data["table"], token)
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector("#app[data-seq] #board .clickable")
    tips = page.evaluate("""selector => [...document.querySelectorAll("#board :is(" + selector + ")")].map(n => {
        const svgTitle = n instanceof SVGElement ? [...n.children].find(c => c.tagName === "title") : null;
        return [n.outerHTML.slice(0, 80), svgTitle ? svgTitle.textContent : n.getAttribute("title") || ""];
    })""", TIPPED[game])
    assert len(tips) > 10, tips
    untold = [(html, tip) for html, tip in tips if not any(f"Rulebook, {section}:" in tip for section in sections)]
    assert not untold, f"{game}: {len(untold)} of {len(tips)} without their rulebook section: {untold[:4]}"


def test_the_screenshot_tool_photographs_a_table_at_both_sizes(tmp_path: Path) -> None:
    """``tools/screenshots.py`` (docs/screenshots/) still runs: CV's table photographed into a
    folder of our own, the whole page on the desktop (1366 wide) and the phone's screen (390x844)."""
    import importlib.util
    import struct

    require_browser()
    path = Path(__file__).resolve().parents[2] / "tools" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    written = tool.main(["cv", "--out", str(tmp_path)])
    assert written == [tmp_path / "cv-desktop.png", tmp_path / "cv-phone.png"]
    sizes = []
    for path in written:
        head = path.read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n", path
        sizes.append(struct.unpack(">II", head[16:24]))  # the IHDR chunk: width, height
    (desk_w, desk_h), (phone_w, phone_h) = sizes
    assert desk_w == 1366 and desk_h >= 768
    assert (phone_w, phone_h) == (390, 844)
    with pytest.raises(SystemExit):  # a name it does not know: one line, nothing written
        tool.main(["no-such-game", "--out", str(tmp_path / "none")])
    assert not (tmp_path / "none").exists()


def test_a_card_in_front_of_a_player_shows_its_level_the_next_and_their_upkeep(server: Server, browser: Any) -> None:
    """The board game, 3 players, after 30 of Ana's decisions (she then holds Projects, Partners
    and an Activity): each card in front of her shows the level reached and the next one (or
    none past the last), an upkeep that applies at either (a Partner's "from L2" upkeep at every
    level from L1 on: it is due from L2 and tells what the next level costs each round), and no
    other level."""
    data = ana_among_bots(server, "pursuit", {}, 3, 30)
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(data["seats"][0]["link"])
    page.wait_for_selector("#app[data-seq] #board .clickable[data-target]")
    cards = page.evaluate("""() => [...document.querySelectorAll('.area.mine .holdings .card')].map(card => ({
        kind: card.querySelector('.kind').textContent,
        rows: [...card.querySelectorAll('table.levels tr')].map(tr => ({
            level: tr.dataset.level, name: tr.querySelector('td.name').textContent,
            shown: tr.getBoundingClientRect().height > 0}))}))""")
    held = [c for c in cards if " at L" in c["kind"]]
    assert any(c["kind"].startswith("Partner") for c in held), [c["kind"] for c in cards]
    for card in held:
        reached = int(card["kind"].rsplit(" at L", 1)[1].split(",")[0])
        above = 0  # the level of the row above (an Item's upkeep belongs to it)
        for row in card["rows"]:
            if row["level"].isdigit():
                above = int(row["level"])
                expected = above in (reached, reached + 1)
            elif row["name"].startswith("from L"):  # a Partner's upkeep
                expected = int(row["name"][len("from L"):]) <= reached + 1
            else:
                expected = above in (reached, reached + 1)
            assert row["shown"] == expected, (card["kind"], row, reached)
    page.close()
