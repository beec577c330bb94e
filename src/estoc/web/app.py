"""The web application: the GM's screen, the players' view, the pushes that keep them live.

Routes (every one behind :mod:`estoc.web.security`):

- ``GET /gm?key=…``, ``GET /view?key=…``: the first visit, which leaves a cookie and sends the browser on;
- ``GET /gm``, ``GET /view``: the pages; ``GET /gm/live``, ``GET /view/live``: their live part alone;
- ``GET /gm/events``, ``GET /view/events``: server-sent events, the live part again after every change;
- ``POST /gm/command``: one command line (the terminal's words) decided on the ``version`` the page showed;
- ``POST /gm/answer``: the GM's answer to the die awaited (a face, estoc rolls it, cancel), naming the question;
- ``POST /view/answer``: a player character's own link answering one of that character's dice (a face, estoc);
- ``POST /gm/reveal``: show or hide the adversaries' numbers on the players' view;
- ``POST /gm/signout``: sign every browser out (the GM's too: the printed addresses sign in again);
- ``GET /gm/export.md``: the log as Markdown; ``GET /gm/odds``: the exact odds of the exchange set up (reads only);
- ``GET /lang/fr``, ``GET /lang/en``; ``GET /static/NAME``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import secrets
from collections.abc import AsyncIterator, Sequence
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from estoc.crash import write_crash_log
from estoc.dice.sources import purpose_label
from estoc.engine.asking import read_answer
from estoc.errors import EstocError, InputError
from estoc.i18n import SUPPORTED, _, language, ngettext, pick, set_language
from estoc.play.store import StaleError
from estoc.play.telling import sheet, sheet_parts
from estoc.render.board_view import board_view
from estoc.render.tracker import tracker_lines
from estoc.systems.base import SYSTEMS
from estoc.web.access import stored_character_keys
from estoc.web.board import board_from_view
from estoc.web.edits import add_stances, conditions, edit_labels, edit_line, edits_of, flags, free_forms, setting_forms
from estoc.web.odds import OddsView
from estoc.web.odds_systems import SystemOdds, pair
from estoc.web.panels import Panel
from estoc.web.security import (
    CHARACTER,
    COOKIES,
    GM,
    PLAYERS,
    Keys,
    Origins,
    SignIn,
    SignIns,
    Throttle,
    character_of_key,
    cookie_of,
    owner_of,
)
from estoc.web.session import FightSession, Screen
from estoc.web.stream import EventStream

STATIC = {"htmx.min.js": "text/javascript", "estoc.js": "text/javascript", "estoc.css": "text/css",
          "htmx-LICENSE.txt": "text/plain"}
"""The only files the server reads for a request, by name: nothing else on the disk is reachable."""
ANSWER_LIMIT = 200
"""The longest answer to a die accepted (a handful of faces)."""
LINE_LIMIT = 500
"""The longest command line accepted (a note's text is bounded further by the tracker)."""
FORM_LIMIT = 16_384
"""The largest form body read, in bytes."""
LANG_COOKIE = "estoc_lang"
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


def panel_of(system: str) -> Panel | None:
    """The odds panel of the system ``system`` (an id), through its declaration; ``None`` for a system without."""
    declared = next((s for s in SYSTEMS if s.id == system and s.odds_panel), None)
    if declared is None:
        return None
    panel: Panel = declared.entry("odds_panel")
    return panel


def system_name(system: str) -> str:
    """The system's name as the page heading shows it, in the language in use."""
    declared = next((s for s in SYSTEMS if s.id == system), None)
    return pick(declared.name()) if declared is not None else system


def templates() -> Environment:
    env = Environment(loader=PackageLoader("estoc.web", "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals.update(_=_, ngettext=ngettext)
    return env


def _static_files() -> dict[str, bytes]:
    folder = resources.files("estoc.web").joinpath("static")
    return {name: folder.joinpath(name).read_bytes() for name in STATIC}


class WebApp:
    """The application's state: the fight session, the secrets, the templates, the bound host."""

    def __init__(self, session: FightSession, keys: Keys, host: str = "127.0.0.1", lang: str | None = None,
                 public_urls: Sequence[str] = ()) -> None:
        self.session = session
        self.keys = keys
        self.host = host
        self.origins = Origins(host, public_urls)
        self.public_urls = list(public_urls)
        self._characters: dict[str, str] | None = None
        """The player characters' keys, by id, in the fight's order (read again when its characters change)."""
        self._qr: dict[str, str] = {}
        self.signins = SignIns(session.db, session.fight_id)
        self.throttle = Throttle()
        self.lang = lang or language()
        self.env = templates()
        self.static = _static_files()
        self._rendered: dict[tuple[int, str, str, bool, str | None, int, str], str] = {}
        self._view: tuple[int, dict[str, Any]] = (-1, {})
        session.render = self.push

    # ------------------------------------------------------------------------------------------------ rendering

    def lang_of(self, request: Request) -> str:
        chosen = request.cookies.get(LANG_COOKIE, "")
        return chosen if chosen in SUPPORTED else self.lang

    def character_keys(self) -> dict[str, str]:
        """The keys of the player characters' own links, by combatant id (kept in the store, :mod:`.access`)."""
        ids = tuple(who for who, player in self.session.tracker.players.items() if player)
        if self._characters is None or tuple(self._characters) != ids:  # (a character added: its link too)
            fresh = {who: secrets.token_urlsafe(32) for who in ids}
            self._characters = stored_character_keys(self.session.db, self.session.fight_id, fresh)
        return self._characters

    def role_of_key(self, key: str | None) -> str | None:
        """Whose key ``key`` is: ``GM``, ``PLAYERS``, ``pc:ID`` (a player character's own link), or ``None``."""
        found = self.keys.role_of_key(key)
        if found is not None:
            return found
        who = character_of_key(self.character_keys(), key)
        return CHARACTER + who if who is not None else None

    def question(self, role: str, owner: str | None) -> dict[str, Any] | None:
        """The die awaited as a screen shows it: the GM's every question, the players' view their characters'
        (a creature's die asked is the GM's business); ``mine``: the screen may answer it."""
        asked = self.session.tracker.pending
        if asked is None or (role != GM and not asked.player):
            return None
        held = self.session.held_answer()
        mine = role == GM or owner == asked.who
        return {"number": asked.number, "who": asked.who, "name": pick(asked.name), "sides": asked.sides,
                "purpose": purpose_label(asked.purpose), "line": asked.line, "gm": role == GM, "mine": mine,
                "held": held[1] if held is not None and mine else None}

    def links(self, request: Request) -> list[dict[str, Any]]:
        """Each player character's own link, with its QR code (an SVG drawn here: the page asks nothing of another
        site)."""
        base = self.public_urls[0].rstrip("/") if self.public_urls else f"{request.url.scheme}://{request.url.netloc}"
        names = {str(r["id"]): pick(r["name"]) for r in self.session.tracker.fight.view()["combatants"]}
        found = []
        for who, key in self.character_keys().items():
            url = f"{base}/view?key={key}"
            if url not in self._qr:
                # lazy: segno is read only when a GM's page shows the links.
                import segno

                self._qr[url] = segno.make(url, error="m").svg_inline(scale=3, title=names.get(who, who))
            found.append({"who": who, "name": names.get(who, who), "url": url, "qr": Markup(self._qr[url])})
        return found

    def board_part(self, role: str, owner: str | None = None) -> str:
        """The board of a role's screen, in the language set, with the die awaited; rendered once a version,
        language, role and question (every screen of a kind is pushed the same text)."""
        session = self.session
        tracker = session.tracker
        asked = tracker.pending
        shown_owner = owner if asked is not None and owner == asked.who else None
        held = session.held_answer()
        key = (tracker.version, language(), role, session.reveal, shown_owner, asked.number if asked else 0,
               held[1] if held else "")
        if key in self._rendered:
            return self._rendered[key]
        gm = role == GM
        if self._view[0] != tracker.version:
            self._view = (tracker.version, board_view(tracker.fight))  # (one a version: a HARP view costs ~2 ms)
        view = copy.deepcopy(self._view[1])
        marks = tracker.marks.board(int(view.get("round") or 0)) if gm else None
        html = self.env.get_template("board.html").render(
            board=board_from_view(tracker.system.id, view, marks), gm=gm, reveal=session.reveal,
            version=tracker.version, system=tracker.system.id, fight_id=session.fight_id,
            question=self.question(role, owner))
        if any(k[0] != tracker.version for k in self._rendered) or len(self._rendered) > 256:
            self._rendered.clear()
        self._rendered[key] = html
        return html

    def live(self, screen: Screen) -> str:
        """The live part of a screen, whole: its board and its log."""
        tracker = self.session.tracker
        return self.env.get_template("live.html").render(
            board_part=Markup(self.board_part(screen.role, screen.owner)), version=tracker.version,
            count=len(tracker.records), log_html=Markup(self.session.log_html(screen.role)))

    def push(self, screen: Screen) -> bytes:
        """What a following screen is sent after a change (server-sent events): the board and the log's new lines
        when the log only grew since its last push, else the live part whole (after an undo, a reload). The session
        sends these same bytes to every screen that showed what this one showed (:meth:`FightSession.publish`)."""
        records = self.session.tracker.records
        grew = screen.count is not None and screen.count <= len(records) and (
            screen.count == 0 or records[screen.count - 1] is screen.last)
        if grew and screen.count is not None:
            news = self.news(screen.role, screen.count)
            text = _sse("board", self.board_part(screen.role, screen.owner)) + _sse("append", news)
        else:
            text = _sse("live", self.live(screen))
        screen.seen(records)
        return text.encode("utf-8")

    def news(self, role: str, start: int) -> str:
        """The log's lines told from record ``start`` on, in a wrapper that says which records they are."""
        count = len(self.session.tracker.records)
        return (f'<div data-from="{start}" data-to="{count}">{self.session.log_html(role, start)}</div>')

    def page(self, request: Request, role: str) -> HTMLResponse:
        lang = self.lang_of(request)
        set_language(lang)
        tracker = self.session.tracker
        owner = owner_of(_signin(request).role)
        names = {str(r["id"]): pick(r["name"]) for r in tracker.fight.view()["combatants"]}
        words = sorted({w for en, fr, _h in tracker.system.commands() for w in (en, fr)})
        ids = [row["id"] for row in tracker.fight.view()["combatants"]]
        html = self.env.get_template("gm.html" if role == GM else "players.html").render(
            lang=lang, name=self.session.name, system=system_name(tracker.system.id),
            csrf=_signin(request).csrf if role == GM or owner else "", live=self.live(Screen(role, lang, owner)),
            words=words, ids=ids, owner=names.get(owner, owner) if owner else None,
            links=self.links(request) if role == GM else [],
            help=[(en if en == fr else f"{en} / {fr}", text) for en, fr, text in tracker.system.commands()],
            dice_help=tracker.system.dice_help(), reveal=self.session.reveal, hold=self.session.hold,
            config=json.dumps(HTMX_CONFIG), odds_form=self._odds_form() if role == GM else None,
            edits=self._edits_form() if role == GM else None)
        return HTMLResponse(html)

    def answer(self, request: Request, message: str, status: int = 200, kind: str = "info",
               told: int | None = None) -> HTMLResponse:
        """A command's answer: its message, and the GM's screen swapped in out of band: the board and the log's
        new lines when the page showed the first ``told`` records and the log only grew, else the live part."""
        lang = self.lang_of(request)
        set_language(lang)
        tracker = self.session.tracker
        count = len(tracker.records)
        news = None if told is None or told > count else self.session.log_html(GM, told)
        html = self.env.get_template("answer.html").render(
            message=message, kind=kind, news=news, told=told, count=count,
            board_part=self.board_part(GM) if news is not None else "",
            live=self.live(Screen(GM, lang)) if news is None else "")
        return HTMLResponse(html, status_code=status)

    def error_page(self, request: Request, status: int, message: str) -> HTMLResponse:
        set_language(self.lang_of(request))
        html = self.env.get_template("error.html").render(lang=language(), status=status, message=message)
        return HTMLResponse(html, status_code=status)

    # ----------------------------------------------------------------------------------------------------- routes

    def _throttled(self, request: Request) -> None:
        """Refuse, unread, the key or sign-in of a client that brought too many wrong ones of late."""
        wait = self.throttle.wait_s(_client(request))
        if wait > 0:
            raise HTTPException(429, _("Too many wrong keys from this address: wait {n} s and try again.").format(
                n=max(1, round(wait))))

    def signed(self, request: Request) -> SignIn | None:
        """The sign-in a request's cookies carry (the GM's first), or ``None``; an unknown one counts as a wrong
        key.

        A sign-in is looked up before the limit on wrong keys: a screen already signed in is never held back by
        someone else's wrong keys from the same address (players behind one router, a proxy in front of the
        server). This gives a guesser nothing: a sign-in is 256 random bits, and an unknown one is still refused
        unread while its address is limited.
        """
        tokens = [request.cookies.get(COOKIES[role]) for role in (GM, PLAYERS)]
        if not any(tokens):
            return None
        for role, token in zip((GM, PLAYERS), tokens, strict=True):
            found = self.signins.find(token) if token else None
            if found is not None and (found.role == role or (role == PLAYERS and owner_of(found.role))):
                request.state.signin = found
                return found
        self._throttled(request)
        self.throttle.failed(_client(request))
        request.state.forget = [COOKIES[role] for role, token in zip((GM, PLAYERS), tokens, strict=True) if token]
        return None

    def _require(self, request: Request, role: str) -> SignIn:
        found = self.signed(request)
        if found is None or (role == GM and found.role != GM):
            raise HTTPException(403, _("This address needs the key estoc serve printed."))
        return found

    def _latest(self) -> None:
        """Read what another writer (a terminal, a second server) stored meanwhile: every page shows the fight at
        the store's latest version, and the screens that follow it are pushed the change."""
        with contextlib.suppress(EstocError):
            if self.session.catch_up():
                self.session.publish()

    def _enter(self, request: Request, role: str) -> Response:
        """A page: the first visit with ``?key=`` leaves the cookie and comes back without the key."""
        key = request.query_params.get("key")
        if key is not None:
            self._throttled(request)
            found = self.role_of_key(key)
            if found is None:
                self.throttle.failed(_client(request))
            if found is None or (role == GM and found != GM):
                raise HTTPException(403, _("This address needs the key estoc serve printed."))
            token, _signed = self.signins.open(found)
            response = RedirectResponse("/gm" if role == GM else "/view", status_code=303)
            response.set_cookie(cookie_of(found), token, httponly=True, samesite="strict", path="/")
            return response
        self._require(request, role)
        self._latest()
        return self.page(request, role)

    async def gm_page(self, request: Request) -> Response:
        return self._enter(request, GM)

    async def view_page(self, request: Request) -> Response:
        return self._enter(request, PLAYERS)

    async def home(self, request: Request) -> Response:
        found = self.signed(request)
        if found is None:
            raise HTTPException(403, _("This address needs the key estoc serve printed."))
        return RedirectResponse("/gm" if found.role == GM else "/view", status_code=303)

    async def gm_live(self, request: Request) -> Response:
        self._require(request, GM)
        self._latest()
        set_language(self.lang_of(request))
        return HTMLResponse(self.live(Screen(GM, self.lang_of(request))))

    async def sheet(self, request: Request) -> Response:
        """A combatant's sheet as the rules use it now, as a fragment for the GM's screen (``#sheet``: a click on a
        combatant loads it); the GM's only (it shows every number)."""
        self._require(request, GM)
        self._latest()
        set_language(self.lang_of(request))
        if request.path_params["fight"] != str(self.session.fight_id):
            raise HTTPException(404, _("No such page."))
        try:
            title, sections = sheet_parts(self.session.tracker, str(request.path_params["who"])[:80])
        except EstocError as exc:
            return HTMLResponse(self.env.get_template("sheet.html").render(error=exc.message), status_code=404)
        return HTMLResponse(self.env.get_template("sheet.html").render(title=title, sections=sections, error=None))

    async def view_live(self, request: Request) -> Response:
        signin = self._require(request, PLAYERS)
        self._latest()
        set_language(self.lang_of(request))
        return HTMLResponse(self.live(Screen(PLAYERS, self.lang_of(request), owner_of(signin.role))))

    async def events(self, request: Request, role: str) -> Response | EventStream:
        signin = self._require(request, role)
        self._latest()
        lang = self.lang_of(request)
        screen = Screen(role, lang, owner_of(signin.role) if role == PLAYERS else None)
        set_language(lang)
        first = _sse("live", self.live(screen)).encode("utf-8")
        screen.seen(self.session.tracker.records)
        self.session.screens.add(screen)
        return EventStream(self.session, screen, first)

    async def gm_events(self, request: Request) -> Response | EventStream:
        return await self.events(request, GM)

    async def view_events(self, request: Request) -> Response | EventStream:
        return await self.events(request, PLAYERS)

    async def _guard_write(self, request: Request) -> dict[str, str]:
        """A state-changing request: the GM's cookie, an Origin of this server, the CSRF token. Returns its form."""
        if not self.origins.same_origin(request):
            raise HTTPException(403, _("Refused: this request comes from another site."))
        signin = self._require(request, GM)
        fields = await _form(request)
        token = request.headers.get("x-csrf-token") or fields.get("csrf") or ""
        if not secrets.compare_digest(token.encode("utf-8", "replace"), signin.csrf.encode()):
            raise HTTPException(403, _("Refused: the page's security token is missing or wrong; reload the page."))
        return fields

    def _stale(self, request: Request, fields: dict[str, str]) -> Response | None:
        """The page decided on another version of the fight than the one stored: it is told, and refreshed."""
        session = self.session
        with contextlib.suppress(EstocError):
            if session.catch_up():
                session.publish()
        if fields.get("version", "") != str(session.tracker.version):
            return self.answer(request, _("This screen was behind: the fight had changed (another tab or the "
                                          "terminal). Nothing was done; the fight is shown as it stands."),
                               409, "stale")
        return None

    async def command(self, request: Request) -> Response:
        fields = await self._guard_write(request)
        set_language(self.lang_of(request))
        stale = self._stale(request, fields)
        if stale is not None:
            return stale
        line = fields.get("line", "").strip()
        if len(line.splitlines()) == 1:  # (a line break is the tracker's to refuse: one command a line)
            line = " ".join(line.split())
        if not line and fields.get("edit"):  # a form of the GM's edits: the line it stands for, the same way on
            try:
                line = edit_line(self.session.tracker.system.id, fields)
            except EstocError as exc:
                return self.answer(request, exc.message, 422, "error")
        if not line:
            return self.answer(request, _("Type a command (help lists them)."), 422, "error")
        if len(line) > LINE_LIMIT:
            return self.answer(request, _("A command line holds {n} characters at most.").format(n=LINE_LIMIT),
                               422, "error")
        tracker = self.session.tracker
        before = (tracker.version, tracker.pending)
        told = _number(fields.get("told"))
        shown = tracker.records[told - 1] if told is not None and 0 < told <= len(tracker.records) else None
        if told is not None and (told != len(tracker.records) or (told and shown is None)):
            told = None  # the page's log is not the fight's: it gets the whole of it
        try:
            message = self._run(line)
        except StaleError as exc:
            self.session.publish()
            return self.answer(request, exc.message, 409, "stale")
        except EstocError as exc:
            return self.answer(request, exc.message, 422, "error")
        except Exception as exc:  # (a bug in one command must not end the server; the state is as stored)
            write_crash_log(exc)
            with contextlib.suppress(Exception):
                tracker.reload()
            self.session.publish()
            return self.answer(request, _("Unexpected error; the fight is as stored."), 500, "error")
        if (tracker.version, tracker.pending) != before:
            self.session.publish()
        set_language(self.lang_of(request))
        records = tracker.records
        if told is not None and (told > len(records) or (told and records[told - 1] is not shown)):
            told = None  # an undo took back lines the page shows
        return self.answer(request, message, told=told)

    def _run(self, line: str) -> str:
        """One command line, as the terminal runs it; returns what to say besides the log."""
        tracker = self.session.tracker
        if tracker.pending is not None:  # (the line answers the die awaited, as at the terminal)
            return said(tracker.command(line))
        request = tracker.request(line)
        verb = request.get("command")
        if verb == "quit":
            return _("The fight is saved; the server runs until you stop it (Ctrl-C where it was started).")
        if verb in ("status", "log"):
            return ""
        if verb == "summary":
            return "\n".join(tracker.system.summary_lines(tracker.fight))
        if verb == "sheet":
            return "\n".join(sheet(tracker, list(request.get("args") or [])))
        if verb == "help":
            return "\n".join([f"{en if en == fr else f'{en} / {fr}'}: {text}"
                              for en, fr, text in tracker.system.commands()] + [tracker.system.dice_help()])
        return said(tracker.command(line))

    def _answered(self, fields: dict[str, str]) -> tuple[int | None, str]:
        """The question a form answers and its answer as the terminal takes it (faces, ``estoc``, ``annuler``).

        Raises:
            InputError: no answer given, or one too long.
        """
        number = _number(fields.get("number"))
        do = fields.get("do", "")
        if do == "accept":
            held = self.session.held_answer()
            if held is None or held[0] != number:
                raise StaleAnswer(_("No player's answer waits for your OK now."))
            return number, held[1]
        if do == "estoc":
            return number, "estoc"
        if do == "cancel":
            return number, "annuler"
        text = " ".join(fields.get("face", "").split())
        if not text:
            raise InputError(_("Type the face you rolled, or press « estoc rolls »."))
        if len(text) > ANSWER_LIMIT:
            raise InputError(_("An answer holds {n} characters at most.").format(n=ANSWER_LIMIT))
        return number, text

    def _give(self, number: int | None, text: str) -> str:
        """Answer the die awaited (``number``: the question the screen showed); the screens are pushed the change.
        Returns what to say besides the log."""
        tracker = self.session.tracker
        if number is None or tracker.pending is None or number != tracker.pending.number:
            raise StaleAnswer(_("That die was already given: the fight has moved on. Nothing was done."))
        self.session.held = None
        try:
            return said(tracker.answer(text, number))
        finally:
            self.session.publish()

    async def gm_answer(self, request: Request) -> Response:
        """The GM's answer to the die awaited: under the command box's checks (sign-in, CSRF, Origin, version)."""
        fields = await self._guard_write(request)
        set_language(self.lang_of(request))
        stale = self._stale(request, fields)
        if stale is not None:
            return stale
        told = _number(fields.get("told"))
        records = self.session.tracker.records
        if told is not None and told != len(records):
            told = None
        shown = records[told - 1] if told else None
        try:
            message = self._give(*self._answered(fields))
        except StaleAnswer as exc:
            return self.answer(request, exc.message, 409, "stale")
        except EstocError as exc:
            return self.answer(request, exc.message, 422, "error")
        except Exception as exc:  # (a bug in one answer must not end the server; the state is as stored)
            return self._crashed(request, exc)
        set_language(self.lang_of(request))
        records = self.session.tracker.records
        if told is not None and (told > len(records) or (told and records[told - 1] is not shown)):
            told = None
        return self.answer(request, message, told=told)

    def _crashed(self, request: Request, exc: Exception) -> Response:
        write_crash_log(exc)
        with contextlib.suppress(Exception):
            self.session.tracker.reload()
        self.session.publish()
        return self.answer(request, _("Unexpected error; the fight is as stored."), 500, "error")

    async def view_answer(self, request: Request) -> Response:
        """A player character's own link answering that character's die: its sign-in, its CSRF token, an Origin of
        this server; a face or « estoc rolls », never a cancel (the command waiting is the GM's)."""
        if not self.origins.same_origin(request):
            raise HTTPException(403, _("Refused: this request comes from another site."))
        signin = self._require(request, PLAYERS)
        owner = owner_of(signin.role)
        if owner is None:
            raise HTTPException(403, _("Only a player character's own link can answer its dice."))
        fields = await _form(request)
        token = request.headers.get("x-csrf-token") or fields.get("csrf") or ""
        if not secrets.compare_digest(token.encode("utf-8", "replace"), signin.csrf.encode()):
            raise HTTPException(403, _("Refused: the page's security token is missing or wrong; reload the page."))
        set_language(self.lang_of(request))
        with contextlib.suppress(EstocError):
            if self.session.catch_up():
                self.session.publish()
        asked = self.session.tracker.pending
        if fields.get("do") in ("cancel", "accept"):
            raise HTTPException(403, _("Only the GM can cancel a command or accept an answer."))
        try:
            number, text = self._answered(fields)
            if asked is not None and number == asked.number and asked.who != owner:
                raise HTTPException(403, _("This die is not yours to give: it is {name}'s.").format(
                    name=pick(asked.name)))
            if asked is None or number != asked.number:
                raise StaleAnswer(_("That die was already given: the fight has moved on. Nothing was done."))
            if read_answer(text, asked) is None:
                raise HTTPException(403, _("Only the GM can cancel a command or accept an answer."))
            if self.session.hold:
                self.session.held = (asked.number, text, owner)
                self.session.publish()
                return self.said(request, _("Your answer ({answer}) waits for the GM's OK.").format(answer=text))
            message = self._give(number, text)
        except StaleAnswer as exc:
            return self.said(request, exc.message, 409, "stale")
        except EstocError as exc:
            return self.said(request, exc.message, 422, "error")
        except HTTPException:
            raise
        except Exception as exc:  # (a bug in one answer must not end the server; the state is as stored)
            self._crashed(request, exc)
            return self.said(request, _("Unexpected error; the fight is as stored."), 500, "error")
        return self.said(request, message or _("Thank you: your die is given."))

    def said(self, request: Request, message: str, status: int = 200, kind: str = "info") -> HTMLResponse:
        """A player's answer's message alone (the page follows the fight through its stream)."""
        set_language(self.lang_of(request))
        html = self.env.get_template("answer.html").render(message=message, kind=kind, news="", told=None,
                                                            count=0, board_part="", live="", alone=True)
        return HTMLResponse(html, status_code=status)

    def _edits_form(self) -> dict[str, Any]:
        """What the GM's edits start with: the system's edits, the combatants, HARP's conditions."""
        tracker = self.session.tracker
        labels = edit_labels(tracker.system.id)
        rows = tracker.fight.view()["combatants"]
        names = getattr(tracker.fight, "side_names", {})
        combatants = [(r["id"], pick(r["name"])) for r in rows]
        sides = [(side, pick(names.get(side, {"fr": side, "en": side}))) for side in dict.fromkeys(r["side"]
                                                                                                for r in rows)]
        covers = [(cid, pick(found.record.name.as_dict()))
                  for cid, found in tracker.system.content.kind(tracker.system.id, "cover").items()]
        ops = edits_of(tracker.system.id).ops
        return {"ops": [(verb, labels[verb]) for verb in ops], "combatants": combatants, "sides": sides,
                "conditions": conditions(tracker.system.id), "adds": edits_of(tracker.system.id).adds,
                "distance": "distance" in ops, "stances": add_stances(tracker.system.id),
                "settings": setting_forms(tracker.system.id, {"who": combatants, "side": sides, "cover": covers}),
                "forms": free_forms(tracker.system.id), "flags": flags(tracker.system.id)}

    def _odds_form(self) -> dict[str, Any] | None:
        """What the odds panel starts with: the combatants, the one acting, its first foe, the system's fields."""
        tracker = self.session.tracker
        panel = panel_of(tracker.system.id)
        if panel is None:
            return None
        view = tracker.fight.view()
        rows = view["combatants"]
        found = pair(view, None, None)
        return {"system": tracker.system.id, "combatants": [(r["id"], pick(r["name"])) for r in rows],
                "attacker": found[0] if found else None, "target": found[1] if found else None,
                "mod": int(view.get("fight_mod") or 0), **panel.extras()}

    async def odds(self, request: Request) -> Response:
        """The exact odds of the exchange set up in the panel (reads only)."""
        self._require(request, GM)
        self._latest()
        set_language(self.lang_of(request))
        tracker = self.session.tracker
        panel = panel_of(tracker.system.id)
        if panel is None:
            raise HTTPException(404, _("No such page."))
        error = None
        found: OddsView | SystemOdds | None = None
        try:
            found = panel.read(tracker.fight, request.query_params)
        except EstocError as exc:
            error = exc.message
        name = panel.template
        return HTMLResponse(self.env.get_template(name).render(odds=found, error=error))

    async def reveal(self, request: Request) -> Response:
        fields = await self._guard_write(request)
        set_language(self.lang_of(request))
        try:
            self.session.reveal = fields.get("reveal") == "1"
        except EstocError as exc:
            return self.answer(request, exc.message, 500, "error")
        self.session.publish()
        set_language(self.lang_of(request))
        return self.answer(request, _("The players now see the adversaries' numbers.") if self.session.reveal
                           else _("The players now see the adversaries' state in words."))

    async def hold(self, request: Request) -> Response:
        """The GM's choice: a player's answer to a die goes to the fight at once, or waits for the GM's OK."""
        fields = await self._guard_write(request)
        set_language(self.lang_of(request))
        try:
            self.session.hold = fields.get("hold") == "1"
        except EstocError as exc:
            return self.answer(request, exc.message, 500, "error")
        self.session.publish()
        set_language(self.lang_of(request))
        return self.answer(request, _("The players' answers now wait for your OK.") if self.session.hold
                           else _("The players' answers now go to the fight at once."))

    async def signout(self, request: Request) -> Response:
        """Sign every browser out, the GM's included (a key or a cookie went where it should not): their open
        streams end, and each needs a printed address again."""
        await self._guard_write(request)
        set_language(self.lang_of(request))
        try:
            self.signins.drop_all()
        except EstocError as exc:
            return self.answer(request, exc.message, 500, "error")
        self.session.end_streams()
        return self.answer(request, _("Everyone is signed out, you included: open the GM's address estoc serve "
                                      "printed again. If a key itself went astray, restart with estoc serve "
                                      "--new-keys."))

    async def export(self, request: Request) -> Response:
        self._require(request, GM)
        self._latest()
        set_language(self.lang_of(request))
        text = self.session.markdown()
        name = f"estoc-fight-{self.session.fight_id}.md"
        return PlainTextResponse(text, media_type="text/markdown; charset=utf-8",
                                 headers={"content-disposition": f'attachment; filename="{name}"'})

    async def choose_language(self, request: Request) -> Response:
        code = request.path_params["code"]
        if code not in SUPPORTED:
            raise HTTPException(404, _("No such page."))
        back = "/view" if request.query_params.get("to") == "view" else "/gm"
        response = RedirectResponse(back, status_code=303)
        response.set_cookie(LANG_COOKIE, code, httponly=True, samesite="strict", path="/")
        return response

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise HTTPException(404, _("No such page."))
        return Response(self.static[name], media_type=STATIC[name], headers={"cache-control": "max-age=3600"})

    # ------------------------------------------------------------------------------------------------- plumbing

    async def http_error(self, request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else ""
        if (status == 404 and not detail) or detail == "Not Found":
            detail = _("No such page.")
        elif status == 405:
            detail = _("This page does not take that kind of request.")
        response = self.error_page(request, status, str(detail))
        for name in getattr(request.state, "forget", ()):  # (a signed-out cookie: the browser stops sending it)
            response.delete_cookie(name, path="/", httponly=True, samesite="strict")
        return response



HTMX_CONFIG: dict[str, Any] = {
    "includeIndicatorStyles": False, "allowEval": False, "allowScriptTags": False, "selfRequestsOnly": True,
    "responseHandling": [{"code": "204", "swap": False}, {"code": "[23]..", "swap": True},
                         {"code": "409|422|500", "swap": True, "error": True},
                         {"code": "...", "swap": False, "error": True}]}


async def _form(request: Request) -> dict[str, str]:
    """A small url-encoded form (the last value of each field); a larger body or another encoding is refused."""
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if kind not in ("application/x-www-form-urlencoded", ""):
        raise HTTPException(415, _("This page takes a plain form only."))
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > FORM_LIMIT:
            raise HTTPException(413, _("This request is too large."))
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=16)
    except (UnicodeDecodeError, ValueError) as exc:
        raise HTTPException(400, _("This request is not a readable form.")) from exc
    return dict(pairs)


class StaleAnswer(InputError):
    """An answer to a question that no longer stands (answered already, or the fight moved on)."""


def said(records: list[dict[str, Any]]) -> str:
    """What a command or an answer says to its screen besides the log: an undo, a redo, a cancel (the log itself is
    the fight's, without them)."""
    return "\n".join(line for record in records if record.get("kind") == "tracker"
                     and record.get("verb") in ("undo", "redo", "cancelled", "stop")
                     for line in tracker_lines(record))


def _number(text: str | None) -> int | None:
    """A small count a page sends, or ``None``."""
    if text is None or not text.isdigit() or len(text) > 9:
        return None
    return int(text)


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


def _signin(request: Request) -> SignIn:
    found = getattr(request.state, "signin", None)
    assert isinstance(found, SignIn), "a page is rendered only for a signed-in request"
    return found


def _sse(event: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {event}\n{lines}\n"


class Guard:
    """Refuses a request addressed to another name than the server's (loopback), and adds the security headers to
    every answer (a plain ASGI middleware: the server-sent events stream through it untouched)."""

    def __init__(self, app: ASGIApp, web: WebApp) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        if not self.web.origins.host_allowed(request):
            response = self.web.error_page(request, 400, _("This server answers only on its own address."))
            await response(scope, receive, self._headed(send))
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            try:
                await send(message)
            except RuntimeError:  # (the application's own mistake in what it sends: a bug, logged)
                raise
            except Exception as exc:  # (the connection cannot take an answer: the client broke it or went away)
                raise ClientDisconnect from exc

        try:
            await self.app(scope, receive, self._headed(sending))
        except ClientDisconnect:  # (the browser went away mid-request: nothing to answer, nothing went wrong)
            return
        except Exception as exc:  # (the last guard: no traceback on the GM's terminal nor in a page)
            write_crash_log(exc)
            if not started:
                response = self.web.error_page(request, 500, _("Unexpected error; the fight is as stored."))
                await response(scope, receive, self._headed(send))

    @staticmethod
    def _headed(send: Send) -> Send:
        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        return headed


def create_app(session: FightSession, keys: Keys, host: str = "127.0.0.1", lang: str | None = None,
               public_urls: Sequence[str] = ()) -> Starlette:
    """The Starlette application serving ``session``'s fight (``public_urls``: the addresses its pages are reached
    at, besides this machine's loopback names)."""
    web = WebApp(session, keys, host, lang, public_urls)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        session.loop = asyncio.get_running_loop()
        watcher = asyncio.create_task(session.watch())
        try:
            yield
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
            session.close()

    routes = [
        Route("/", web.home),
        Route("/gm", web.gm_page),
        Route("/view", web.view_page),
        Route("/gm/live", web.gm_live),
        Route("/view/live", web.view_live),
        Route("/gm/events", web.gm_events),
        Route("/view/events", web.view_events),
        Route("/gm/command", web.command, methods=["POST"]),
        Route("/gm/answer", web.gm_answer, methods=["POST"]),
        Route("/view/answer", web.view_answer, methods=["POST"]),
        Route("/gm/reveal", web.reveal, methods=["POST"]),
        Route("/gm/hold", web.hold, methods=["POST"]),
        Route("/gm/signout", web.signout, methods=["POST"]),
        Route("/gm/export.md", web.export),
        Route("/gm/odds", web.odds),
        Route("/fight/{fight}/sheet/{who}", web.sheet),
        Route("/lang/{code}", web.choose_language),
        Route("/static/{name}", web.static_file),
    ]
    app = Starlette(debug=False, routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, web=web)],
                    exception_handlers={HTTPException: web.http_error})
    app.state.web = web
    return app
