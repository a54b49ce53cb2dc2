-- Players' records (/stats, /bankroll top <game>), as SQLite's 0005: derived from the
-- settled hands in the transaction that settles each, rebuilt and audited by the store.
CREATE TABLE hand_players (
    guild_id        BIGINT NOT NULL,
    user_id         BIGINT NOT NULL,
    hand_id         BIGINT NOT NULL REFERENCES hands (id),
    game            TEXT NOT NULL,
    with_computers  INTEGER NOT NULL CHECK (with_computers IN (0, 1)),
    net             BIGINT NOT NULL,
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    stats           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(stats)),
    PRIMARY KEY (guild_id, user_id, hand_id)
);

CREATE TABLE game_totals (
    guild_id        BIGINT NOT NULL,
    game            TEXT NOT NULL,
    user_id         BIGINT NOT NULL,
    hands           BIGINT NOT NULL CHECK (hands >= 1),
    won             BIGINT NOT NULL CHECK (won >= 0),
    net             BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX game_totals_by_net ON game_totals (guild_id, game, net DESC, user_id);

CREATE TABLE player_figures (
    guild_id        BIGINT NOT NULL,
    user_id         BIGINT NOT NULL,
    game            TEXT NOT NULL,
    with_computers  INTEGER NOT NULL CHECK (with_computers IN (0, 1)),
    name            TEXT NOT NULL,
    value           BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, with_computers, name)
);

CREATE TABLE records_built (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    built           INTEGER NOT NULL CHECK (built IN (0, 1))
);
INSERT INTO records_built (id, built) VALUES (1, 0);
