"""discord.py extensions, one module or package per area of the bot."""
