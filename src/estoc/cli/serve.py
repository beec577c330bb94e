"""``estoc serve``: the GM's screen in the browser and the players' view, over a new or a stored fight."""

from __future__ import annotations

import secrets
import socket
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console
from estoc.cli.fight import DbOption, new_tracker, open_store, resume_tracker
from estoc.cli.guard import printable
from estoc.content.registry import load_content
from estoc.errors import InputError
from estoc.i18n import _, language, pick
from estoc.play.store import EventStore

if TYPE_CHECKING:
    from estoc.web.session import FightSession


def shown_host(host: str) -> str:
    """The host as an address names it: this machine's name for a wildcard, brackets around an IPv6 address."""
    if host in ("0.0.0.0", "::", ""):
        return socket.gethostname()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def run_server(web: Any, session: FightSession, host: str, port: int) -> None:
    """Serve ``web`` until Ctrl-C, which first ends the open pages' streams (else uvicorn waits for them); with the
    bounds of :mod:`estoc.web.server` (timeouts, connections per client and in all)."""
    # lazy: uvicorn, starlette and jinja2 load when a server starts, not for estoc serve --help.
    import uvicorn

    from estoc.web.server import server_config

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            session.stop_streams()
            super().handle_exit(sig, frame)

    config = server_config(web, host, port, log_level="warning", timeout_graceful_shutdown=2)
    Server(config).run()


def register(app: typer.Typer) -> None:
    @app.command("serve", help=_("Serve a fight in the browser: the GM's screen and the players' view (estoc serve "
                                 "ENCOUNTER.yaml, or --resume ID)."))
    def serve_command(
        ctx: typer.Context,
        encounter: Annotated[Path | None, typer.Argument(metavar="ENCOUNTER", help=_(
            "An encounter file (a new fight).") )] = None,
        resume: Annotated[str | None, typer.Option("--resume", help=_("Take up a stored fight."))] = None,
        host: Annotated[str, typer.Option("--host", help=_(
            "The address to listen on (default: this machine only)."))] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=1, max=65535, help=_("The port to listen on."))] = 8000,
        db: DbOption = None,
        seed: Annotated[int | None, typer.Option("--seed", help=_("Seed of estoc's dice."))] = None,
        beasts_flee: Annotated[bool, typer.Option("--beasts-flee", help=_(
            "Badly hurt beasts flee (the GM's choice)."))] = False,
        public_url: Annotated[list[str] | None, typer.Option("--public-url", help=_(
            "The address the browsers use (http://NAME:PORT), required off this machine; may be repeated."))] = None,
        new_keys: Annotated[bool, typer.Option("--new-keys", help=_(
            "Draw new keys and sign every browser out (the fight's keys are kept between servers)."))] = False,
        no_ask: Annotated[bool, typer.Option("--no-ask", help=_(
            "estoc rolls every die nobody typed, the players' too (by default their screens ask them)."))] = False,
    ) -> None:
        # lazy: uvicorn, starlette and jinja2 load when a server starts, not for estoc serve --help.
        from estoc.web.access import stored_character_keys, stored_keys
        from estoc.web.app import create_app
        from estoc.web.security import Keys, is_loopback, public_origin
        from estoc.web.session import open_session

        public = list(public_url or [])
        for url in public:
            if public_origin(url) is None:
                raise InputError(_("--public-url takes an address such as http://NAME:PORT, not {url}").format(
                    url=printable(url)))
        if not public and not is_loopback(host.strip("[]")):
            raise InputError(_("listening on {host} needs --public-url, the address the browsers will use (such as "
                               "http://{name}:{port})").format(host=printable(host), name=shown_host(host),
                                                               port=port))

        path = db or EventStore.default_path()
        if resume:
            with open_store(db, read_only=True) as store:
                resumed = resume_tracker(ctx, store, resume)
                fight_id = resumed.fight_id
                rows = resumed.fight.view()["combatants"]
                rules = resumed.rules_check.message()
                if rules:
                    console().print(printable(f"! {rules}"), markup=False)
        elif encounter is not None:
            with open_store(db) as store:
                made = new_tracker(ctx, store, encounter, seed, beasts_flee, asking=not no_ask)
                fight_id = made.fight_id
                rows = made.fight.view()["combatants"]
        else:
            raise InputError(_("give an encounter file or --resume ID"))
        fresh = Keys()
        gm_key, players_key = stored_keys(path, fight_id, (fresh.gm, fresh.players), renew=new_keys)
        keys = Keys(gm_key, players_key)
        names = {str(r["id"]): r["name"] for r in rows if r.get("player")}
        characters = stored_character_keys(path, fight_id, {who: secrets.token_urlsafe(32) for who in names})
        session = open_session(lambda: load_content(content_folders(ctx)), path, fight_id, asking=not no_ask)
        web = create_app(session, keys, host, language(), public)
        base = public[0].rstrip("/") if public else f"http://{shown_host(host)}:{port}"
        out = console()
        lines = [_("Fight {id} served at {base}.").format(id=fight_id, base=base),
                 _("The GM's screen (keep this address to yourself): {url}").format(url=f"{base}/gm?key={keys.gm}"),
                 _("The players' view (read only): {url}").format(url=f"{base}/view?key={keys.players}")]
        lines += [_("{name}'s own link (the players' view, and their dice asked): {url}").format(
            name=pick(names[who]), url=f"{base}/view?key={key}") for who, key in characters.items()]
        if not is_loopback(host.strip("[]")):
            lines.append(_("Warning: listening on {host}: anyone on that network who has an address above can see "
                           "the fight, and with the GM's address play it.").format(host=host))
        lines.append(_("Ctrl-C stops the server (the fight is saved)."))
        for line in lines:
            out.print(printable(line), markup=False, soft_wrap=True)
        run_server(web, session, host.strip("[]"), port)
