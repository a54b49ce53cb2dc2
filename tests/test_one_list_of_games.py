"""One list of games: outside a game's own packages (engine/<game>/, cogs/<game>/) the
registry, engine/games.py, is the only code that names a game. The bot, the cogs and
the engine ask the registry or the game instead, so a new game is its packages, its
registry line and its docs."""

from __future__ import annotations

import re
from pathlib import Path

from engine import games

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot", "cogs", "engine")
REGISTRY = Path("engine/games.py")


def registered_ids() -> list[str]:
    """The ids as the registry's lines write them: `"<id>": ...` at a line's start."""
    return re.findall(r'^\s*"([a-z]+)":\s*', (ROOT / REGISTRY).read_text(), re.M)


def code_of(path: Path) -> str:
    """A module without its comments, and without the lines that name the hall's first
    game as a default (`DEFAULT_GAME`: they name no game)."""
    lines = path.read_text(errors="replace").splitlines()
    return "\n".join(line.split("#", 1)[0] for line in lines if "DEFAULT_GAME" not in line)


def naming_a_game(root: Path) -> list[str]:
    """Each shared module under `root` that names a registered game, as "path names id"."""
    found = []
    ids = registered_ids()
    for path in sorted(p for folder in SHARED for p in (root / folder).rglob("*.py")):
        relative = path.relative_to(root)
        if relative == REGISTRY:
            continue
        code = code_of(path)
        for game in ids:
            own = (f"engine/{game}/", f"cogs/{game}/")
            named = re.compile(rf"""["']{game}["']|\b(cogs|engine)\.{game}\b""")
            if not relative.as_posix().startswith(own) and named.search(code):
                found.append(f"{relative} names {game}")
    return found


def test_the_registry_lines_are_the_registered_games():
    assert registered_ids() == list(games.WHERE) == list(games.GAMES)


def test_no_shared_module_names_a_game():
    assert naming_a_game(ROOT) == []


def test_a_game_named_in_shared_code_is_found(tmp_path):
    game = registered_ids()[0]
    files = {
        f"cogs/{game}/ui.py": f'GAME = "{game}"',  # its own package: its name to use
        "engine/simulate.py": f'DEFAULT_GAME = "{game}"  # "{game}" in a comment',
        "cogs/table/cog.py": f'if ui.game.info.id == "{game}":',
        "bot/client.py": f"from cogs.{game} import setup",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text + "\n")
    assert naming_a_game(tmp_path) == [f"bot/client.py names {game}",
                                       f"cogs/table/cog.py names {game}"]
