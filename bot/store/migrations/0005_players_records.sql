-- Players' records (/stats, /bankroll top <game>), kept for speed and nothing else:
-- every row of the tables below is derived from the settled hands (record and result) and the seats'
-- house flag, written in the transaction that settles the hand, rebuilt from the hands
-- by the store (bot/store/stats.py) and checked against them by /audit.

-- One row per person dealt into a settled hand (never a house seat). The key puts a
-- player's hands together, in the order they were dealt.
CREATE TABLE hand_players (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    hand_id         INTEGER NOT NULL REFERENCES hands (id),
    game            TEXT NOT NULL,
    with_computers  INTEGER NOT NULL CHECK (with_computers IN (0, 1)),
    net             INTEGER NOT NULL,  -- stack after the hand minus stack dealt with
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    stats           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(stats)),  -- the game's own
    PRIMARY KEY (guild_id, user_id, hand_id)
) WITHOUT ROWID;

-- Each player's sums at one game, for the standings by net chips won at it.
CREATE TABLE game_totals (
    guild_id        INTEGER NOT NULL,
    game            TEXT NOT NULL,
    user_id         INTEGER NOT NULL,
    hands           INTEGER NOT NULL CHECK (hands >= 1),
    won             INTEGER NOT NULL CHECK (won >= 0),
    net             INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
CREATE INDEX game_totals_by_net ON game_totals (guild_id, game, net DESC, user_id);

-- Each player's sums of a game's own figures (GFF's flips won, Gops' points...), with
-- and without computers at the table: /stats reads these instead of every hand's.
CREATE TABLE player_figures (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    game            TEXT NOT NULL,
    with_computers  INTEGER NOT NULL CHECK (with_computers IN (0, 1)),
    name            TEXT NOT NULL,
    value           INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, with_computers, name)
) WITHOUT ROWID;

-- 0 until the store has filled the three tables above from the hands settled before
-- this migration (which SQL alone cannot: a game's own figures come from the game).
CREATE TABLE records_built (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    built           INTEGER NOT NULL CHECK (built IN (0, 1))
);
INSERT INTO records_built (id, built) VALUES (1, 0);
