"""The bot process: settings, logging, the Discord client and (later) the store."""
