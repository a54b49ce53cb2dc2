-- A server may choose the language its tables speak (`/config language`): a Discord
-- locale the bot has a catalog for, such as 'fr' or 'pt-BR'. '' follows the server's
-- own language as Discord gives it.
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT ''
    CHECK (length(language) <= 16 AND language NOT GLOB '*[^A-Za-z0-9-]*');
