"""Share, the QR code, a friend's game by link and the sounds, in Chromium, Firefox and WebKit
(one test body each; page/share.js, js/qr-code.js, page/sounds.js).

- Share: a stubbed ``navigator.share`` gets the link of the position on screen (the ply
  shown) and its title; without it the link is copied (a stubbed clipboard: headless engines
  differ in what they allow) and the dialog says so; a puzzle shares its own link.
- The QR code is decoded in the page by jsQR (an npm devDependency injected by the test,
  never shipped) to exactly the link shared.
- A friend's link (``&friend=<side>``) turns the computer off and says whose move it is;
  after the move the Share dialog offers the link back, which opens for the other side.
- Sounds: a stub AudioContext records each note the page would play: nothing before the
  player's first touch, the move / pass / capture / end / wrong puzzle move sounds by what
  the state says, nothing once switched off (kept after a reload).

Screenshots (desktop and phone, each engine) go to test-results/screenshots/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import StaticServer
from test_engines import (
    AXE,
    PlaywrightTab,
    assert_clean,
    click_square,
    new_game,
    open_link,
    ready,
    settle,
    shoot,
    snapshot,
    styled_by_the_tool,
    wait_moves,
)

from flipside import facade
from tools.browsers import VIEWPORT, Tab

JSQR = Path(__file__).resolve().parents[2] / "node_modules" / "jsqr" / "dist" / "jsQR.js"
PHONE = {"width": 390, "height": 844}

STUB_AUDIO = """
window.audioLog = { made: 0, notes: [] };
class StubParam {
  setValueAtTime(value) { this.first ??= value; return this; }
  exponentialRampToValueAtTime() { return this; }
  linearRampToValueAtTime() { return this; }
}
class StubNode { connect(node) { return node; } disconnect() {} }
class StubOscillator extends StubNode {
  constructor() { super(); this.type = "sine"; this.frequency = new StubParam(); }
  start(at) { window.audioLog.notes.push({ type: this.type, freq: this.frequency.first, at }); }
  stop() {}
}
class StubGain extends StubNode { constructor() { super(); this.gain = new StubParam(); } }
class StubAudioContext {
  constructor() { window.audioLog.made += 1; this.state = "running"; this.currentTime = 0; this.destination = new StubNode(); }
  createOscillator() { return new StubOscillator(); }
  createGain() { return new StubGain(); }
  resume() { this.state = "running"; return Promise.resolve(); }
  suspend() { this.state = "suspended"; return Promise.resolve(); }
}
window.AudioContext = StubAudioContext;
window.webkitAudioContext = StubAudioContext;
"""


def call(method: str, **params: Any) -> Any:
    """The facade's answer, asked natively: what the page must show."""
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "result" in answer, answer
    return answer["result"]


def resize(tab: Tab, size: dict[str, int]) -> None:
    if isinstance(tab, PlaywrightTab):
        tab.page.set_viewport_size(size)
    else:
        tab.set_window_size(size["width"], size["height"])  # type: ignore[attr-defined]
    tab.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))")


def share_of(tab: Tab) -> dict[str, Any]:
    return snapshot(tab)["share"]  # type: ignore[no-any-return]


def open_share(tab: Tab, url: str, button: str = "#share-game") -> None:
    """Open the Share dialog and wait until its QR code shows ``url``."""
    tab.click(button)
    tab.wait_until(
        f"(window.flipside.snapshot().share.qr || {{}}).url === {json.dumps(url)}"
        f" && window.flipside.snapshot().share.url === {json.dumps(url)}"
    )


def decoded_qr(tab: Tab) -> str | None:
    """The text of the dialog's QR code, read off the canvas's pixels by jsQR."""
    if not tab.evaluate("typeof window.jsQR === 'function'"):
        tab.run_script(
            "window.jsQR = (() => { const module = { exports: {} }; const exports = module.exports;\n"
            f"{JSQR.read_text()}\n; return module.exports; }})();"
        )
    return tab.evaluate(  # type: ignore[no-any-return]
        "(() => { const c = document.getElementById('send-qr');"
        " const image = c.getContext('2d').getImageData(0, 0, c.width, c.height);"
        " return jsQR(image.data, c.width, c.height)?.data ?? null; })()"
    )


def serious_violations(tab: Tab) -> list[str]:
    """axe-core's serious and critical findings on the page as it is, in each colour scheme
    the engine's driver can choose (Playwright's: light and dark; WebKit's: its default)."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run ./build.sh setup")
    found: list[str] = []
    with styled_by_the_tool(tab):
        if not tab.evaluate("typeof window.axe !== 'undefined'"):
            tab.run_script(AXE.read_text())
        for scheme in ("light", "dark") if isinstance(tab, PlaywrightTab) else (None,):
            if scheme:
                tab.page.emulate_media(color_scheme=scheme)
            found += tab.evaluate(
                "(await axe.run(document, {resultTypes: ['violations']})).violations"
                ".filter((v) => ['serious', 'critical'].includes(v.impact))"
                ".map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)"
            )
    return found


def close_share(tab: Tab) -> None:
    tab.click("#send-close")
    tab.wait_until("!window.flipside.snapshot().share.open")


def play_typed(tab: Tab, move: str) -> None:
    """Play ``move`` through the move box without a pointer or key event (no user touch)."""
    tab.evaluate(
        "(() => { document.getElementById('move-input').value = arg;"
        " document.getElementById('move-form').requestSubmit(); })()",
        move,
    )


def shot(tab: Tab, name: str) -> None:
    """A desktop and a phone screenshot of the page as it is."""
    shoot(tab, f"share-{tab.engine}-{name}-desktop.png")
    resize(tab, PHONE)
    shoot(tab, f"share-{tab.engine}-{name}-phone.png")
    resize(tab, VIEWPORT)


def share_sends_copies_and_draws_the_link_of_the_position_shown(tab: Tab, origin: str) -> None:
    if not JSQR.exists():
        pytest.fail("node_modules/jsqr is missing: run ./build.sh setup")
    record = "othello/f5d6c3d3"
    open_link(tab, record)
    tab.click("#history-back")  # the position on screen: after three moves
    tab.wait_until("window.flipside.snapshot().ply === 3")
    url = f"{origin}/#{call('at', record=record, ply=3)['link']}"
    assert url.endswith("#othello/f5d6c3d3&ply=3")

    # The Web Share API (stubbed): the page hands it the link and the title.
    tab.evaluate(
        "Object.defineProperty(navigator, 'share', { configurable: true,"
        " value: async (data) => { window.sharedData = data; } })"
    )
    open_share(tab, url)
    assert decoded_qr(tab) == url
    assert tab.evaluate("document.activeElement.id") == "send-share"
    tab.click("#send-share")
    tab.wait_until("window.sharedData !== undefined")
    assert tab.evaluate("window.sharedData") == {"title": "Othello on Flipside", "url": url}
    assert share_of(tab)["status"] == "Shared the link."
    assert tab.evaluate("document.getElementById('send-url').textContent") == url
    with styled_by_the_tool(tab):
        shot(tab, "dialog")
    close_share(tab)
    assert tab.evaluate("document.activeElement.id") == "share-game"  # focus back

    # No Web Share API: the dialog copies, and says so in its live region.
    tab.evaluate(
        "(() => { Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });"
        " Object.defineProperty(navigator, 'clipboard', { configurable: true,"
        " value: { writeText: async (text) => { window.copiedText = text; } } }); })()"
    )
    open_share(tab, url)
    assert tab.evaluate("document.getElementById('send-share').hidden") is True
    tab.click("#send-copy")
    tab.wait_until("window.copiedText !== undefined")
    assert tab.evaluate("window.copiedText") == url
    status = share_of(tab)["status"]
    assert status.startswith("Copied the link: ") and status[len("Copied the link: ") :] in (
        url,
        url[:69] + "…",
    )
    assert tab.evaluate("document.getElementById('send-status').getAttribute('aria-live')") == (
        "polite"
    )
    # A clipboard that refuses: the link is shown to be copied by hand.
    tab.evaluate(
        "Object.defineProperty(navigator, 'clipboard', { configurable: true,"
        " value: { writeText: () => Promise.reject(new Error('denied')) } })"
    )
    tab.click("#send-copy")
    tab.wait_until(
        f"window.flipside.snapshot().share.status === {json.dumps('Copy this link: ' + url)}"
    )
    close_share(tab)

    # A puzzle shares its own link.
    tab.evaluate("(() => { location.hash = 'puzzle/othello/2'; })()")
    tab.wait_until("(window.flipside.snapshot().puzzle || {}).id === 2")
    puzzle = f"{origin}/#puzzle/othello/2"
    open_share(tab, puzzle)
    assert share_of(tab)["toFriend"] is False
    assert decoded_qr(tab) == puzzle
    close_share(tab)
    assert_clean(tab, origin)


def a_friends_link_hands_over_the_move_and_the_reply_goes_back(tab: Tab, origin: str) -> None:
    new_game(tab)  # put back: an empty game, as on a first visit
    tab.choose("#computer", "white")  # the receiver played the computer: a friend's link stops it
    sent = call("friend_link", record="othello/f5d6c3", side="white")["link"]
    tab.evaluate("(() => { location.hash = arg; })()", sent)
    tab.wait_until("window.flipside.snapshot().moves.length === 3")
    snap = snapshot(tab)
    assert snap["computer"] is None and snap["toMove"] == "white"
    assert snap["share"]["friend"] == {"side": "white", "text": "You play White: your move."}
    assert tab.evaluate("document.getElementById('friend-send').hidden") is True
    assert (
        json.loads(tab.evaluate("localStorage.getItem('flipside.settings.v1')"))["computer"] is None
    )
    assert "friend" not in tab.evaluate("location.hash")  # the address bar: the game's own link
    with styled_by_the_tool(tab):
        shot(tab, "friend")
    # "Back to it": the game the link replaced, with its computer again; then the link anew.
    tab.click("#notice-action")
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot();"
        " return s.moves.length === 0 && s.computer === 'white'; })()"
    )
    assert share_of(tab)["friend"] is None
    tab.evaluate("(() => { location.hash = arg; })()", sent)
    tab.wait_until("(window.flipside.snapshot().share.friend || {}).side === 'white'")
    snap = snapshot(tab)
    assert snap["computer"] is None and snap["moves"] == ["f5", "d6", "c3"]

    click_square(tab, snap["legal"][0])
    snap = wait_moves(tab, 4)
    assert not snap["thinking"]  # the computer stays off
    assert snap["share"]["friend"]["text"] == (
        "You play White. Now Black is to move: send the link back."
    )
    reply = call("friend_link", record=snap["record"], side="black")["link"]
    open_share(tab, f"{origin}/#{reply}", "#friend-send")
    assert share_of(tab)["toFriend"] is True
    assert decoded_qr(tab) == f"{origin}/#{reply}"
    assert serious_violations(tab) == [], tab.engine
    with styled_by_the_tool(tab):
        shot(tab, "friend-dialog")  # dark, where the driver can choose
    # Unticked, the dialog shares the plain link of the position.
    tab.click("#send-friend")
    plain = f"{origin}/#{snap['record']}"
    tab.wait_until(f"(window.flipside.snapshot().share.qr || {{}}).url === {json.dumps(plain)}")
    assert decoded_qr(tab) == plain
    close_share(tab)

    # The sender opens the reply: the same, for Black; a reload keeps it.
    tab.evaluate("(() => { location.hash = arg; })()", reply)
    tab.wait_until("(window.flipside.snapshot().share.friend || {}).side === 'black'")
    assert share_of(tab)["friend"]["text"] == "You play Black: your move."
    settle(tab)
    tab.goto("about:blank")
    tab.goto(origin + "/")
    snap = ready(tab)
    assert len(snap["moves"]) == 4
    assert snap["share"]["friend"] == {"side": "black", "text": "You play Black: your move."}

    # A link that gives the move to the wrong side is refused by name; the game stays.
    wrong = sent.replace("friend=white", "friend=black")
    tab.evaluate("(() => { location.hash = arg; })()", wrong)
    why = json.loads(
        facade.handle(json.dumps({"id": 1, "method": "open_link", "params": {"fragment": wrong}}))
    )["error"]["message"]
    expected = f"{why[0].upper()}{why[1:]}. Your game is unchanged."
    tab.wait_until(f"window.flipside.snapshot().notice === {json.dumps(expected)}")
    assert len(snapshot(tab)["moves"]) == 4
    # Another game ends the friend's game.
    tab.click("#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    assert share_of(tab)["friend"] is None
    assert_clean(tab, origin)


def sounds_follow_the_moves_the_first_touch_and_the_switch(tab: Tab, origin: str) -> None:
    """The origin's first visit: nothing touched the page yet."""
    tab.goto(f"{origin}/#othello/d3c3e6d2d1e1")  # Black to move; after b2 and c1, Black passes
    ready(tab)
    tab.run_script(STUB_AUDIO)

    def log() -> dict[str, Any]:
        return tab.evaluate("window.audioLog")  # type: ignore[no-any-return]

    def heard(names: list[str]) -> list[int]:
        notes = snapshot(tab)["sounds"]["notes"]
        return [freq for name in names for freq in notes[name]]

    # No touch yet: a move is played (by script) and nothing sounds, no context is made.
    play_typed(tab, "b2")
    wait_moves(tab, 7)
    assert snapshot(tab)["sounds"]["played"] == [] and log() == {"made": 0, "notes": []}

    # The first touch: White's c1 sounds, then Black's forced pass.
    click_square(tab, "c1")
    wait_moves(tab, 9)
    tab.wait_until("window.flipside.snapshot().sounds.played.length === 2")
    assert snapshot(tab)["sounds"]["played"] == ["move", "pass"]
    assert log()["made"] == 1
    assert [n["freq"] for n in log()["notes"]] == heard(["move", "pass"])

    # Themisto: a capture that wins sounds the capture, then the end.
    tab.evaluate("(() => { location.hash = 'themisto/a1-b2,a7-b6,d1-c2,h7-g6'; })()")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    play_typed(tab, "c2-d1x")
    tab.wait_until("window.flipside.snapshot().over")
    tab.wait_until("window.flipside.snapshot().sounds.played.length === 4")
    assert snapshot(tab)["sounds"]["played"][2:] == ["capture", "end"]
    assert [n["freq"] for n in log()["notes"]] == heard(["move", "pass", "capture", "end"])
    starts = [n["at"] for n in log()["notes"]]
    assert starts == sorted(starts)  # one after the other

    # A wrong puzzle move sounds the move, then the wrong answer.
    tab.evaluate("(() => { location.hash = 'puzzle/othello/1'; })()")
    tab.wait_until("(window.flipside.snapshot().puzzle || {}).id === 1")
    puzzle = snapshot(tab)["puzzle"]
    wrong = next(m for m in snapshot(tab)["legal"] if m != puzzle["best"])
    play_typed(tab, wrong)
    tab.wait_until("(window.flipside.snapshot().puzzle || {}).result === 'failed'")
    tab.wait_until("window.flipside.snapshot().sounds.played.length >= 6")
    assert snapshot(tab)["sounds"]["played"][4:6] == ["move", "wrong"]

    # Switched off (by the switch): nothing more sounds, and that is kept.
    tab.click("#sounds")
    tab.wait_until("document.getElementById('sounds').getAttribute('aria-pressed') === 'false'")
    count = len(log()["notes"])
    tab.evaluate("(() => { location.hash = 'othello/f5'; })()")
    tab.wait_until("window.flipside.snapshot().record === 'othello/f5'")
    click_square(tab, "d6")
    wait_moves(tab, 2)
    assert len(log()["notes"]) == count and not snapshot(tab)["sounds"]["on"]
    with styled_by_the_tool(tab):
        shoot(tab, f"share-{tab.engine}-sounds-off.png")
    settle(tab)
    tab.goto("about:blank")
    tab.goto(origin + "/")
    ready(tab)
    tab.run_script(STUB_AUDIO)
    assert tab.evaluate("document.getElementById('sounds').getAttribute('aria-pressed')") == "false"
    click_square(tab, "c3")
    wait_moves(tab, 3)
    assert log() == {"made": 0, "notes": []} and snapshot(tab)["sounds"]["played"] == []
    assert_clean(tab, origin)


def test_sounds_share_and_a_friends_link_in_one_page(tab: Tab, site: StaticServer) -> None:
    """Three former tests as parts of one page per engine (each part named after its test):
    the sounds first (they need a page no one has touched yet; the part ends with a page
    start that keeps the switch), then Share and a friend's link, the page put back by links
    and its New game dialog."""
    origin = site.origin
    sounds_follow_the_moves_the_first_touch_and_the_switch(tab, origin)
    share_sends_copies_and_draws_the_link_of_the_position_shown(tab, origin)
    a_friends_link_hands_over_the_move_and_the_reply_goes_back(tab, origin)
