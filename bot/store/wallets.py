"""Bankrolls and server settings: opening a wallet, daily chips, admin grants and burns.

Each function runs inside one transaction on the connection's thread (see db.py).
"""

from __future__ import annotations

import sqlite3
from dataclasses import astuple, fields, replace

from bot.i18n import Text
from bot.store import ledger
from bot.store.amounts import MAX_CHIPS
from bot.store.errors import BadSetting, DailyDisabled, DailyNotReady, NoWallet, TooManyChips
from bot.store.models import DAY_MS, GuildSettings, Wallet

WALLET_COLUMNS = "guild_id, user_id, balance, daily_ms"
# A server's settings, in GuildSettings' order: its columns are named as its fields.
SETTINGS = tuple(field.name for field in fields(GuildSettings))
SETTING_COLUMNS = ", ".join(SETTINGS)


def guild_settings(db: sqlite3.Connection, guild_id: int, defaults: GuildSettings) -> GuildSettings:
    row = db.execute(
        f"SELECT {SETTING_COLUMNS} FROM guild_settings WHERE guild_id = ?",
        (guild_id,),
    ).fetchone()
    return defaults if row is None else GuildSettings(*row)


def save_guild_settings(
    db: sqlite3.Connection, guild_id: int, defaults: GuildSettings, changes: dict[str, int]
) -> GuildSettings:
    settings = replace(guild_settings(db, guild_id, defaults), **changes)
    if settings.buy_in > MAX_CHIPS:
        raise BadSetting(
            Text("That stake and buy-in make a buy-in larger than a bankroll can hold."))
    # An upsert both databases speak (SQLite's INSERT OR REPLACE is its own).
    db.execute(
        f"INSERT INTO guild_settings (guild_id, {SETTING_COLUMNS})"
        f" VALUES (?, {', '.join('?' * len(SETTINGS))}) ON CONFLICT (guild_id) DO UPDATE SET"
        f" {', '.join(f'{name} = excluded.{name}' for name in SETTINGS)}",
        (guild_id, *astuple(settings)),
    )
    return settings


def find_wallet(db: sqlite3.Connection, guild_id: int, user_id: int) -> Wallet | None:
    row = db.execute(
        f"SELECT {WALLET_COLUMNS} FROM wallets WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    ).fetchone()
    return None if row is None else Wallet(*row)


def wallet(db: sqlite3.Connection, guild_id: int, user_id: int) -> Wallet:
    found = find_wallet(db, guild_id, user_id)
    if found is None:
        raise NoWallet(guild_id, user_id)
    return found


def open_wallet(
    db: sqlite3.Connection, now_ms: int, guild_id: int, user_id: int, defaults: GuildSettings
) -> tuple[Wallet, bool]:
    """The user's wallet, made with the server's starting chips if new; (wallet, created)."""
    found = find_wallet(db, guild_id, user_id)
    if found is not None:
        return found, False
    db.execute(
        "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, 0, ?)",
        (guild_id, user_id, now_ms),
    )
    starting = guild_settings(db, guild_id, defaults).starting_chips
    if starting:
        # The ref is the wallet itself: a wallet gets its starting chips once, ever.
        mint(
            db, now_ms, guild_id, user_id, starting, "starting chips", f"open:{guild_id}:{user_id}"
        )
    return wallet(db, guild_id, user_id), True


def claim_daily(
    db: sqlite3.Connection, now_ms: int, guild_id: int, user_id: int, defaults: GuildSettings
) -> tuple[Wallet, int]:
    """Once per 24 h per (guild, user); (wallet after, chips given)."""
    amount = guild_settings(db, guild_id, defaults).daily_chips
    if not amount:
        raise DailyDisabled()
    # The database enforces "once per 24 h": of two claims racing, the second
    # finds daily_ms already moved on and changes no row.
    claimed = db.execute(
        "UPDATE wallets SET daily_ms = ? WHERE guild_id = ? AND user_id = ?"
        " AND (daily_ms IS NULL OR daily_ms <= ?)",
        (now_ms, guild_id, user_id, now_ms - DAY_MS),
    ).rowcount
    if claimed != 1:
        found = wallet(db, guild_id, user_id)
        raise DailyNotReady(-(-(found.daily_ready_ms() - now_ms) // 1000))
    mint(
        db, now_ms, guild_id, user_id, amount, "daily chips", f"daily:{guild_id}:{user_id}:{now_ms}"
    )
    return wallet(db, guild_id, user_id), amount


def mint(
    db: sqlite3.Connection,
    now_ms: int,
    guild_id: int,
    user_id: int,
    amount: int,
    reason: str,
    ref: str,
) -> Wallet:
    """New chips into a wallet: the only way chips come into being."""
    target = wallet(db, guild_id, user_id)
    # Keep the guild's total inside 64 bits, so every sum over it stays exact.
    if supply(db, guild_id) > MAX_CHIPS - amount:
        raise TooManyChips()
    ledger.move(
        db,
        at_ms=now_ms,
        guild_id=guild_id,
        source=ledger.MINT,
        target=ledger.wallet(guild_id, user_id),
        amount=amount,
        reason=reason,
        ref=ref,
    )
    return replace(target, balance=target.balance + amount)


def burn(
    db: sqlite3.Connection,
    now_ms: int,
    guild_id: int,
    user_id: int,
    amount: int,
    reason: str,
    ref: str,
) -> Wallet:
    """Chips out of a wallet and out of existence: the only way chips are destroyed."""
    source = wallet(db, guild_id, user_id)
    ledger.move(
        db,
        at_ms=now_ms,
        guild_id=guild_id,
        source=ledger.wallet(guild_id, user_id),
        target=ledger.BURN,
        amount=amount,
        reason=reason,
        ref=ref,
    )
    return replace(source, balance=source.balance - amount)


def supply(db: sqlite3.Connection, guild_id: int) -> int:
    """Chips in existence in the guild: minted minus burned."""
    minted, burned = db.execute(
        "SELECT (SELECT COALESCE(SUM(amount), 0) FROM ledger_rows"
        "        WHERE source = 1 AND guild_id = :g),"  # mint and burn by number (ledger.py)
        "       (SELECT COALESCE(SUM(amount), 0) FROM ledger_rows"
        "        WHERE target = 2 AND guild_id = :g)",
        {"g": guild_id},
    ).fetchone()
    return minted - burned
