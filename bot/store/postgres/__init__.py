"""The chip store on PostgreSQL (asyncpg), for bots that run as several processes."""

from bot.store.postgres.store import PostgresStore, is_postgres_url

__all__ = ["PostgresStore", "is_postgres_url"]
