"""Process settings: `load_settings` reads them from the environment and from `.env` in the
working directory; `unknown_names` warns of names there that are not ours;
`prepare_database_path` checks DATABASE_PATH before the bot logs in."""

from __future__ import annotations

import contextlib
import difflib
import io
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

# pydantic-settings' own reader of .env files.
from dotenv import dotenv_values
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot import bounds
from bot.store.models import ShardSet

TOKEN_HELP = (
    "DISCORD_TOKEN is not set, so the bot cannot log in to Discord.\n"
    "Get a token at https://discord.com/developers/applications"
    " → your app → Bot → Reset Token.\n"
    "Put it in .env as DISCORD_TOKEN=... (see .env.example), or set it in the environment."
)

# What each setting accepts, in the words of the error message.
ALLOWED = {
    "discord_token": "the bot token from the Discord Developer Portal",
    "database_path": "a file path, for example data/gff.sqlite3",
    "database_url": (
        "a PostgreSQL URL such as postgresql://user:password@host/db, or empty for SQLite"
    ),
    "dev_guild_id": "a server id (a positive whole number), or empty",
    "log_level": "one of DEBUG, INFO, WARNING, ERROR",
    # The bounds of bot/bounds.py, the same as /config's and the store's.
    "default_stake": f"a whole number of chips {bounds.STAKE.words()}",
    "default_buy_in_stakes": f"a whole number of stakes {bounds.BUY_IN_STAKES.words()}",
    "starting_chips": f"a whole number of chips {bounds.STARTING_CHIPS.words()}",
    "daily_chips": f"a whole number of chips {bounds.DAILY_CHIPS.words()}",
    "turn_seconds": f"a whole number of seconds {bounds.TURN_SECONDS.words()}",
    "table_edit_seconds": "a number of seconds from 0 to 10 (0: after every action)",
    "turn_ping_seconds": "a number of seconds from 0 to 60 (0: at once)",
    "pictures": "true or false (card pictures on the table and hand messages)",
    "shard_count": "a whole number of shards, at least 1, set together with SHARD_IDS",
    "shard_ids": (
        "the shards this process runs, such as 0-3 or 0,2,5, each below SHARD_COUNT,"
        " set together with SHARD_COUNT"
    ),
}


DEFAULT_DATABASE_PATH = Path("data/gff.sqlite3")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# Shown as given in an error message, they would print a secret (a URL holds a password).
SECRET_SETTINGS = frozenset({"discord_token", "database_url"})


class SettingsError(Exception):
    """A setting is missing or out of range; the message is meant for the operator."""


class Refusal(ValueError):
    """A validator's own sentence for the operator, said as it is (see `describe`)."""


SHARDS_TOGETHER = (
    "set both (SHARD_COUNT the bot's shards in all, SHARD_IDS this process's, such as 0-3"
    " or 0,2,5, each below SHARD_COUNT) or neither"
)


class Settings(BaseModel):
    """The process's settings. A plain model: building one reads nothing but its arguments,
    so code and tests that build settings get the same ones whatever the environment holds.
    Only `load_settings` reads the environment and `.env`."""

    model_config = ConfigDict(frozen=True)

    discord_token: SecretStr | None = None
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: str | None = None
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # A table's stake: the chips each game's antes, posts and bets are counted in.
    default_stake: int = Field(default=10, ge=bounds.STAKE.low, le=bounds.STAKE.high)
    # The chips a player brings to a new table, in stakes (bot/bounds.py says why 4).
    default_buy_in_stakes: int = Field(
        default=20, ge=bounds.BUY_IN_STAKES.low, le=bounds.BUY_IN_STAKES.high
    )
    starting_chips: int = Field(
        default=1000, ge=bounds.STARTING_CHIPS.low, le=bounds.STARTING_CHIPS.high
    )
    daily_chips: int = Field(default=200, ge=bounds.DAILY_CHIPS.low, le=bounds.DAILY_CHIPS.high)
    turn_seconds: int = Field(default=60, ge=bounds.TURN_SECONDS.low, le=bounds.TURN_SECONDS.high)
    # Discord lets a channel take about five messages and edits in five seconds.
    table_edit_seconds: float = Field(default=1.0, ge=0, le=10)
    # A turn's ping goes only to a player who has not acted this long after it began.
    turn_ping_seconds: float = Field(default=5.0, ge=0, le=60)
    # Card pictures on the table message and hand views, unless a server turns them off.
    pictures: bool = False
    # Both or neither: without them one process runs every shard (discord.py's automatic
    # sharding). Discord sends a server's events to shard (server id >> 22) % SHARD_COUNT.
    shard_count: int | None = Field(default=None, ge=1)
    # Read as written ("0-3", "0,2,5"), not as JSON: NoDecode.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, validate_default=True
    )

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_log_level(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _read_shard_ids(cls, value: Any) -> Any:
        return parse_shard_ids(value) if isinstance(value, str) else value

    @field_validator("shard_ids")
    @classmethod
    def _shards_below_the_count(
        cls, value: tuple[int, ...] | None, info: ValidationInfo
    ) -> tuple[int, ...] | None:
        if "shard_count" not in info.data:
            return value  # SHARD_COUNT itself was refused, and says so
        count = info.data["shard_count"]
        if value is None and count is not None:
            raise Refusal(
                f"Bad setting SHARD_IDS: it is not set, but SHARD_COUNT is ({count});"
                f" {SHARDS_TOGETHER}."
            )
        if value is not None and count is None:
            raise Refusal(
                f"Bad setting SHARD_IDS: it is set (shards {', '.join(map(str, value))}),"
                f" but SHARD_COUNT is not; {SHARDS_TOGETHER}."
            )
        if value is not None:
            ShardSet(value, count)  # a ValueError unless every id is below the count
            return tuple(sorted(set(value)))
        return None

    @model_validator(mode="after")
    def _newcomers_can_buy_in(self) -> Settings:
        buy_in = bounds.buy_in_out_of_reach(
            self.default_stake, self.default_buy_in_stakes, self.starting_chips
        )
        if buy_in is not None:
            raise Refusal(
                f"Bad setting STARTING_CHIPS (got {self.starting_chips}): it must be at"
                f" least a new table's buy-in, DEFAULT_STAKE × DEFAULT_BUY_IN_STAKES ="
                f" {self.default_stake:,} × {self.default_buy_in_stakes:,} = {buy_in:,}"
                " chips, or no new player could join a table."
            )
        return self

    @property
    def shards(self) -> ShardSet | None:
        """The shards this process runs; None for every shard, discord.py's choice."""
        if self.shard_ids is None or self.shard_count is None:
            return None
        return ShardSet(self.shard_ids, self.shard_count)

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None  # empty: SQLite at DATABASE_PATH
            if not value.startswith(POSTGRES_SCHEMES) or value.endswith("://"):
                raise ValueError("not a PostgreSQL URL")
        return value

    @classmethod
    def from_values(cls, **values: Any) -> Settings:
        """Validate the given values only: neither the environment nor `.env` is read."""
        unknown = set(values) - set(cls.model_fields)
        if unknown:
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise SettingsError(describe(error)) from None

    def token(self) -> str:
        """The bot token, or a SettingsError that says where to get one."""
        token = self.discord_token.get_secret_value().strip() if self.discord_token else ""
        if not token:
            raise SettingsError(TOKEN_HELP)
        return token


# UTF-8, and a byte-order mark at the start (as Windows' Notepad writes) is not part of
# the first name.
ENV_FILE_ENCODING = "utf-8-sig"


class _FromEnvironment(BaseSettings, Settings):
    """The same fields, read from the environment and a `.env` file (the environment wins)."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding=ENV_FILE_ENCODING,
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
    )

    @classmethod
    def settings_customise_sources(
        cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings
    ):
        return env_settings, dotenv_settings


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Settings from the environment and `env_file`; a bad value, or an `env_file` that
    cannot be read, raises SettingsError."""
    read_env_file(env_file)
    try:
        read = _FromEnvironment(_env_file=env_file)
    except ValidationError as error:
        raise SettingsError(describe(error)) from None
    return Settings.model_validate(read.model_dump())


def read_env_file(env_file: str | Path | None) -> dict[str, str | None]:
    """The names and values in `env_file`, none if there is no such file; a SettingsError
    in one line if it cannot be read or is not UTF-8 text."""
    if env_file is None or not Path(env_file).exists():
        return {}
    path = Path(env_file)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise SettingsError(f"Cannot read {path}: it is a folder, not a file.") from None
    except OSError as error:
        raise SettingsError(f"Cannot read {path}: {error.strerror or error}.") from None
    try:
        text = data.decode(ENV_FILE_ENCODING)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SettingsError(
            f"Cannot read {path}: line {line} is not UTF-8 text. Save the file as UTF-8"
            " (plain text) and start the bot again."
        ) from None
    return dict(dotenv_values(stream=io.StringIO(text)))


# An environment holds many other programs' names: only those this close to one of ours
# are taken for a mistyped setting (DATABASE alone, or SHARDS, are not).
CLOSE_IN_ENVIRONMENT = 0.85


def unknown_names(
    env_file: str | Path | None = ".env", environ: Mapping[str, str] | None = None
) -> list[str]:
    """A warning for each name that is not one of the settings, with the closest one:
    every such name in `env_file`, and those of the environment close to a setting's.
    The bot starts all the same; the name is ignored."""
    ours = [name.upper() for name in Settings.model_fields]
    environ = os.environ if environ is None else environ
    warnings = []
    for where, names, cutoff in (
        (str(env_file), read_env_file(env_file), 0.6),
        ("the environment", environ, CLOSE_IN_ENVIRONMENT),
    ):
        for name in names:
            if name.upper() in ours:
                continue
            close = difflib.get_close_matches(name.upper(), ours, n=1, cutoff=cutoff)
            if close:
                warnings.append(
                    f"{name} in {where} is not a setting of this bot, so it is ignored;"
                    f" did you mean {close[0]}?"
                )
            elif where != "the environment":
                warnings.append(
                    f"{name} in {where} is not a setting of this bot, so it is ignored"
                    " (.env.example lists them)."
                )
    return warnings


def parse_shard_ids(text: str) -> list[int]:
    """`0-3` or `0,2,5` (or both: `0-3,6`) as shard ids; a ValueError if it is neither."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{part!r} is not a shard id or a range of them")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"the range {part!r} runs backwards")
        ids.extend(range(low, high + 1))
    return ids


SQLITE_HEADER = b"SQLite format 3\x00"


def prepare_database_path(path: Path) -> None:
    """Raise a SettingsError naming DATABASE_PATH unless SQLite can keep the chips at `path`.

    Checked before logging in, so a bad path is a message, not a failure after login. The
    default's folder is made if missing; any other folder must exist already: a mistyped
    folder would otherwise hold a new, empty database and every chip would seem lost."""
    folder = path.parent
    if path == DEFAULT_DATABASE_PATH:
        # If it cannot be made, the checks below say why the path will not do.
        with contextlib.suppress(OSError):
            folder.mkdir(exist_ok=True)
    if path.is_dir():
        problem = "it is a folder; it must be a file path, for example data/gff.sqlite3"
    elif not folder.is_dir():
        problem = f"the folder {str(folder)!r} does not exist; create it or choose another path"
    elif not os.access(folder, os.W_OK | os.X_OK):
        # SQLite writes its journal (-wal, -shm) beside the database.
        problem = f"the folder {str(folder)!r} is not writable"
    elif path.exists() and not os.access(path, os.R_OK | os.W_OK):
        problem = "the file cannot be read and written"
    elif path.exists() and not _holds_sqlite(path):
        problem = "the file is not an SQLite database; move it away or choose another path"
    else:
        return
    raise SettingsError(f"Bad setting DATABASE_PATH (got {str(path)!r}): {problem}.")


def _holds_sqlite(path: Path) -> bool:
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    # An empty file is what SQLite itself makes of a new database.
    return header in (b"", SQLITE_HEADER)


def describe(error: ValidationError) -> str:
    lines = []
    for problem in error.errors():
        refusal = problem.get("ctx", {}).get("error")
        if isinstance(refusal, Refusal):
            lines.append(str(refusal))
            continue
        field = str(problem["loc"][0]) if problem["loc"] else ""
        name = field.upper()
        given = problem.get("input")
        hidden = field in SECRET_SETTINGS or given is None
        shown = "" if hidden else f" (got {given!r})"
        allowed = ALLOWED.get(field, problem["msg"])
        lines.append(f"Bad setting {name}{shown}: it must be {allowed}.")
    return "\n".join(lines)
